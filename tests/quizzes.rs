//! The book's quizzes cannot drift from its blocks: every figure a quiz of a page answers with
//! is printed by a deterministic block of that page. This runs the figure-answer check over
//! every page now, so it holds before the book check calls it too.

use std::path::Path;

use theworld::blocks::pages;
use theworld::quiz::{asked, check_page};

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn every_figure_a_quiz_answers_is_in_a_block_of_its_page() {
    let mut problems = Vec::new();
    let mut quizzes = 0;
    for page in pages(root()) {
        let text = std::fs::read_to_string(&page).unwrap();
        quizzes += asked(&text).len();
        let name = page.file_name().unwrap().to_string_lossy().into_owned();
        problems.extend(check_page(&page, &text).iter().map(|p| format!("{name}: {p}")));
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    assert!(quizzes >= 1, "the book asks no quiz at all");
}

#[test]
fn the_check_catches_a_figure_of_the_book_that_moved() {
    // As if a change to the chapter moved the total that `reorder` prints and the block was
    // blessed, while the quiz kept the old figure.
    let page = root().join("book/src/bodies.md");
    let text = std::fs::read_to_string(&page).unwrap();
    let old = "swirl + gravity + breeze   0.39999999999999997";
    assert!(text.contains(old), "the reorder block changed; pick another figure for this test");
    let moved = text.replace("0.39999999999999997", "0.39999999999999991");
    let problems = check_page(&page, &moved);
    assert_eq!(problems.len(), 1, "{problems:?}");
    assert!(problems[0].what.contains("(tracing) answers 0.39999999999999997"), "{problems:?}");
}

#[test]
fn every_quiz_file_is_asked_by_a_page() {
    let mut used = Vec::new();
    for page in pages(root()) {
        let text = std::fs::read_to_string(&page).unwrap();
        for a in asked(&text) {
            used.push(page.parent().unwrap().join(&a.path).canonicalize().unwrap());
        }
    }
    for entry in std::fs::read_dir(root().join("book/quizzes")).unwrap() {
        let path = entry.unwrap().path().canonicalize().unwrap();
        assert!(used.contains(&path), "{} is asked by no page", path.display());
    }
}
