//! What the book has a reader write outside its pictures' folder, a lab's `--picture held.svg`
//! or `--shot shots`, is ignored by git, so a student's `git add -A` or a teacher's commit does
//! not take it in.

use std::path::PathBuf;
use std::process::Command;

use theworld::markdown;

/// The flags through which a chapter command writes a file or a folder of files.
const WRITES: [&str; 7] =
    ["--picture", "--shot", "--film", "--out", "--chart", "--pack", "--timeline"];

/// Every path a command shown in a page writes, outside `book/src/img`: the commands are the
/// lines of its code blocks and its spans of code that run `cargo run`.
fn written(page: &str) -> Vec<String> {
    let mut shown: Vec<String> = markdown::code(page).into_iter().map(|c| c.body).collect();
    shown.extend(markdown::spans(page));
    let mut found = Vec::new();
    for line in shown.iter().flat_map(|s| s.lines()).filter(|l| l.contains("cargo run")) {
        let words: Vec<&str> = line.split_whitespace().collect();
        for pair in words.windows(2) {
            if WRITES.contains(&pair[0]) {
                let path = pair[1].trim_matches('`');
                if !path.starts_with("book/src/img") && !path.starts_with('-') {
                    found.push(path.to_string());
                }
            }
        }
    }
    found
}

/// The tree under test, as cargo names it when it runs the test, not as it was when the test
/// was built: a copy of the repository sharing this target folder (CI's class copy) tests itself.
fn root() -> PathBuf {
    std::env::var_os("CARGO_MANIFEST_DIR")
        .map_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")), PathBuf::from)
}

#[test]
fn every_file_a_lab_or_a_page_writes_in_the_tree_is_ignored_by_git() {
    let root = root();
    let mut all = Vec::new();
    for entry in std::fs::read_dir(root.join("book/src")).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "md") {
            all.extend(written(&std::fs::read_to_string(&path).unwrap()));
        }
    }
    // The teaching page's labs write these two; a students' copy has no teaching page.
    if root.join("book/src/teaching.md").is_file() {
        assert!(all.iter().any(|p| p == "held.svg") && all.iter().any(|p| p == "shots"), "{all:?}");
    }
    for path in &all {
        // Ignored as a file, or as a folder of files: git exits 0 when either is.
        let ignored = Command::new("git")
            .args(["check-ignore", "--no-index", path, &format!("{path}/x.png")])
            .current_dir(&root)
            .stdout(std::process::Stdio::null())
            .status()
            .expect("git runs");
        assert!(
            ignored.success(),
            "{path}, which a page has the reader write, is not in .gitignore"
        );
    }
}

#[test]
fn a_written_path_is_read_from_its_command() {
    let page = "```text\ncargo run --release -p herd -- alone --shot shots\n\
                cargo run -p bodies -- held --picture book/src/img/held.svg\n```\n";
    assert_eq!(written(page), ["shots"]);
    // A command in a sentence is read; one in a comment, or words in prose, are not.
    let page = "Run `cargo run -p bodies -- held --picture held.svg` first.\n\n\
                <!--\ncargo run -p herd -- alone --shot hidden\n-->\n\nThe flag --shot x is cargo run.\n";
    assert_eq!(written(page), ["held.svg"]);
}
