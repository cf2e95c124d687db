//! The book tells the truth: every console block's output is what its command prints now,
//! every picture is what its command draws now, and every include names real, non-empty code.
//! And the check itself is held to account: it fails when it should, writes nothing when it
//! verifies, and checks the tree it is run in.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::time::SystemTime;

use theworld::blocks::{Mode, check};

/// The check runs as `just verify` runs it, in a process of its own. Inside a test, every
/// thread inherits the test's captured output through a spawn hook, which allocates on each
/// thread spawned, and the allocation ledger's row of threads made every phase counts those
/// spawns: it would count two more allocations a tick here than a reader's run does.
#[test]
fn every_block_and_include_in_the_book_is_current() {
    let out = Command::new(env!("CARGO_BIN_EXE_blocks")).arg("verify").output().unwrap();
    let told = String::from_utf8_lossy(&out.stderr);
    let none = told.lines().any(|l| l.starts_with("0 commands run"));
    assert!(!none, "no console blocks found under book/src");
    assert!(
        out.status.success(),
        "the book has drifted (run `just bless` after checking the change is intended):\n\n{told}"
    );
}

/// A fresh folder for one test's pretend book.
fn scratch(name: &str) -> PathBuf {
    let root = std::env::temp_dir().join(format!("book-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&root);
    std::fs::create_dir_all(root.join("book/src")).unwrap();
    root
}

/// Every file under `dir` with its bytes and when it was last changed.
fn snapshot(dir: &Path) -> BTreeMap<PathBuf, (Vec<u8>, SystemTime)> {
    let mut all = BTreeMap::new();
    let mut todo = vec![dir.to_path_buf()];
    while let Some(d) = todo.pop() {
        for e in std::fs::read_dir(&d).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                todo.push(p);
            } else {
                let when = std::fs::metadata(&p).unwrap().modified().unwrap();
                all.insert(p.clone(), (std::fs::read(&p).unwrap(), when));
            }
        }
    }
    all
}

/// The check is only worth something if it fails: a changed figure, a changed picture, a
/// missing picture and a misspelt anchor must each be reported, and verify must leave every
/// file exactly as it found it, the wrong picture included, and make none.
#[test]
fn the_check_catches_drift_pictures_and_missing_anchors_and_writes_nothing() {
    let root = scratch("drift");
    let src = root.join("book/src");
    let picture = root.join("held.svg");
    let missing = root.join("swarm.png");
    std::fs::write(&picture, b"not the real picture").unwrap();
    let table = theworld::run::run("cargo run --release -p bodies -- table").unwrap().stdout;
    let tampered = table.replacen("26.000", "26.001", 1);
    let page = format!(
        "```console\n$ cargo run --release -p bodies -- table\n{tampered}```\n\n\
         ```console\n$ cargo run --release -p bodies -- held --ticks 8 --picture {p}\n\
         tick   distance out\nwrote {p}\n```\n\n\
         ```console\n$ cargo run --release -p bodies -- swarm --ticks 3 --picture {m}\nx\n```\n\n\
         ```rust\n{{{{#include ../../nowhere.rs:body}}}}\n```\n",
        p = picture.display(),
        m = missing.display()
    );
    std::fs::write(src.join("page.md"), page).unwrap();
    let before = snapshot(&root);
    let report = check(&root, Mode::Verify, None);
    let all = report.problems.join("\n");
    assert_eq!(report.problems.len(), 6, "{all}");
    assert!(all.contains("-   1  0.000, 0.500     2.000,  0.500     26.001,   8.500"), "{all}");
    assert!(all.contains("held.svg is not the picture in the book"), "{all}");
    assert!(all.contains("swarm.png is not in the book yet"), "{all}");
    assert!(all.contains("nowhere.rs, which cannot be read"), "{all}");
    assert_eq!(snapshot(&root), before, "verify changed a file");
    assert!(!missing.exists(), "verify made the missing picture");
    std::fs::remove_dir_all(&root).unwrap();
}

