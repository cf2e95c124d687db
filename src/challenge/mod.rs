//! The course: the challenges at the end of every chapter, and a check for each one that asks
//! for code.
//!
//! A check runs the chapter's own code in this process, the way the book check does, and tests
//! the property its challenge asks for over several seeds, never a digest typed in for an answer
//! the student writes. It reaches the student's change the way a reader does: through the
//! chapter's command line, where a switch that clap does not know yet is a refusal turned into a
//! sentence saying what to add, and through functions the chapter already has. So every check
//! compiles on the untouched tree and fails there with a reason; the reference answers in
//! `answers/` make each one pass, and `.ci/challenges` proves both, for every answer.
//!
//! Nothing here runs under `cargo test`: the checks fail on the untouched tree by design, and
//! `just challenge N.M` and `just challenges` are how they are run. [`results`] writes what
//! they found in the shape a gradebook reads.

use std::fmt;
use std::panic::{self, AssertUnwindSafe};
use std::sync::Mutex;

pub mod brains;
pub mod check;
pub mod herding;
pub mod motion;
pub mod results;

pub use check::{Verdict, listed, switch};

/// The three kinds of challenge.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// Write a figure down, run a command, explain the difference: answered on paper.
    Predict,
    /// Break something on purpose and watch the tests and the digests catch it: on paper too.
    Break,
    /// Change the code until its check passes.
    Change,
}

impl Kind {
    /// What the book and the table call it.
    pub fn label(self) -> &'static str {
        match self {
            Kind::Predict => "predict, then run",
            Kind::Break => "break it on purpose",
            Kind::Change => "change the code",
        }
    }
}

/// One challenge.
pub struct Challenge {
    /// Chapter and place in it: `2.5`.
    pub id: &'static str,
    pub kind: Kind,
    /// The chapter's page, which ends with its challenges.
    pub page: &'static str,
    /// Its heading on the page, after the number.
    pub title: &'static str,
    /// The check of a code challenge.
    pub check: Option<fn() -> Verdict>,
}

impl fmt::Debug for Challenge {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "challenge {} ({})", self.id, self.title)
    }
}

const fn paper(id: &'static str, kind: Kind, page: &'static str, title: &'static str) -> Challenge {
    Challenge { id, kind, page, title, check: None }
}

const fn code(
    id: &'static str,
    page: &'static str,
    title: &'static str,
    check: fn() -> Verdict,
) -> Challenge {
    Challenge { id, kind: Kind::Change, page, title, check: Some(check) }
}

const BODIES: &str = "bodies.md";
const HERD: &str = "herd.md";
const CROWD: &str = "crowd.md";

// ANCHOR: all
/// Every challenge of the course, chapter by chapter, easiest first.
pub const ALL: &[Challenge] = &[
    paper("1.1", Kind::Predict, BODIES, "The lagging table by pencil"),
    paper("1.2", Kind::Predict, BODIES, "Twice as long on the tether"),
    paper("1.3", Kind::Predict, BODIES, "Two orders of a sum, and no tether to speak of"),
    paper("1.4", Kind::Break, BODIES, "The pushes the other way round"),
    code("1.5", BODIES, "Pushes in an order of their own", motion::sorted),
    code("1.6", BODIES, "Half a step, the pushes, half a step", motion::halves),
    paper("2.1", Kind::Predict, HERD, "Your own valley"),
    paper("2.2", Kind::Predict, HERD, "Half the sight"),
    paper("2.3", Kind::Predict, HERD, "When the order cannot matter"),
    paper("2.4", Kind::Break, HERD, "Unordered by hand"),
    code("2.5", HERD, "Dry feet", herding::dry),
    code("2.6", HERD, "A fourth way to ask who is near", herding::strips),
    paper("3.1", Kind::Predict, CROWD, "Your own crowd"),
    paper("3.2", Kind::Predict, CROWD, "Before anyone dies"),
    paper("3.3", Kind::Predict, CROWD, "Deaths that nobody saw"),
    paper("3.4", Kind::Break, CROWD, "Wide and careless"),
    code("3.5", CROWD, "An old road of your own", brains::retired),
    code("3.6", CROWD, "Fewer second looks", brains::square),
];
// ANCHOR_END: all

/// The challenge numbered `id`.
pub fn find(id: &str) -> Option<&'static Challenge> {
    ALL.iter().find(|c| c.id == id)
}

/// The challenge numbered `id`, or a sentence listing the numbers there are: what a command
/// line hands clap for its `N.M`.
pub fn named(id: &str) -> Result<&'static Challenge, String> {
    find(id).ok_or_else(|| {
        let ids: Vec<&str> = ALL.iter().map(|c| c.id).collect();
        format!("there is no challenge {id}: the course has {}", ids.join(" "))
    })
}

/// What running a challenge came to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Answered on paper: there is nothing in the tree to check.
    Paper,
    /// The check passed, and this is what it saw.
    Passed(String),
    /// The check ran and is still waiting for this.
    NotYet(String),
    /// The check could not finish: the chapter's code it ran panicked, with this message.
    Broke(String),
}

/// Where the last panic in a check happened, kept by the hook [`quiet_panics`] sets.
static PANICKED: Mutex<Option<String>> = Mutex::new(None);

/// Keeps a panic inside a check off stderr: the check's outcome reports it in one line
/// instead. For the binaries that run checks, which call it once before the first.
pub fn quiet_panics() {
    panic::set_hook(Box::new(|info| {
        let at = info.location().map(|l| format!(" at {}:{}", l.file(), l.line()));
        if let Ok(mut last) = PANICKED.lock() {
            *last = at;
        }
    }));
}

