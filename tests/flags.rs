//! The book cannot forget a flag: every flag a chapter's `--help` lists, on any of its
//! subcommands, appears on that chapter's pages (its page, `crowd.md`, and the design notes
//! nested under it, `crowd-*.md`). A switch added to a chapter's `Design` shows up in its
//! `designs` table once the table is blessed, and an option needs a sentence.

use clap::Command;

/// Every flag of `cmd` and its subcommands, as a reader types it: `--ticks`, `-n`.
fn flags(cmd: &Command, into: &mut Vec<String>) {
    for a in cmd.get_arguments() {
        if matches!(a.get_id().as_str(), "help" | "version") {
            continue;
        }
        into.extend(a.get_long().map(|l| format!("--{l}")));
        into.extend(a.get_short().map(|s| format!("-{s}")));
    }
    for sub in cmd.get_subcommands() {
        flags(sub, into);
    }
}

/// Whether `flag` stands in `text` as a word of its own, not as the start of a longer flag.
fn mentions(text: &str, flag: &str) -> bool {
    let edge = |c: Option<char>| c.is_none_or(|c| !c.is_ascii_alphanumeric() && c != '-');
    text.match_indices(flag).any(|(i, _)| {
        edge(text[..i].chars().next_back()) && edge(text[i + flag.len()..].chars().next())
    })
}

/// The text of a chapter's page and of every page nested under it, `NAME-*.md`.
fn pages(name: &str) -> String {
    let mut paths: Vec<std::path::PathBuf> = std::fs::read_dir("book/src")
        .expect("the book is there")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| {
            let file = p.file_name().map(|f| f.to_string_lossy().into_owned()).unwrap_or_default();
            file == format!("{name}.md")
                || (file.starts_with(&format!("{name}-")) && file.ends_with(".md"))
        })
        .collect();
    paths.sort();
    assert!(!paths.is_empty(), "book/src/{name}.md is there");
    paths.iter().map(|p| std::fs::read_to_string(p).unwrap()).collect::<Vec<_>>().join("\n")
}

#[test]
fn every_flag_of_every_chapter_is_on_its_page() {
    let mut missing = Vec::new();
    let mut read = 0;
    for (name, cmd) in theworld::chapters::ALL.iter().map(|c| (c.name, (c.command)())) {
        let page = pages(name);
        let mut all = Vec::new();
        flags(&cmd, &mut all);
        read += all.len();
        all.sort();
        all.dedup();
        missing
            .extend(all.into_iter().filter(|f| !mentions(&page, f)).map(|f| format!("{name} {f}")));
    }
    // A reading that found no flags would find none missing: the book's chapters have dozens.
    assert!(read > 3, "the chapters list too few flags to be right: {read}");
    assert!(missing.is_empty(), "flags the book never mentions: {missing:?}");
}

#[test]
fn a_flag_is_mentioned_only_as_a_word_of_its_own() {
    assert!(mentions("run it with --crew 2", "--crew"));
    assert!(!mentions("run it with --crews", "--crew"));
    assert!(!mentions("--no-crew", "--crew"));
    assert!(mentions("`-n 120`", "-n"));
    assert!(!mentions("non-native", "-n"));
}
