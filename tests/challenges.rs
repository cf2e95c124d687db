//! The `challenge` binary as a student and a teacher's script meet it: the exit codes of `just
//! challenge N.M`, and the JSON of `just challenges --json` read back.
//!
//! Nothing here asserts that a check fails: a student who has solved a challenge keeps a green
//! test suite. What is asserted is the shape of what is printed, and that the JSON and the one
//! check say the same thing.

use std::process::{Command, Output};

use serde_json::Value;

fn challenge(args: &[&std::ffi::OsStr]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_challenge")).args(args).output().expect("the binary runs")
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

fn os(s: &str) -> &std::ffi::OsStr {
    s.as_ref()
}

#[test]
fn a_paper_challenge_exits_0_and_says_it_is_answered_on_paper() {
    let o = challenge(&[os("2.4")]);
    assert_eq!(o.status.code(), Some(0));
    let out = text(&o.stdout);
    assert_eq!(out.lines().count(), 1, "{out}");
    assert!(out.starts_with("challenge 2.4 (break it on purpose) is answered on paper"), "{out}");
}

#[test]
fn a_bad_number_a_second_number_and_a_non_utf8_argument_are_one_line_and_exit_2() {
    #[cfg(unix)]
    let bytes = {
        use std::os::unix::ffi::OsStrExt;
        std::ffi::OsStr::from_bytes(b"2.\xff")
    };
    #[cfg(not(unix))]
    let bytes = os("2.x");
    for args in [vec![os("4.1")], vec![os("1.1"), os("1.2")], vec![bytes], vec![os("--jsn")]] {
        let o = challenge(&args);
        let err = text(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(err.starts_with("challenge: ") && !err.contains("panicked"), "{err}");
        assert!(o.stdout.is_empty(), "{args:?}");
    }
    let err = text(&challenge(&[os("4.1")]).stderr);
    assert!(err.contains("there is no challenge 4.1: the course has 1.1 1.2"), "{err}");
}

#[test]
fn the_json_has_a_record_for_every_challenge_and_agrees_with_the_one_check() {
    let o = challenge(&[os("--json")]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    let doc: Value = serde_json::from_slice(&o.stdout).expect("stdout is one JSON document");
    assert_eq!(doc["version"], 2);
    let tests = doc["tests"].as_array().expect("a tests array");
    let paper = doc["paper"].as_array().expect("a paper array");
    let ids = |a: &[Value]| -> Vec<String> {
        a.iter().map(|t| t["id"].as_str().unwrap().to_string()).collect()
    };
    let want = |code: bool| -> Vec<String> {
        let all = theworld::challenge::ALL.iter();
        all.filter(|c| c.check.is_some() == code).map(|c| c.id.to_string()).collect()
    };
    assert_eq!(ids(tests), want(true), "every code challenge is a test");
    assert_eq!(ids(paper), want(false), "every paper challenge is listed apart");
    for p in paper {
        assert!(p["status"].is_null(), "{p}");
        assert!(p["message"].as_str().unwrap().contains("answered on paper"), "{p}");
    }
    let mut all_passed = true;
    let code = theworld::challenge::ALL.iter().filter(|c| c.check.is_some());
    for (t, c) in tests.iter().zip(code) {
        assert_eq!(t["name"], format!("{} {}", c.id, c.title));
        let status = t["status"].as_str().unwrap();
        let message = t["message"].as_str().unwrap();
        assert!(!message.is_empty() && !message.contains('\n'), "{t}");
        assert_eq!(t["test_code"], format!("just challenge {}", c.id));
        assert_eq!(t["kind"], "code");
        assert!(["pass", "fail"].contains(&status), "{t}");
        all_passed &= status == "pass";
    }
    assert_eq!(doc["status"], if all_passed { "pass" } else { "fail" });
    assert!(doc["message"].is_null());

    // The record of a code challenge is what the one check says, word for word.
    let one = challenge(&[os("1.5")]);
    let line = text(&one.stdout);
    let record = tests.iter().find(|t| t["id"] == "1.5").expect("1.5 is a test");
    let said = match record["status"].as_str().unwrap() {
        "pass" => format!("challenge 1.5 passed: {}", record["message"].as_str().unwrap()),
        _ => format!("challenge 1.5 not yet: {}", record["message"].as_str().unwrap()),
    };
    assert_eq!(line.trim_end(), said);
    assert_eq!(one.status.code(), Some(if record["status"] == "pass" { 0 } else { 1 }));
}

#[test]
fn json_for_one_challenge_holds_that_one() {
    let o = challenge(&[os("--json"), os("3.3")]);
    let doc: Value = serde_json::from_slice(&o.stdout).unwrap();
    // 3.3 is answered on paper: no test, listed apart, and a run with nothing to fail.
    assert_eq!(doc["tests"].as_array().map(Vec::len), Some(0));
    assert_eq!(doc["paper"].as_array().map(Vec::len), Some(1));
    assert_eq!(doc["paper"][0]["id"], "3.3");
    assert_eq!(doc["status"], "pass");
    let o = challenge(&[os("--json"), os("1.5")]);
    let doc: Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(doc["tests"].as_array().map(Vec::len), Some(1));
    assert_eq!(doc["tests"][0]["id"], "1.5");
    assert_eq!(doc["paper"].as_array().map(Vec::len), Some(0));
}