/// Runs the challenge's check, if it has one. A check runs the student's code, which may
/// panic; that is a check that could not finish, not a crash of the course's table.
pub fn run(c: &Challenge) -> Outcome {
    let Some(check) = c.check else { return Outcome::Paper };
    match panic::catch_unwind(AssertUnwindSafe(check)) {
        Ok(Ok(saw)) => Outcome::Passed(saw),
        Ok(Err(missing)) => Outcome::NotYet(missing),
        Err(payload) => {
            let what = payload
                .downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| payload.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "a panic with no message".to_string());
            let at = PANICKED.lock().ok().and_then(|mut l| l.take()).unwrap_or_default();
            Outcome::Broke(format!("the code it ran panicked{at}: {what}"))
        }
    }
}

/// What a paper challenge says in place of a check.
pub fn on_paper(c: &Challenge) -> String {
    format!(
        "{} ({}) is answered on paper, not checked: see the end of book/src/{}",
        c.id,
        c.kind.label(),
        c.page
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::Path;

    #[test]
    fn ids_are_unique_in_order_and_match_their_pages() {
        let mut last = (0, 0);
        for c in ALL {
            let (ch, n) = c.id.split_once('.').expect("N.M");
            let at: (u32, u32) = (ch.parse().unwrap(), n.parse().unwrap());
            assert!(at > last, "{c:?} is out of order");
            last = at;
            let page = crate::chapters::ALL[at.0 as usize - 1].page();
            assert_eq!(c.page, page, "{c:?}");
            assert_eq!(c.check.is_some(), c.kind == Kind::Change, "{c:?}");
        }
    }

    #[test]
    fn every_chapter_has_five_or_more_with_two_that_change_the_code() {
        for page in crate::chapters::ALL.iter().map(crate::chapters::Chapter::page) {
            let page = page.as_str();
            let mine: Vec<&Challenge> = ALL.iter().filter(|c| c.page == page).collect();
            assert!(mine.len() >= 5, "{page}");
            assert!(mine.iter().filter(|c| c.kind == Kind::Change).count() >= 2, "{page}");
            for kind in [Kind::Predict, Kind::Break] {
                assert!(mine.iter().any(|c| c.kind == kind), "{page} has no {kind:?}");
            }
        }
    }

    #[test]
    fn every_page_ends_with_its_challenges_as_the_list_has_them() {
        // Other hands edit the chapters' pages; the challenges stay one section, the last one,
        // with a heading for each challenge in the list's order and its kind in italics below.
        let root = Path::new(env!("CARGO_MANIFEST_DIR"));
        for page in crate::chapters::ALL.iter().map(crate::chapters::Chapter::page) {
            let page = page.as_str();
            let text = std::fs::read_to_string(root.join("book/src").join(page)).unwrap();
            let sections = crate::markdown::sections(&text);
            let at = sections.iter().position(|s| s.level == 2 && s.title == "Challenges");
            let at = at.unwrap_or_else(|| panic!("{page}"));
            let after = &sections[at + 1..];
            assert!(after.iter().all(|s| s.level > 2), "{page}: a section after the challenges");
            let heads: Vec<&crate::markdown::Section> =
                after.iter().filter(|s| s.level == 3).collect();
            let mine: Vec<&Challenge> = ALL.iter().filter(|c| c.page == page).collect();
            let titles: Vec<&str> = heads.iter().map(|h| h.title.as_str()).collect();
            assert_eq!(heads.len(), mine.len(), "{page}: {titles:?}");
            for (head, c) in heads.iter().zip(&mine) {
                assert_eq!(head.title, format!("{} {}", c.id, c.title), "{page}");
                let body = &text[head.heading.end..head.range.end];
                let kind =
                    format!("*{}{}.*", &c.kind.label()[..1].to_uppercase(), &c.kind.label()[1..]);
                assert!(body.trim_start().starts_with(&kind), "{c:?}: {kind}");
            }
        }
    }

    #[test]
    fn a_paper_challenge_runs_as_paper_and_a_panic_is_an_outcome() {
        let paper = find("1.1").unwrap();
        assert_eq!(run(paper), Outcome::Paper);
        assert!(on_paper(paper).contains("answered on paper"));
        fn boom() -> Verdict {
            let v: Vec<u32> = Vec::new();
            Ok(v[3].to_string())
        }
        let broken =
            Challenge { id: "9.9", kind: Kind::Change, page: "", title: "", check: Some(boom) };
        match run(&broken) {
            Outcome::Broke(m) => assert!(m.contains("index out of bounds"), "{m}"),
            other => panic!("{other:?}"),
        }
        assert!(
            named("9.9").unwrap_err().starts_with("there is no challenge 9.9: the course has 1.1")
        );
    }

    #[test]
    fn lists_read_as_sentences() {
        assert_eq!(listed::<u32>(&[]), "");
        assert_eq!(listed(&[7]), "7");
        assert_eq!(listed(&[1, 2, 3]), "1, 2 and 3");
    }

    #[test]
    fn a_switch_clap_does_not_know_says_what_to_add() {
        let e = switch::<bodies::design::Design>("bodies", "design.rs", "--nonsense").unwrap_err();
        assert!(e.starts_with("bodies has no --nonsense switch yet: add it"), "{e}");
        let d: bodies::design::Design = switch("bodies", "design.rs", "--lagging").unwrap();
        assert!(d.lagging);
    }
}
