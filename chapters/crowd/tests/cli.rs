//! The crowd binary from outside: the counts it must print, and bad input turned into one line
//! and an exit code, never a panic.

use std::process::{Command, Output};

fn crowd(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_crowd")).args(args).output().expect("the binary runs")
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

fn refused(args: &[&str], code: i32, says: &str) {
    let o = crowd(args);
    let err = text(&o.stderr);
    assert_eq!(o.status.code(), Some(code), "{args:?}: {err}");
    assert_eq!(err.trim_end().lines().count(), 1, "{args:?}: {err}");
    assert!(err.contains(says), "{args:?}: {err}");
    assert!(!err.contains("panicked"), "{args:?}: {err}");
}

#[test]
fn sums_prints_the_counts() {
    let o = text(&crowd(&["sums"]).stdout);
    for want in ["378", "360", "1080000", "1296000", "15000"] {
        assert!(o.contains(want), "{want} missing from:\n{o}");
    }
    let o = text(&crowd(&["sums", "--crowd", "30000", "--rows", "1000"]).stdout);
    for want in ["10800000", "12960000", "150000"] {
        assert!(o.contains(want), "{want} missing from:\n{o}");
    }
}

#[test]
fn bad_numbers_are_usage_errors() {
    refused(&["sums", "--crowd", "0"], 2, "out of range");
    refused(&["sums", "--rows", "0"], 2, "out of range");
    refused(&["sums", "--crowd", "-3"], 2, "--crowd");
    refused(&["sums", "--crowd", "99999999999"], 2, "out of range");
    refused(&["spend", "--ticks", "abc"], 2, "not a whole number");
    refused(&["spend", "--ticks", "0"], 2, "out of range");
    refused(&["spend", "--crew", "0"], 2, "out of range");
    refused(&["fit", "--crew", "x"], 2, "not a whole number");
    refused(&["crew", "--ticks", "1e3"], 2, "not a whole number");
    refused(&["wander"], 2, "unrecognized subcommand");
}

#[test]
fn more_creatures_than_ground_is_a_run_error() {
    refused(&["sums", "--crowd", "15000"], 1, "do not fit");
    refused(&["spend", "--crowd", "15000", "--ticks", "1"], 1, "do not fit");
}

#[test]
fn unwritable_paths_are_one_line() {
    refused(&["spend", "--ticks", "1", "--cpuprofile", "/no/such/dir/p.svg"], 1, "/no/such/dir");
    refused(&["picture", "--ticks", "1", "--out", "/no/such/dir/v.png"], 1, "/no/such/dir");
    refused(&["fit", "--ticks", "1", "--chart", "/no/such/dir/c.png"], 1, "/no/such/dir");
    refused(&["crew", "--ticks", "1", "--chart", "/no/such/dir/c.png"], 1, "/no/such/dir");
}

#[test]
fn more_threads_than_creatures_is_fine() {
    let o = crowd(&["spend", "--ticks", "3", "--crowd", "5", "--crew", "64"]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    let one = crowd(&["spend", "--ticks", "3", "--crowd", "5", "--crew", "1"]);
    assert_eq!(o.stdout, one.stdout);
}

#[test]
fn every_ledger_row_is_the_same_run_and_the_last_allocates_nothing_when_warm() {
    let o = crowd(&["ledger", "--ticks", "120"]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    let out = text(&o.stdout);
    let rows: Vec<Vec<&str>> = out
        .lines()
        .filter(|l| {
            l.trim_end().len() > 16 && l.trim_end().ends_with(|c: char| c.is_ascii_hexdigit())
        })
        .map(|l| l.split_whitespace().collect())
        .collect();
    assert_eq!(rows.len(), 6, "{out}");
    let digest = |r: &Vec<&str>| r[r.len() - 1].to_string();
    assert!(rows.iter().all(|r| digest(r) == digest(&rows[0])), "{out}");
    let late = |r: &Vec<&str>| r[r.len() - 2].parse::<f64>().unwrap();
    assert!(late(&rows[0]) > 1000.0, "{out}");
    assert_eq!(late(&rows[4]), 0.0, "{out}");
    assert_eq!(late(&rows[5]), 0.0, "{out}");
}

#[test]
fn conflicting_switches_are_usage_errors() {
    refused(&["spend", "--was", "--crew", "8"], 2, "cannot be used with");
    refused(&["spend", "--narrow", "--crew", "2"], 2, "cannot be used with");
    refused(&["spend", "--was", "--maps"], 2, "cannot be used with");
    refused(&["spend", "--was", "--hasty"], 2, "cannot be used with");
    refused(&["spend", "--narrow", "--loose"], 2, "cannot be used with");
    refused(&["fit", "--was", "--crew", "2"], 2, "cannot be used with");
    refused(&["picture", "--maps", "--unringed", "--out", "x.png"], 2, "cannot be used with");
}

#[test]
fn the_first_wiring_and_the_last_are_the_same_run() {
    let was = text(&crowd(&["spend", "--ticks", "120", "--was"]).stdout);
    let now = text(&crowd(&["spend", "--ticks", "120", "--crew", "2"]).stdout);
    let counts = |s: &str| s.lines().skip(3).map(str::to_string).collect::<Vec<_>>();
    assert_eq!(counts(&was), counts(&now));
    assert!(now.contains("creatures struck off"), "{now}");
}
