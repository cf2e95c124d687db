//! The book's pictures stay light enough for a reader on a slow line: each moving picture at
//! most 1.5 MB and every picture together at most 8 MB. A moving picture moves: a file under a
//! `moving/` folder holds more than one frame, each of which decodes. And every picture in the
//! pages carries its own size and loads lazily (see `src/pictures.rs`, whose own tests show that
//! check failing on made-up pages).

use std::path::{Path, PathBuf};

const MOVING_MOST: u64 = 1_500_000;
const ALL_MOST: u64 = 8_000_000;

/// Every file under `dir`, in a fixed order.
fn files(dir: &Path) -> Vec<PathBuf> {
    let mut found = Vec::new();
    let mut todo = vec![dir.to_path_buf()];
    while let Some(d) = todo.pop() {
        for entry in std::fs::read_dir(&d).unwrap_or_else(|e| panic!("{}: {e}", d.display())) {
            let path = entry.unwrap().path();
            if path.is_dir() { todo.push(path) } else { found.push(path) }
        }
    }
    found.sort();
    found
}

fn img() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("book/src/img")
}

#[test]
fn every_moving_picture_moves_and_is_at_most_one_and_a_half_megabytes() {
    let mut moving = 0;
    for path in files(&img()).into_iter().filter(|p| p.extension().is_some_and(|e| e == "png")) {
        let bytes = std::fs::read(&path).unwrap();
        let frames = world::pictures::film::frames(&bytes)
            .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let meant = path.components().any(|c| c.as_os_str() == "moving");
        assert!(!meant || frames > 1, "{} is in moving/ but holds one frame", path.display());
        if frames > 1 {
            moving += 1;
            assert!(
                bytes.len() as u64 <= MOVING_MOST,
                "{} is {} bytes, over the {MOVING_MOST} a moving picture may take",
                path.display(),
                bytes.len()
            );
        }
    }
    assert!(moving >= 3, "only {moving} moving pictures in the book");
}

#[test]
fn every_picture_in_the_book_together_is_at_most_eight_megabytes() {
    let all: u64 = files(&img()).iter().map(|p| std::fs::metadata(p).unwrap().len()).sum();
    assert!(all <= ALL_MOST, "book/src/img holds {all} bytes, over {ALL_MOST}");
}

#[test]
fn every_picture_in_the_pages_has_its_own_size_and_loads_lazily() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut problems = Vec::new();
    for page in theworld::blocks::pages(root) {
        let name = page.strip_prefix(root).unwrap().display().to_string();
        let text = std::fs::read_to_string(&page).unwrap();
        problems.extend(theworld::pictures::problems(&name, &text, &root.join("book/src")));
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}
