//! The design notes read as essays: each holds at most about 1,500 words of prose on its one
//! question, its method and its answer. Detail only a reproducer needs sits in collapsed
//! sections (`<details>`), which the count leaves out, as it leaves out code, output, pictures
//! and the references' expressions.

use std::path::Path;

use pulldown_cmark::{Event, Options, Parser, Tag, TagEnd};

/// The most prose words a design note may hold outside its collapsed sections.
const MOST: usize = 1500;

/// The words of prose in a page, read as mdBook reads it (pulldown-cmark): code, output,
/// collapsed sections, comments and other HTML, pictures and includes left out.
fn prose_words(page: &str) -> usize {
    let mut prose = String::new();
    // How deep in `<details>` the reader is, and whether inside code or a picture's caption.
    let (mut folded, mut aside) = (0usize, 0usize);
    for event in Parser::new_ext(page, Options::ENABLE_TABLES | Options::ENABLE_STRIKETHROUGH) {
        match event {
            Event::Html(h) | Event::InlineHtml(h) => {
                folded += h.matches("<details").count();
                folded = folded.saturating_sub(h.matches("</details>").count());
            }
            Event::Start(Tag::CodeBlock(_) | Tag::Image { .. }) => aside += 1,
            Event::End(TagEnd::CodeBlock | TagEnd::Image) => aside -= 1,
            Event::Text(t) | Event::Code(t) if folded == 0 && aside == 0 => prose.push_str(&t),
            Event::SoftBreak | Event::HardBreak | Event::End(_) => prose.push(' '),
            _ => {}
        }
    }
    // An include (`{{#include file:anchor}}`) is mdBook's, replaced before the markdown is read.
    let mut words = 0;
    let mut rest = prose.as_str();
    while let Some(i) = rest.find("{{#") {
        words += rest[..i].split_whitespace().count();
        rest = rest[i..].split_once("}}").map_or("", |(_, after)| after);
    }
    words + rest.split_whitespace().count()
}

#[test]
fn no_design_note_runs_past_about_fifteen_hundred_words_of_prose() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("book/src");
    let summary = std::fs::read_to_string(src.join("SUMMARY.md")).unwrap();
    let notes: Vec<String> = theworld::markdown::summary(&summary)
        .into_iter()
        .filter(|e| e.title.starts_with("Design note:"))
        .map(|e| e.page)
        .collect();
    assert!(notes.len() >= 7, "read {} design notes from the summary", notes.len());
    let mut long = Vec::new();
    for name in notes {
        let words = prose_words(&std::fs::read_to_string(src.join(&name)).unwrap());
        if words > MOST {
            long.push(format!("{name}: {words} words"));
        }
    }
    assert!(long.is_empty(), "design notes over {MOST} words of prose: {}", long.join(", "));
}

#[test]
fn the_count_leaves_out_what_is_not_prose() {
    let page = "Two words.\n\n```console\n$ a b c\n```\n\n<details>\n<summary>x</summary>\n\nmany \
                words here\n</details>\n\nSo <!--= b[x] -->1.5<!--/--> more ![alt text](img/x.svg) {{#include f}}";
    assert_eq!(prose_words(page), 5, "Two words. So 1.5 more");
    // What a scan for backtick fences and one-line comments missed: a tilde fence, an indented
    // block, a comment over lines; and a table's bars are not words.
    let page = "One\n\n~~~\nnot these\n~~~\n\n    nor these\n\n<!--\nnor\nthese\n-->\n\n\
                | a | b |\n|---|---|\n| c | d |\n";
    assert_eq!(prose_words(page), 5, "One a b c d");
}
