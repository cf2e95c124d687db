//! `just pdf` writes target/book.pdf in the repository even when cargo builds elsewhere
//! (CARGO_TARGET_DIR), where the repository has no target folder yet.

use std::process::Command;

#[test]
fn the_default_pdf_goes_into_a_target_folder_made_for_it() {
    let root = std::env::temp_dir().join(format!("pdf-default-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&root);
    std::fs::create_dir_all(root.join("book")).unwrap();
    std::fs::write(root.join("book/book.toml"), "").unwrap();
    std::fs::write(root.join("Cargo.toml"), "[workspace]\nmembers = []\n").unwrap();
    let o = Command::new(env!("CARGO_BIN_EXE_pdf")).current_dir(&root).output().unwrap();
    let err = String::from_utf8_lossy(&o.stderr);
    // Not refused for its --out: it goes on, and stops at the book not built yet.
    assert_eq!(o.status.code(), Some(1), "{err}");
    assert!(err.contains("no built book in book/book"), "{err}");
    assert!(root.join("target").is_dir());
    std::fs::remove_dir_all(&root).unwrap();
}
