//! Bad input ends in one line on stderr and an exit code, never a panic.

use std::process::Command;

/// Runs the chapter binary; returns its exit code, stdout and stderr.
fn herd(args: &[&str]) -> (i32, String, String) {
    let out =
        Command::new(env!("CARGO_BIN_EXE_herd")).args(args).output().expect("the binary runs");
    let text = |b: Vec<u8>| String::from_utf8(b).expect("utf-8");
    (out.status.code().unwrap_or(-1), text(out.stdout), text(out.stderr))
}

/// Exits with `code` and says why in exactly one line that contains `says`.
fn refused(args: &[&str], code: i32, says: &str) {
    let (got, _, err) = herd(args);
    assert_eq!(got, code, "{args:?}: exit {got}, stderr {err}");
    assert_eq!(err.lines().count(), 1, "{args:?}: not one line: {err}");
    assert!(!err.contains("panicked"), "{args:?}: {err}");
    assert!(err.contains(says), "{args:?}: {err:?} does not say {says:?}");
}

#[test]
fn usage_errors_exit_2_in_one_line() {
    refused(&["alone", "-n", "0"], 2, "give 1 to 2000");
    refused(&["alone", "-n", "99999999999"], 2, "out of range");
    refused(&["alone", "-n", "-5"], 2, "not a whole number");
    refused(&["alone", "--ticks", "-1"], 2, "not a whole number");
    refused(&["alone", "--ticks", "abc"], 2, "not a whole number");
    refused(&["alone", "--ticks", "99999999999"], 2, "out of range");
    refused(&["alone", "--radius", "0"], 2, "above 0");
    refused(&["alone", "--radius", "-3"], 2, "above 0");
    refused(&["alone", "--radius", "nan"], 2, "above 0");
    refused(&["alone", "--radius", "wide"], 2, "not a radius");
    refused(&["alone", "--rule", "stampede"], 2, "stampede");
    refused(&["sweep", "--every", "0"], 2, "every");
    refused(&["tests", "--ticks", "0"], 2, "ticks");
    refused(&["clock", "--millis", "0"], 2, "millis");
    refused(&["graze"], 2, "graze");
    refused(&["alone", "--everybody", "--unordered"], 2, "cannot be used with");
}

#[test]
fn a_radius_wider_than_a_bucket_is_a_run_error() {
    refused(&["alone", "--radius", "16.5"], 1, "at most 16");
    refused(&["sweep", "--radius", "40", "--ticks", "3"], 1, "wider than the 16 px buckets");
    // Everybody has no buckets, so it can answer any radius.
    let (code, out, _) = herd(&["alone", "--radius", "40", "--everybody", "--ticks", "3"]);
    assert_eq!(code, 0);
    assert!(out.contains("all three"));
}

#[test]
fn a_picture_folder_that_cannot_be_made_is_a_run_error() {
    refused(&["alone", "--ticks", "1", "--shot", "/dev/null/pictures"], 1, "/dev/null/pictures");
    refused(
        &["clock", "--millis", "1", "--chart", "/dev/null/clock.png"],
        1,
        "/dev/null/clock.png",
    );
}

#[test]
fn small_and_empty_runs_give_sensible_answers() {
    let (code, out, err) = herd(&["alone", "-n", "1", "--ticks", "5"]);
    assert_eq!(code, 0, "{err}");
    // One walker has no nearest neighbour, and is one group of one.
    assert!(out.lines().any(|l| l.starts_with("all three") && l.contains(" - ")), "{out}");
    let (code, out, _) = herd(&["alone", "--ticks", "0", "--rule", "all"]);
    assert_eq!(code, 0);
    assert!(out.contains("0 ticks"));
    let (code, out, _) = herd(&["sweep", "--ticks", "0"]);
    assert_eq!(code, 0);
    assert!(out.contains("disagreed with everybody on 0 of 0 ticks"), "{out}");
}

#[test]
fn pictures_are_written_and_announced() {
    let dir = std::env::temp_dir().join(format!("herd-cli-{}", std::process::id()));
    let d = dir.to_str().unwrap();
    let (code, out, err) =
        herd(&["alone", "-n", "20", "--ticks", "3", "--rule", "align", "--shot", d]);
    assert_eq!(code, 0, "{err}");
    let png = dir.join("align.png");
    assert!(out.contains(&format!("wrote {}", png.display())), "{out}");
    assert!(std::fs::metadata(&png).unwrap().len() > 100);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn help_teaches_and_exits_0() {
    let (code, out, _) = herd(&["alone", "--help"]);
    assert_eq!(code, 0);
    assert!(out.contains("--shot") && out.contains("together"));
}
