//! The course's own commands meet a bad argument as the chapters do: one line on stderr that
//! names the argument, exit 2, and no panic even when stderr cannot be written.

use std::ffi::OsStr;
use std::os::unix::ffi::OsStrExt;
use std::process::{Command, Stdio};

/// Every command of the course with a command line, as `cargo` built it for the tests.
const COMMANDS: [(&str, &str); 4] = [
    ("blocks", env!("CARGO_BIN_EXE_blocks")),
    ("challenge", env!("CARGO_BIN_EXE_challenge")),
    ("hint", env!("CARGO_BIN_EXE_hint")),
    ("pdf", env!("CARGO_BIN_EXE_pdf")),
];

#[test]
fn an_argument_that_is_not_text_is_named_in_one_line() {
    for (name, bin) in COMMANDS {
        // `blocks` takes its text after a subcommand; the others take it first.
        let (before, at) = if name == "blocks" { (&["verify"][..], 2) } else { (&[][..], 1) };
        let out = Command::new(bin)
            .args(before)
            .arg(OsStr::from_bytes(b"\xff"))
            .stdout(Stdio::null())
            .output()
            .expect("the binary runs");
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{name}: {err}");
        assert_eq!(err.lines().count(), 1, "{name}: {err}");
        assert!(err.starts_with(&format!("{name}: argument {at} is not UTF-8")), "{name}: {err}");
    }
}

#[test]
fn a_refusal_with_stderr_gone_still_exits_with_its_code() {
    for (name, bin) in COMMANDS {
        let (reader, writer) = std::io::pipe().expect("a pipe");
        drop(reader);
        let status = Command::new(bin)
            .arg("--no-such-flag")
            .stdout(Stdio::null())
            .stderr(writer)
            .status()
            .expect("the binary runs");
        assert_eq!(status.code(), Some(2), "{name}");
    }
}

#[test]
fn blocks_with_no_subcommand_names_its_subcommands_in_one_line() {
    let out = Command::new(env!("CARGO_BIN_EXE_blocks")).output().expect("the binary runs");
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("give a subcommand, one of verify, bless, figures, measure"), "{err}");
    assert!(err.contains("usage: blocks <COMMAND>"), "{err}");
}
