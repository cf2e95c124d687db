//! The binary as a reader meets it: bad input gets one line and an exit code, never a panic.

use std::process::Command;

use world::shell::testing;

fn bodies(args: &[&str]) -> (i32, String, String) {
    bodies_with(args, &[])
}

fn bodies_with(args: &[&str], env: &[(&str, &str)]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_bodies"))
        .args(args)
        .envs(env.iter().copied())
        .output()
        .expect("the binary runs");
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
        &["held", "--picture", "held.png"],
        &["held", "--film", "held.svg"],
        &["swarm", "--picture", "swarm"],
    ] {
        let (code, out, err) = bodies(args);
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(out.is_empty(), "{args:?} printed {out}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(err.starts_with("bodies: ") && !err.contains("panicked"), "{args:?}: {err}");
    }
}

#[test]
fn an_unwritable_picture_is_a_usage_error_naming_its_flag() {
    let (code, _, err) = bodies(&["held", "--picture", "/no/such/folder/held.svg"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("--picture /no/such"), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("/no/such/folder/held.svg") && !err.contains("panicked"), "{err}");
}

#[test]
fn help_explains_each_mode() {
    let (code, out, _) = bodies(&["--help"]);
    assert_eq!(code, 0);
    for mode in ["table", "orders", "held", "swarm", "reorder", "clash", "designs"] {
        assert!(out.contains(mode), "--help does not mention {mode}");
    }
    assert!(out.contains("progress bar on stderr") && out.contains("300 MB"), "{out}");
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

const BIN: &str = env!("CARGO_BIN_EXE_bodies");

/// A PNG's width and height.
fn png_size(path: &std::path::Path) -> (u32, u32) {
    testing::png_size(path).unwrap_or_else(|| panic!("{} is not a PNG", path.display()))
}

#[test]
fn a_picture_is_written_even_when_nobody_reads_the_report() {
    let dir = testing::scratch("bodies-closed");
    for (mode, kind) in [("held", "svg"), ("swarm", "png")] {
        let p = dir.join(format!("{mode}.{kind}"));
        let (code, err) =
            testing::cut_short(BIN, &[mode, "--ticks", "50", "--picture", p.to_str().unwrap()], 0);
        assert_eq!(code, 0, "{mode}: {err}");
        assert!(err.is_empty(), "{mode}: {err}");
        match kind {
            "png" => assert!(png_size(&p).0 > 0, "{mode}"),
            _ => assert!(std::fs::read_to_string(&p).unwrap().contains("</svg>"), "{mode}"),
        }
    }
    // With nothing asked for, a closed stdout just ends the run, quietly.
    assert_eq!(testing::cut_short(BIN, &["table"], 0), (0, String::new()));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_picture_path_is_checked_before_the_work() {
    for (mode, p) in [("held", "/no/such/folder/p.svg"), ("swarm", "/no/such/folder/p.png")] {
        let (code, out, err) = bodies(&[mode, "--ticks", "20", "--picture", p]);
        assert_eq!(code, 2, "{mode}: {err}");
        assert!(out.is_empty(), "{mode} ran before refusing the path: {out}");
        assert!(err.contains(p), "{mode}: {err}");
    }
}

#[test]
fn the_longest_run_draws_a_picture_a_browser_can_open() {
    let dir = testing::scratch("bodies-wide");
    let p = dir.join("held.svg");
    let (code, _, err) = bodies(&["held", "--ticks", "1000000", "--picture", p.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    let svg = std::fs::read_to_string(&p).unwrap();
    assert!(svg.ends_with("</svg>\n") && svg.len() < 300_000, "{} bytes", svg.len());
    let (_, help, _) = bodies(&["held", "--help"]);
    assert!(help.contains("thinned"), "{help}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn every_whole_number_follows_one_rule_and_names_its_flag() {
    for (args, flag) in [
        (&["held", "--ticks", " 3"][..], "--ticks"),
        (&["swarm", "--seed", " 3"], "--seed"),
        (&["swarm", "--seed", "-1"], "--seed"),
        (&["clash", "--seed", "+1"], "--seed"),
        (&["reorder", "--walks", " 3"], "--walks"),
    ] {
        let (code, _, err) = bodies(args);
        assert_eq!(code, 2, "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(err.contains(&format!("'{flag} <")), "{args:?} does not name {flag}: {err}");
    }
}

#[test]
fn one_tick_is_singular() {
    let (_, out, _) = bodies(&["held", "--ticks", "1"]);
    assert!(out.contains("in 1 tick:"), "{out}");
    let (_, out, _) = bodies(&["swarm", "--ticks", "1"]);
    assert!(out.contains("1 tick, the same run") && out.contains("on all 1 tick:"), "{out}");
}

#[test]
#[cfg(target_os = "linux")]
fn a_long_run_shows_progress_on_a_terminal_and_nowhere_else() {
    let args = ["swarm", "--ticks", "60"];
    let (terminal, report) = testing::on_a_terminal(BIN, &args.join(" "));
    assert!(terminal.contains("swarm: [") && terminal.contains("/60"), "{terminal:?}");
    let (code, out, err) = bodies_with(&args, &[("WORLD_PROGRESS_AFTER_MS", "0")]);
    assert_eq!(code, 0);
    assert!(err.is_empty(), "progress went to a stderr that is not a terminal: {err}");
    assert_eq!(report, out, "progress reached the report");
}

#[test]
fn a_film_too_long_is_a_usage_error_naming_both_flags() {
    let (code, _, err) = bodies(&["held", "--ticks", "1001", "--film", "/tmp/never.png"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("give --ticks 1000 or fewer, or leave out --film"), "{err}");
}

/// Runs bodies with `args` and its stdout a `/dev/full` that refuses every byte: the exit
/// code and the one line of stderr it must give.
fn into_full(args: &[&std::ffi::OsStr]) -> (i32, String) {
    let full = std::fs::File::create("/dev/full").expect("Linux has /dev/full");
    let out = Command::new(env!("CARGO_BIN_EXE_bodies"))
        .args(args)
        .stdout(full)
        .output()
        .expect("the binary runs");
    let err = String::from_utf8_lossy(&out.stderr).into_owned();
    assert_eq!(err.lines().count(), 1, "{err}");
    (out.status.code().unwrap_or(-1), err)
}

#[test]
fn a_report_that_cannot_be_written_says_so() {
    let (code, err) = into_full(&["table".as_ref()]);
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("writing the report to stdout failed"), "{err}");
}

#[test]
fn a_report_lost_to_a_full_stdout_changes_no_picture() {
    let dir = std::env::temp_dir().join(format!("bodies-full-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let picture = dir.join("o.svg");
    std::fs::write(&picture, "old").unwrap();
    let args = ["orders", "--ticks", "4", "--picture"].map(std::ffi::OsStr::new);
    let (code, err) = into_full(&[&args[..], &[picture.as_os_str()]].concat());
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("none of the files asked for was changed"), "{err}");
    assert_eq!(std::fs::read_to_string(&picture).unwrap(), "old", "the picture was replaced");
    assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 1, "a scratch file was left");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_picture_path_ending_in_a_slash_is_refused_before_the_work() {
    for args in [&["swarm", "--picture", "/tmp/x.png/"][..], &["held", "--picture", "x.svg/"]] {
        let (code, out, err) = bodies(args);
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(out.is_empty() && err.contains("ends in a slash"), "{args:?}: {out}{err}");
    }
}

#[test]
fn a_refusal_with_stderr_gone_still_exits_with_its_code() {
    let bin = env!("CARGO_BIN_EXE_bodies");
    assert_eq!(testing::stderr_gone(bin, &["table", "--ticks", "0"]), 2);
    assert_eq!(testing::stderr_gone(bin, &["held", "--picture", "/no/such/held.svg"]), 2);
}

#[test]
fn an_argument_that_is_not_text_is_named_in_one_line() {
    let bin = env!("CARGO_BIN_EXE_bodies");
    for (args, names) in [
        (&["held", "--picture", "bad"][..], "argument 3, the value of --picture"),
        (&["table", "--ticks", "bad"], "argument 3, the value of --ticks"),
    ] {
        let (code, err) = testing::not_text(bin, args);
        assert_eq!(code, 2, "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(err.contains(names) && err.contains("not UTF-8"), "{args:?}: {err}");
    }
}

#[test]
fn a_value_that_starts_with_a_dash_is_refused_naming_its_flag_and_the_way_to_give_it() {
    let (code, out, err) = bodies(&["orders", "--picture", "-x.svg"]);
    assert_eq!(code, 2, "{err}");
    assert!(out.is_empty() && err.lines().count() == 1, "{out}{err}");
    assert!(
        err.contains("--picture was given '-x.svg'") && err.contains("--picture=-x.svg"),
        "{err}"
    );
}

#[test]
fn the_version_flag_takes_nothing_beside_it() {
    for args in [&["-V", "x"][..], &["-Vh"]] {
        let (code, out, err) = bodies(args);
        assert_eq!(code, 2, "{args:?}: {out}{err}");
        assert!(out.is_empty() && err.contains("give it alone"), "{args:?}: {out}{err}");
    }
    let (code, out, _) = bodies(&["-V"]);
    assert_eq!(code, 0);
    assert!(out.starts_with("bodies "), "{out}");
}

#[test]
fn a_picture_that_is_the_reports_own_file_is_refused() {
    let dir = testing::scratch("bodies-stdout");
    let out = dir.join("out.svg");
    std::fs::write(&out, "the old report").unwrap();
    let o = Command::new(env!("CARGO_BIN_EXE_bodies"))
        .args(["held", "--ticks", "10", "--picture"])
        .arg(&out)
        .stdout(std::fs::OpenOptions::new().append(true).open(&out).unwrap())
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("--picture") && err.contains("the report on stdout goes to"), "{err}");
    assert_eq!(std::fs::read_to_string(&out).unwrap(), "the old report");
}

#[test]
fn a_file_flag_naming_a_link_to_nothing_is_refused_as_a_folder_flag_is() {
    let dir = testing::scratch("bodies-links");
    let dangling = dir.join("dangling.svg");
    let looped = dir.join("loop.svg");
    std::os::unix::fs::symlink(dir.join("nowhere.svg"), &dangling).unwrap();
    std::os::unix::fs::symlink(&looped, &looped).unwrap();
    for link in [&dangling, &looped] {
        let (code, _, err) =
            bodies(&["held", "--ticks", "10", "--picture", link.to_str().unwrap()]);
        assert_eq!(code, 2, "{err}");
        assert!(err.contains("a link to nothing"), "{err}");
        assert!(link.symlink_metadata().unwrap().is_symlink(), "the link was replaced");
    }
}
