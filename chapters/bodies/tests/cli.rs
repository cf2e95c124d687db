//! The binary as a reader meets it: bad input gets one line and an exit code, never a panic.

use std::process::Command;

fn bodies(args: &[&str]) -> (i32, String, String) {
    let out =
        Command::new(env!("CARGO_BIN_EXE_bodies")).args(args).output().expect("the binary runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn bad_input_is_one_line_and_a_usage_exit() {
    for args in [
        &["held", "--ticks", "-1"][..],
        &["held", "--ticks", "abc"],
        &["held", "--ticks", "99999999999"],
        &["held", "--ticks", "0"],
        &["frob"],
        &["swarm", "--seed", "-3"],
        &["reorder", "--walks", "0"],
    ] {
        let (code, out, err) = bodies(args);
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(out.is_empty(), "{args:?} printed {out}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(err.starts_with("bodies: ") && !err.contains("panicked"), "{args:?}: {err}");
    }
}

#[test]
fn an_unwritable_picture_is_a_runtime_error() {
    let (code, _, err) = bodies(&["held", "--picture", "/no/such/folder/held.png"]);
    assert_eq!(code, 1, "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("/no/such/folder/held.png") && !err.contains("panicked"), "{err}");
}

#[test]
fn help_explains_each_mode() {
    let (code, out, _) = bodies(&["--help"]);
    assert_eq!(code, 0);
    for mode in ["table", "orders", "held", "swarm", "reorder", "clash", "designs"] {
        assert!(out.contains(mode), "--help does not mention {mode}");
    }
}

#[test]
fn no_subcommand_runs_the_chapter_in_order() {
    let (code, out, _) = bodies(&[]);
    assert_eq!(code, 0);
    let heads: Vec<&str> = out.lines().filter(|l| l.starts_with("== ")).collect();
    assert_eq!(
        heads,
        [
            "== bodies table",
            "== bodies orders",
            "== bodies held --ticks 400",
            "== bodies swarm",
            "== bodies reorder",
            "== bodies clash",
            "== bodies designs"
        ]
    );
}
