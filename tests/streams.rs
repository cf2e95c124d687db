//! The course's own commands (`hint`, `challenge`, `pdf`) treat stdout as every chapter does: a
//! full stdout is one line and exit 1, a reader who stopped reading is a quiet success, and
//! neither is ever a panic (exit 101).

use std::process::{Command, Output, Stdio};

/// Runs `bin` with `args`, its stdout a `/dev/full` that refuses every byte.
fn into_full(bin: &str, args: &[&str]) -> Output {
    let full = std::fs::File::create("/dev/full").expect("Linux has /dev/full");
    Command::new(bin).args(args).stdout(full).output().expect("the binary runs")
}

/// Runs `bin` with `args`, its stdout a pipe whose reader is gone before it starts.
fn into_closed_pipe(bin: &str, args: &[&str]) -> Output {
    let (reader, writer) = std::io::pipe().expect("a pipe");
    drop(reader);
    let child = Command::new(bin)
        .args(args)
        .stdout(Stdio::from(writer))
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    child.wait_with_output().expect("the binary ends")
}

const HINT: &str = env!("CARGO_BIN_EXE_hint");
const CHALLENGE: &str = env!("CARGO_BIN_EXE_challenge");
const PDF: &str = env!("CARGO_BIN_EXE_pdf");

#[test]
fn a_full_stdout_is_one_line_and_exit_1() {
    let runs: [(&str, &[&str], &str); 6] = [
        (HINT, &["1.1"], "hint: writing the report to stdout failed"),
        (CHALLENGE, &["1.1"], "challenge: writing the report to stdout failed"),
        (CHALLENGE, &["--json", "1.1"], "challenge: writing the report to stdout failed"),
        (HINT, &["--help"], "hint: writing the help to stdout failed"),
        (CHALLENGE, &["--help"], "challenge: writing the help to stdout failed"),
        (PDF, &["--help"], "pdf: writing the help to stdout failed"),
    ];
    for (bin, args, said) in runs {
        let o = into_full(bin, args);
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(1), "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(err.starts_with(said), "{args:?}: {err}");
    }
}

#[test]
fn a_reader_who_stopped_reading_is_a_quiet_success() {
    let runs: [(&str, &[&str]); 4] = [
        (HINT, &["1.1"]),
        (CHALLENGE, &["1.1"]),
        (CHALLENGE, &["--json", "1.1"]),
        (HINT, &["--help"]),
    ];
    for (bin, args) in runs {
        let o = into_closed_pipe(bin, args);
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(o.status.success(), "{args:?}: {:?} {err}", o.status);
        assert!(err.is_empty(), "{args:?}: {err}");
    }
}
