//! The book tells the truth: every console block's output is what its command prints now,
//! every picture is what its command draws now, and every include names real, non-empty code.

use theworld::blocks::{Mode, check};

#[test]
fn every_block_and_include_in_the_book_is_current() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    // Cargo runs integration tests from the package root, which is where book paths start.
    assert_eq!(std::env::current_dir().unwrap(), root);
    let report = check(root, Mode::Verify, None);
    assert!(report.ran > 0, "no console blocks found under book/src");
    assert!(
        report.problems.is_empty(),
        "the book has drifted (run `just bless` after checking the change is intended):\n\n{}",
        report.problems.join("\n\n")
    );
}

/// The check is only worth something if it fails: a changed figure, a changed picture and a
/// misspelt anchor must each be reported, and verify must leave the picture as it found it.
#[test]
fn the_check_catches_drift_pictures_and_missing_anchors() {
    let root = std::env::temp_dir().join(format!("book-drift-{}", std::process::id()));
    let src = root.join("book/src");
    std::fs::create_dir_all(&src).unwrap();
    let picture = root.join("held.png");
    std::fs::write(&picture, b"not the real picture").unwrap();
    let table = theworld::run::run("cargo run --release -p bodies -- table").unwrap();
    let tampered = table.replacen("26.000", "26.001", 1);
    let page = format!(
        "```console\n$ cargo run --release -p bodies -- table\n{tampered}```\n\n\
         ```console\n$ cargo run --release -p bodies -- held --ticks 8 --picture {p}\n\
         tick   distance out\nwrote {p}\n```\n\n\
         ```rust\n{{{{#include ../../nowhere.rs:body}}}}\n```\n",
        p = picture.display()
    );
    std::fs::write(src.join("page.md"), page).unwrap();
    let report = check(&root, Mode::Verify, None);
    let all = report.problems.join("\n");
    assert_eq!(report.problems.len(), 4, "{all}");
    assert!(all.contains("-   1  0.000, 0.500     2.000,  0.500     26.001,   8.500"), "{all}");
    assert!(all.contains("held.png is not the picture in the book"), "{all}");
    assert!(all.contains("nowhere.rs, which cannot be read"), "{all}");
    assert_eq!(std::fs::read(&picture).unwrap(), b"not the real picture");
    std::fs::remove_dir_all(&root).unwrap();
}
