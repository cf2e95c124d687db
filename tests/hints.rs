//! Every challenge has two or three hints in its one file, its page shows them under it, and
//! `just hint` reads the same words.

use std::path::Path;
use std::process::{Command, Output};

use theworld::challenge::ALL;
use theworld::hints;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn hint(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_hint")).args(args).output().expect("the binary runs")
}

#[test]
fn every_challenge_has_two_or_three_hints() {
    for c in ALL {
        let all = hints::read(root(), c.id).unwrap_or_else(|e| panic!("{}: {e}", c.id));
        assert!((hints::FEWEST..=hints::MOST).contains(&all.len()), "{}: {}", c.id, all.len());
        for (k, h) in all.iter().enumerate() {
            let words = h.split_whitespace().count();
            assert!((8..=110).contains(&words), "{} hint {}: {words} words", c.id, k + 1);
        }
    }
}

#[test]
fn every_page_includes_each_challenges_hints_under_it_and_nowhere_else() {
    for c in ALL {
        let page = std::fs::read_to_string(root().join("book/src").join(c.page)).unwrap();
        let include = hints::include(c.id);
        assert_eq!(page.matches(&include).count(), 1, "{}: {include}", c.id);
        let head = format!("{} {}", c.id, c.title);
        let sections = theworld::markdown::sections(&page);
        let section = sections.iter().find(|s| s.level == 3 && s.title == head);
        let section = section.unwrap_or_else(|| panic!("{}: no heading", c.id));
        assert!(
            page[section.range.clone()].contains(&include),
            "{}: the hints are not in its section",
            c.id
        );
    }
}

#[test]
fn just_hint_prints_the_words_of_the_file_one_at_a_time() {
    for c in ALL {
        let all = hints::read(root(), c.id).unwrap();
        let n = all.len();
        for k in 1..=n {
            let o = hint(&[c.id, &k.to_string()]);
            let out = String::from_utf8_lossy(&o.stdout);
            assert_eq!(o.status.code(), Some(0), "{}", String::from_utf8_lossy(&o.stderr));
            assert!(out.starts_with(&format!("challenge {} {}, hint {k} of {n}:", c.id, c.title)));
            assert!(out.contains(&all[k - 1]), "{}: {out}", c.id);
            for (j, other) in all.iter().enumerate() {
                assert!(j + 1 == k || !out.contains(other.as_str()), "{} {k} shows hint {j}", c.id);
            }
        }
        let first = hint(&[c.id]);
        assert_eq!(first.stdout, hint(&[c.id, "1"]).stdout);
        let past = hint(&[c.id, &(n + 1).to_string()]);
        let err = String::from_utf8_lossy(&past.stderr);
        assert_eq!(past.status.code(), Some(2));
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(
            err.contains(&format!("give K from 1 to {n}")) || err.contains("from 1 to at most")
        );
    }
}

#[test]
fn a_bad_challenge_or_hint_number_is_one_line_and_exit_2() {
    for args in [
        vec!["4.1"],
        vec!["2.5", "0"],
        vec!["2.5", "two"],
        vec!["2.5", "+1"],
        vec![],
        vec!["2.5", "1", "2"],
    ] {
        let o = hint(&args);
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(err.starts_with("hint: ") && o.stdout.is_empty(), "{args:?}: {err}");
    }
}
