//! The figures check at its edges: a reference that asks for absurd precision or nests its
//! brackets absurdly deep is a problem in one line at its page, never a panic or a stack
//! overflow; and book/fixed.toml's mistakes are one line each, naming the file's line.

use std::path::{Path, PathBuf};
use std::process::Command;

/// A pretend repository whose one page has a named block and `prose` after it.
fn book(name: &str, prose: &str) -> PathBuf {
    let root = std::env::temp_dir().join(format!("figure-edges-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&root);
    std::fs::create_dir_all(root.join("book/src")).unwrap();
    std::fs::write(root.join("book/book.toml"), "").unwrap();
    std::fs::write(root.join("Cargo.toml"), "[workspace]\nmembers = []\n").unwrap();
    let page = format!(
        "<!-- block: was -->\n```console\n$ cargo run --release -p bodies -- table\nafter 1.5\n\
         ```\n\n{prose}\n"
    );
    std::fs::write(root.join("book/src/page.md"), page).unwrap();
    root
}

/// `blocks ARGS` in `root`: its exit code and its stderr.
fn blocks(root: &Path, args: &[&str]) -> (Option<i32>, String) {
    let o = Command::new(env!("CARGO_BIN_EXE_blocks"))
        .args(args)
        .current_dir(root)
        .output()
        .expect("the blocks binary runs");
    (o.status.code(), String::from_utf8_lossy(&o.stderr).into_owned())
}

#[test]
fn absurd_precision_and_depth_are_problems_not_crashes() {
    let deep = format!("{}was[after]{}", "(".repeat(20_000), ")".repeat(20_000));
    for (name, reference, says) in [
        ("places", "was[after] ; 70000 x".to_string(), "0 to 20"),
        ("deep", deep, "brackets more than 64 deep"),
    ] {
        let root = book(name, &format!("It is <!--= {reference} -->1.5<!--/--> now."));
        for args in [&["figures", "--check"][..], &["figures"], &["verify", "page"]] {
            let (code, err) = blocks(&root, args);
            assert_eq!(code, Some(1), "{args:?}: {err}");
            let line = err.lines().find(|l| l.contains(says)).unwrap_or_else(|| panic!("{err}"));
            assert!(line.starts_with("book/src/page.md:7: "), "{line}");
            assert!(!err.contains("panicked"), "{err}");
        }
        std::fs::remove_dir_all(&root).unwrap();
    }
}

#[test]
fn book_fixed_toml_mistakes_are_one_line_at_their_line() {
    let root = book("fixed", "Nothing typed.");
    let write = |text: &str| std::fs::write(root.join("book/fixed.toml"), text).unwrap();
    let entry = |text: &str| format!("[[fixed]]\ntext = '{text}'\nwhy = 'x'\n\n");
    write(&format!("{}{}", entry("fine"), entry("(3,000")));
    let e = theworld::figures::FixedList::read(&root).unwrap_err();
    assert_eq!(e.lines().count(), 1, "{e}");
    assert!(e.starts_with("book/fixed.toml:6: `(3,000` is not a pattern: "), "{e}");
    let (code, err) = blocks(&root, &["figures", "--check"]);
    assert_eq!(code, Some(1), "{err}");
    assert_eq!(err.matches("is not a pattern").count(), 1, "said more than once: {err}");

    write(&format!("{}[[fixed]]\ntext = 'unclosed\nwhy = 'x'\n", entry("fine")));
    let e = theworld::figures::FixedList::read(&root).unwrap_err();
    assert_eq!(e.lines().count(), 1, "{e}");
    assert!(e.starts_with("book/fixed.toml:6: "), "{e}");
    std::fs::remove_dir_all(&root).unwrap();
}
