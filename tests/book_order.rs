//! A chapter binary run with no arguments follows its chapter's main line: every deterministic
//! table of the chapter's page, in the order the page shows them, then the `designs` table of its
//! page *Old designs and new*. The pages promise so; this holds each binary to its page.

use theworld::console::{Kind, parse};

/// A block's arguments without the files it writes: a flag whose value is a path (it has a `/`
/// or ends in `.svg` or `.png`), and `--film` or `--close` given bare.
fn without_files(args: &str) -> String {
    let words: Vec<&str> = args.split_whitespace().collect();
    let path = |w: &str| w.contains('/') || w.ends_with(".svg") || w.ends_with(".png");
    let mut kept = Vec::new();
    let mut i = 0;
    while i < words.len() {
        if words[i].starts_with("--") && words.get(i + 1).is_some_and(|w| path(w)) {
            i += 2;
        } else {
            kept.push(words[i]);
            i += 1;
        }
    }
    kept.join(" ")
}

/// The arguments of every deterministic block on `page` that runs `chapter`, less the files it
/// writes, in page order, each once; then `designs`, unless the page has it already. A block
/// that only draws (its subcommand refuses to run without a file to write) has no table to show.
fn main_line(page: &str, chapter: &str) -> Vec<String> {
    let root = theworld::repo::find(&std::env::current_dir().unwrap()).unwrap();
    let text = std::fs::read_to_string(root.join("book/src").join(page)).unwrap();
    let prefix = format!("cargo run --release -p {chapter} -- ");
    let mut order: Vec<String> = Vec::new();
    for b in parse(&text).unwrap() {
        let Some(args) = b.command.strip_prefix(&prefix) else { continue };
        let bare = without_files(args);
        if b.kind != Kind::Plain || bare.contains('|') || order.contains(&bare) {
            continue;
        }
        let draws_only = bare != args
            && theworld::run::run(&format!("{prefix}{bare}")).unwrap().refused.is_some();
        if !draws_only {
            order.push(bare);
        }
    }
    if !order.iter().any(|o| o == "designs") {
        order.push("designs".into());
    }
    order
}

#[test]
fn each_chapter_run_bare_follows_its_main_line_in_page_order() {
    for chapter in theworld::chapters::ALL {
        let (page, name, order) = (chapter.page(), chapter.name, chapter.book_order);
        assert_eq!(order, main_line(&page, name), "{name}'s BOOK_ORDER against {page}");
    }
}
