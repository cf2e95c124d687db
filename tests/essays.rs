//! The design notes read as essays: each holds at most about 1,500 words of prose on its one
//! question, its method and its answer. Detail only a reproducer needs sits in collapsed
//! sections (`<details>`), which the count leaves out, as it leaves out code, output, pictures
//! and the references' expressions.

use std::path::Path;

/// The most prose words a design note may hold outside its collapsed sections.
const MOST: usize = 1500;

/// The words of prose in a page: code, output, collapsed sections, comments, includes and
/// pictures left out.
fn prose_words(page: &str) -> usize {
    let strip = |s: &str, open: &str, close: &str| -> String {
        let mut out = String::new();
        let mut rest = s;
        while let Some(i) = rest.find(open) {
            out.push_str(&rest[..i]);
            match rest[i + open.len()..].find(close) {
                Some(j) => rest = &rest[i + open.len() + j + close.len()..],
                None => rest = "",
            }
        }
        out.push_str(rest);
        out
    };
    let s = strip(page, "```", "```");
    let s = strip(&s, "<details>", "</details>");
    let s = strip(&s, "<!--", "-->");
    let s = strip(&s, "{{#", "}}");
    let s = strip(&s, "![", ")");
    s.split_whitespace().count()
}

#[test]
fn no_design_note_runs_past_about_fifteen_hundred_words_of_prose() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("book/src");
    let summary = std::fs::read_to_string(src.join("SUMMARY.md")).unwrap();
    let notes: Vec<&str> = summary
        .lines()
        .filter(|l| l.contains("[Design note:"))
        .filter_map(|l| l.split("](").nth(1)?.strip_suffix(')'))
        .collect();
    assert!(notes.len() >= 7, "read {} design notes from the summary", notes.len());
    let mut long = Vec::new();
    for name in notes {
        let words = prose_words(&std::fs::read_to_string(src.join(name)).unwrap());
        if words > MOST {
            long.push(format!("{name}: {words} words"));
        }
    }
    assert!(long.is_empty(), "design notes over {MOST} words of prose: {}", long.join(", "));
}

#[test]
fn the_count_leaves_out_what_is_not_prose() {
    let page = "Two words.\n\n```console\n$ a b c\n```\n\n<details>\n<summary>x</summary>\n\nmany \
                words here\n</details>\n<!--= b[x] -->1.5<!--/--> more ![alt text](img/x.svg) {{#include f}}";
    assert_eq!(prose_words(page), 4, "Two words. 1.5 more");
}