/// A command that fails is a problem wherever its fence does not say `console,refusal`, in
/// verify and bless alike, and bless never writes the failure into the book; a refusal block
/// whose command now runs is a problem too.
#[test]
fn a_failure_shows_in_the_book_only_under_a_refusal_fence() {
    let root = scratch("refusal");
    let page = root.join("book/src/page.md");
    let refused = "cargo run --release -p bodies -- held --ticks 0";
    let line = theworld::run::run(refused).unwrap().shown();
    let good = format!("```console,refusal\n$ {refused}\n{line}```\n");
    std::fs::write(&page, &good).unwrap();
    for mode in [Mode::Verify, Mode::Bless] {
        let report = check(&root, mode, None);
        assert!(report.problems.is_empty(), "{mode:?}: {:?}", report.problems);
    }
    assert_eq!(std::fs::read_to_string(&page).unwrap(), good);

    let plain = format!("```console\n$ {refused}\nwhatever was here\n```\n");
    let ran = "```console,refusal\n$ cargo run --release -p bodies -- table\nx\n```\n";
    for (text, says) in [(plain.as_str(), "failed: bodies: invalid value '0'"), (ran, "but it ran")]
    {
        std::fs::write(&page, text).unwrap();
        for mode in [Mode::Verify, Mode::Bless] {
            let report = check(&root, mode, None);
            let all = report.problems.join("\n");
            assert_eq!(report.problems.len(), 1, "{mode:?}: {all}");
            assert!(all.contains(says), "{mode:?}: {all}");
            assert_eq!(std::fs::read_to_string(&page).unwrap(), text, "{mode:?} wrote the page");
        }
    }
    std::fs::remove_dir_all(&root).unwrap();
}

/// A glossary entry whose heading was renamed away, a link to a page that is not there, and a
/// link to a heading on its own page that is gone are each a problem; links that land are not.
#[test]
fn a_link_to_a_heading_that_is_not_there_fails_the_check() {
    let root = scratch("links");
    let src = root.join("book/src");
    let table = theworld::run::run("cargo run --release -p bodies -- table").unwrap().stdout;
    let chapter = format!(
        "# A chapter\n\n## The body\n\n```console\n$ cargo run --release -p bodies -- table\n{table}```\n\n\
         ## Old designs and new\n\nSee [above](#the-body) and [gone](#the-bodies).\n"
    );
    std::fs::write(src.join("chapter.md"), chapter).unwrap();
    let glossary = "# Glossary\n\n- **body**: [here](chapter.md#the-body).\n\
                    - **design**: [here](chapter.md#old-designs-and-new).\n\
                    - **step**: [here](chapter.md#the-order-of-a-step).\n\
                    - **swarm**: [here](nowhere.md#the-swarm).\n";
    std::fs::write(src.join("glossary.md"), glossary).unwrap();
    let report = check(&root, Mode::Verify, None);
    let all = report.problems.join("\n");
    assert_eq!(report.problems.len(), 3, "{all}");
    assert!(all.contains("glossary.md:5: links to #the-order-of-a-step on chapter.md"), "{all}");
    assert!(all.contains("glossary.md:6: links to nowhere.md, which is not a page"), "{all}");
    assert!(all.contains("chapter.md:17: links to #the-bodies on this page"), "{all}");
    std::fs::remove_dir_all(&root).unwrap();
}

fn blocks(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_blocks"))
        .args(args)
        .current_dir(dir)
        .output()
        .expect("the blocks binary runs")
}

#[test]
fn a_filter_that_matches_nothing_and_extra_arguments_are_refused_and_help_is_not() {
    let here = std::env::current_dir().unwrap();
    let report = check(&here, Mode::Verify, Some("no-such-page-or-command"));
    assert_eq!(report.ran, 0);
    let unmatched = report.refused.as_deref().unwrap_or_default();
    assert!(unmatched.contains("matches `no-such-page-or-command`"), "{report:?}");
    for only in ["no-such-page-or-command", " "] {
        let o = blocks(&here, &["verify", only]);
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "{only:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{only:?}: {err}");
    }
    let o = blocks(&here, &["verify", "bodies", "herd"]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(err.contains("unexpected argument 'herd'") && err.lines().count() == 1, "{err}");
    assert_eq!(blocks(&here, &[]).status.code(), Some(2));
    let o = blocks(&here, &["--help"]);
    assert_eq!(o.status.code(), Some(0));
    let help = String::from_utf8_lossy(&o.stdout);
    assert!(help.contains("verify") && help.contains("bless") && help.contains("measure"));
}

/// Copies the repository's sources (not `target/`, `.git` or the built book) to `to`.
fn copy_tree(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for e in std::fs::read_dir(from).unwrap() {
        let f = e.unwrap().path();
        let name = f.file_name().unwrap().to_owned();
        let built_book = name == "book" && from.ends_with("book");
        if name == ".git" || name == "target" || built_book {
            continue;
        }
        let t = to.join(&name);
        if f.is_dir() {
            copy_tree(&f, &t);
        } else {
            std::fs::copy(&f, &t).unwrap();
        }
    }
}

