//! `class DIR`, the students' copy: made whole in a new folder from the last commit, with no
//! answer in it and its own one-commit history, or not made at all; never over a folder that
//! holds something, never inside the teacher's repository. CI (`.ci/run`) then runs the copy's
//! own book check and tests.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

const CLASS: &str = env!("CARGO_BIN_EXE_class");

/// The tree under test, as cargo names it when it runs the test, not as it was when the test
/// was built: a copy of the repository sharing this target folder (CI's class copy) tests itself.
fn root() -> PathBuf {
    std::env::var_os("CARGO_MANIFEST_DIR")
        .map_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")), PathBuf::from)
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("class-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn class(at: &Path, args: &[&str]) -> Output {
    Command::new(CLASS).args(args).current_dir(at).output().expect("class runs")
}

fn git(at: &Path, args: &[&str]) -> String {
    let o = Command::new("git").args(args).current_dir(at).output().expect("git runs");
    assert!(o.status.success(), "git {args:?}: {}", String::from_utf8_lossy(&o.stderr));
    String::from_utf8_lossy(&o.stdout).into_owned()
}

/// What is in a folder, by name.
fn names(dir: &Path) -> Vec<String> {
    let mut all: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    all.sort();
    all
}

#[test]
fn a_folder_with_something_in_it_or_inside_the_repository_is_refused_in_one_line() {
    let top = scratch("refused");
    std::fs::create_dir(top.join("full")).unwrap();
    std::fs::write(top.join("full/notes.txt"), "mine").unwrap();
    std::fs::write(top.join("file"), "mine").unwrap();
    let full = top.join("full");
    let file = top.join("file");
    let nowhere = top.join("no/such");
    for (dir, says) in [
        (full.to_str().unwrap(), "is there and not empty; give a new folder"),
        (file.to_str().unwrap(), "is there and is not a folder"),
        (nowhere.to_str().unwrap(), "is not there"),
        ("classroom", "is inside this repository; give a folder outside it"),
    ] {
        let o = class(&root(), &["--no-pdf", dir]);
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "{dir}: {err}");
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(err.starts_with(&format!("class: {dir}: ")) && err.contains(says), "{err}");
    }
    assert_eq!(std::fs::read_to_string(top.join("full/notes.txt")).unwrap(), "mine");
    assert_eq!(names(&top), ["file", "full"]);
    assert!(!root().join("classroom").exists());
    std::fs::remove_dir_all(&top).unwrap();
}

#[test]
fn a_copy_that_fails_half_way_leaves_no_folder() {
    // A repository with a commit but no answers to take out: the copy is refused after the
    // tree is written, and nothing of it is left beside the folder asked for.
    let top = scratch("half");
    let repo = top.join("repo");
    std::fs::create_dir_all(repo.join("book/src")).unwrap();
    std::fs::write(repo.join("book/book.toml"), "").unwrap();
    std::fs::write(repo.join("Cargo.toml"), "[workspace]\nmembers = []\n").unwrap();
    std::fs::write(repo.join("book/src/SUMMARY.md"), "# Summary\n").unwrap();
    git(&repo, &["init", "-q"]);
    git(&repo, &["add", "-A"]);
    git(&repo, &["-c", "user.name=t", "-c", "user.email=t@t", "commit", "-q", "-m", "t"]);
    let o = class(&repo, &["--no-pdf", "../copy"]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(1), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("no answers/ folder") && err.contains("nothing was made"), "{err}");
    assert_eq!(names(&top), ["repo"]);
    std::fs::remove_dir_all(&top).unwrap();
}

/// A folder of programs holding only git and tar, the two the copy itself needs: a machine
/// with none of the handout's tools.
fn bare_path(top: &Path) -> PathBuf {
    let bin = top.join("bin");
    std::fs::create_dir_all(&bin).unwrap();
    let path = std::env::var_os("PATH").unwrap_or_default();
    for tool in ["git", "tar"] {
        let found = std::env::split_paths(&path).map(|d| d.join(tool)).find(|p| p.is_file());
        std::os::unix::fs::symlink(found.expect("git and tar are installed"), bin.join(tool))
            .unwrap();
    }
    bin
}

#[test]
fn the_copy_has_no_answer_a_history_of_its_own_and_every_link_true() {
    let top = scratch("made");
    let dir = top.join("class");
    // Asked for its handout where Chromium and the rest are missing: one line says so.
    let o = Command::new(CLASS)
        .arg(&dir)
        .env("PATH", bare_path(&top))
        .current_dir(root())
        .output()
        .expect("class runs");
    std::fs::remove_dir_all(top.join("bin")).unwrap();
    let out = String::from_utf8_lossy(&o.stdout);
    let err = String::from_utf8_lossy(&o.stderr);
    if !root().join("answers").is_dir() {
        // This tree is a students' copy itself: there is nothing to take out.
        assert_eq!(o.status.code(), Some(1), "{out}{err}");
        assert!(err.contains("a students' copy already"), "{err}");
        assert_eq!(names(&top), Vec::<String>::new());
        std::fs::remove_dir_all(&top).unwrap();
        return;
    }
    assert!(o.status.success(), "{out}{err}");
    assert!(out.lines().last().unwrap().starts_with("class: made "), "{out}");
    let none = out.lines().filter(|l| l.starts_with("class: no handout PDF: needs ")).count();
    assert_eq!(none, 1, "{out}");
    assert!(out.contains("chromium (to print it)"), "{out}");
    assert!(!dir.join("target/book.pdf").exists());
    assert_eq!(names(&top), ["class"], "nothing else beside the copy");
    for gone in ["answers", "book/src/answers.md", "book/src/teaching.md"] {
        assert!(!dir.join(gone).exists(), "{gone} is in the students' copy");
    }
    let summary = std::fs::read_to_string(dir.join("book/src/SUMMARY.md")).unwrap();
    assert!(!summary.contains("answers.md") && !summary.contains("teaching.md"), "{summary}");
    assert!(summary.contains("(glossary.md)"), "{summary}");
    for entry in std::fs::read_dir(dir.join("book/src")).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "md") {
            let text = std::fs::read_to_string(&path).unwrap();
            assert!(!text.contains("answers.md") && !text.contains("teaching.md"), "{path:?}");
            assert!(!text.contains("answers page"), "{path:?} speaks of the answers page");
        }
    }
    let bodies = std::fs::read_to_string(dir.join("book/src/bodies.md")).unwrap();
    assert_eq!(bodies.matches("Your teacher has the answer.").count(), 4);
    // Its own history: one commit, the whole tree in it, nothing left over.
    assert_eq!(git(&dir, &["rev-list", "--count", "HEAD"]).trim(), "1");
    assert_eq!(git(&dir, &["status", "--porcelain"]), "");
    assert!(git(&dir, &["ls-files"]).lines().any(|f| f == "book/src/bodies.md"));
    let book = git(&dir, &["log", "-p", "--", "book", "answers"]);
    assert!(!book.contains("Answered here") && !book.contains("answers.md"), "in the history");
    // Made again into the same folder: refused, the copy left as it was.
    let o = class(&root(), &["--no-pdf", dir.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(git(&dir, &["rev-list", "--count", "HEAD"]).trim(), "1");
    std::fs::remove_dir_all(&top).unwrap();
}
