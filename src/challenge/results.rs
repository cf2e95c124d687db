//! The course's results as a gradebook reads them: one JSON document in the shape of
//! Exercism's `results.json` (version 2 of its test runner interface), one record a challenge.
//!
//! Exercism's shape is used because scripts that read it already exist, and because it is the
//! plainest one going: a status for the whole run, and for each test a name, a status of
//! `pass`, `fail` or `error`, and a message. Each record here also carries the challenge's
//! `id` and its `kind`, `code` or `paper`, and its `test_code` is the command that reruns it.
//!
//! A paper challenge has nothing in the tree that can fail it, so it is no test: it is listed
//! apart, under `paper`, with its name, id and a message that says it is answered on paper,
//! and a gradebook that counts the passes under `tests` counts only checks a student passed.
//! Grade it from what the student wrote. A code challenge is `pass` when its check passes, `fail` when the check is still waiting for
//! something (the message says what), and `error` when the check could not finish because the
//! code it ran panicked. The whole run is `pass` when every code challenge passed, `error` when
//! no check could finish at all, and `fail` otherwise.

use serde_json::{Value, json};

use super::{Challenge, Kind, Outcome, on_paper};

/// The version of Exercism's interface these records follow.
pub const VERSION: u64 = 2;

/// One challenge's record: a test's for a code challenge, and for a paper one its name, id
/// and the line saying it is answered on paper, with no status.
pub fn record(c: &Challenge, outcome: &Outcome) -> Value {
    let name = format!("{} {}", c.id, c.title);
    let (status, message) = match outcome {
        Outcome::Paper => return json!({ "name": name, "id": c.id, "message": on_paper(c) }),
        Outcome::Passed(saw) => ("pass", saw.clone()),
        Outcome::NotYet(missing) => ("fail", missing.clone()),
        Outcome::Broke(why) => ("error", why.clone()),
    };
    json!({
        "name": name,
        "id": c.id,
        "kind": if c.kind == Kind::Change { "code" } else { "paper" },
        "status": status,
        "message": message,
        "test_code": format!("just challenge {}", c.id),
    })
}

/// The whole document, for the challenges in the order given.
pub fn document(ran: &[(&Challenge, Outcome)]) -> Value {
    let code: Vec<&Outcome> =
        ran.iter().filter(|(_, o)| *o != Outcome::Paper).map(|(_, o)| o).collect();
    let broke = code.iter().filter(|o| matches!(o, Outcome::Broke(_))).count();
    let status = if code.iter().all(|o| matches!(o, Outcome::Passed(_))) {
        "pass"
    } else if broke == code.len() {
        "error"
    } else {
        "fail"
    };
    let message = (status == "error").then(|| {
        format!(
            "none of the {} code challenges' checks could finish: see each test's message",
            broke
        )
    });
    json!({
        "version": VERSION,
        "status": status,
        "message": message,
        "tests": ran.iter().filter(|(_, o)| *o != Outcome::Paper).map(|(c, o)| record(c, o)).collect::<Vec<_>>(),
        "paper": ran.iter().filter(|(_, o)| *o == Outcome::Paper).map(|(c, o)| record(c, o)).collect::<Vec<_>>(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::challenge::find;

    fn two(a: Outcome, b: Outcome) -> Value {
        document(&[
            (find("1.1").unwrap(), Outcome::Paper),
            (find("1.5").unwrap(), a),
            (find("1.6").unwrap(), b),
        ])
    }

    #[test]
    fn the_run_passes_only_when_every_code_challenge_does() {
        let ok = || Outcome::Passed("saw it".into());
        let d = two(ok(), ok());
        assert_eq!((d["version"].as_u64(), d["status"].as_str()), (Some(2), Some("pass")));
        assert!(d["message"].is_null());
        let d = two(ok(), Outcome::NotYet("add --halves".into()));
        assert_eq!(d["status"], "fail");
        assert_eq!(d["tests"][1]["status"], "fail");
        assert_eq!(d["tests"][1]["message"], "add --halves");
        let d = two(Outcome::Broke("panicked".into()), Outcome::NotYet("not yet".into()));
        assert_eq!(d["status"], "fail");
        let d = two(Outcome::Broke("a".into()), Outcome::Broke("b".into()));
        assert_eq!(d["status"], "error");
        assert!(d["message"].as_str().unwrap().contains("none of the 2"));
    }

    #[test]
    fn a_record_names_its_challenge_its_kind_and_the_command_that_reruns_it() {
        let d = two(Outcome::Passed("x".into()), Outcome::Passed("y".into()));
        assert_eq!(d["tests"].as_array().unwrap().len(), 2, "a paper challenge is no test");
        let paper = &d["paper"][0];
        assert_eq!(paper["name"], "1.1 The lagging table by pencil");
        assert_eq!(paper["id"], "1.1");
        assert!(paper["status"].is_null(), "nobody passed a paper challenge by running it");
        assert!(paper["message"].as_str().unwrap().contains("answered on paper"));
        assert_eq!(d["tests"][0]["kind"], "code");
        assert_eq!(d["tests"][0]["test_code"], "just challenge 1.5");
    }
}