/// A copy of the tree checks and blesses itself, found from the folder the check is run in,
/// and leaves the original alone.
#[test]
fn a_copied_tree_checks_and_blesses_itself() {
    let here = theworld::repo::find(&std::env::current_dir().unwrap()).unwrap();
    let copy = std::env::temp_dir().join(format!("book-copy-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&copy);
    copy_tree(&here, &copy);
    let page = Path::new("book/src/bodies.md");
    let original = std::fs::read_to_string(here.join(page)).unwrap();
    let when = std::fs::metadata(here.join(page)).unwrap().modified().unwrap();
    let tampered = original.replacen("26.000", "26.001", 1);
    assert_ne!(tampered, original);
    std::fs::write(copy.join(page), &tampered).unwrap();

    let o = blocks(&copy.join("chapters/bodies"), &["verify", "bodies"]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(1), "{err}");
    assert!(err.contains("bodies.md") && err.contains("26.001"), "{err}");
    assert!(err.contains(&copy.display().to_string()), "{err}");

    let o = blocks(&copy.join("book/src"), &["bless", "bodies"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert_eq!(std::fs::read_to_string(copy.join(page)).unwrap(), original);
    assert_eq!(std::fs::read_to_string(here.join(page)).unwrap(), original);
    assert_eq!(std::fs::metadata(here.join(page)).unwrap().modified().unwrap(), when);
    std::fs::remove_dir_all(&copy).unwrap();
}

/// A made-up book of two chapters: the second uses `fan` above the section that defines it, the
/// first sets it in italics as if it coined it, and a glossary entry points to a section that
/// never sets its term in italics. The check names all three. A plain use in an earlier chapter,
/// a link to the definition and code are not uses, and with those the same book passes.
#[test]
fn a_term_used_before_its_definition_fails_the_check() {
    let root = scratch("terms");
    let src = root.join("book/src");
    let table = theworld::run::run("cargo run --release -p bodies -- table").unwrap().stdout;
    let block = format!("```console\n$ cargo run --release -p bodies -- table\n{table}```\n");
    let write = |name: &str, text: &str| std::fs::write(src.join(name), text).unwrap();
    write(
        "SUMMARY.md",
        "# Summary\n\n- [One](one.md)\n- [Two](two.md)\n  - [Note](note.md)\n\n[Glossary](glossary.md)\n",
    );
    write(
        "glossary.md",
        "# Glossary\n\n- **herd**: walkers together. ([One](one.md#one))\n\
         - **fan**: nine rays. ([Eyes](two.md#eyes))\n\
         - **level**: a place in the walk. ([Note](note.md#note))\n",
    );
    write("one.md", &format!("# One\n\nA *herd* of walkers, each with its *fan*.\n\n{block}"));
    write("note.md", "# Note\n\nEach level is a set of turns.\n");
    let two = "# Two\n\nEvery creature looks with its fan.\n\n## Eyes\n\nIts *fan* is nine rays.\n";
    write("two.md", two);
    let report = check(&root, Mode::Verify, None);
    let all = report.problems.join("\n");
    assert_eq!(report.problems.len(), 3, "{all}");
    assert!(
        all.contains("book/src/one.md:3: sets \"fan\" before book/src/two.md:7 defines it"),
        "{all}"
    );
    assert!(
        all.contains("book/src/two.md:3: uses \"fan\" before book/src/two.md:7 defines it"),
        "{all}"
    );
    assert!(
        all.contains("glossary.md:5: **level** links to note.md#note, but that section never"),
        "{all}"
    );

    write("note.md", "# Note\n\nEach *level* is a set of turns.\n");
    write("one.md", &format!("# One\n\nA *herd* of walkers, each with its fan.\n\n{block}"));
    for fixed in [
        "# Two\n\nEvery creature looks with its `fan`.\n\n## Eyes\n\nIts *fan* is nine rays.\n",
        "# Two\n\nEvery creature looks with its [fan](#eyes).\n\n## Eyes\n\nIts *fan* is nine rays.\n",
        "# Two\n\n## Eyes\n\nIts *fan* is nine rays, so every creature looks with its fan.\n",
    ] {
        write("two.md", fixed);
        let report = check(&root, Mode::Verify, None);
        assert!(report.problems.is_empty(), "{fixed}\n{:?}", report.problems);
    }
    std::fs::remove_dir_all(&root).unwrap();
}

/// The real book defines every glossary term before any page uses it.
#[test]
fn the_book_defines_every_term_before_it_uses_it() {
    let here = theworld::repo::find(&std::env::current_dir().unwrap()).unwrap();
    let problems = theworld::terms::check(&here);
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}
