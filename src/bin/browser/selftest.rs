//! `browser --self-test`: the check held to account. A tiny mdBook is made in a scratch folder
//! with one page for each problem a reader would see (a code block too wide for its column, a
//! picture stretched out of its shape, a flag turned into a dash, a live panel whose world does
//! not come out as the page says) and one clean page that has a block, a picture, a flag and a
//! live panel done right. The check must find each problem on its own page and nothing else
//! anywhere, or the self-test fails.

use std::path::{Path, PathBuf};
use std::process::Command;

use crate::chromium::{Browser, find};
use crate::look::{Kind, Problem};
use crate::visit::{Book, visit_all};

/// A picture twice as wide as it is tall, drawn to fill whatever box it is given, so a box of
/// another shape stretches it for real.
const PICTURE: &str = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"200\" height=\"100\" \
                       viewBox=\"0 0 200 100\" preserveAspectRatio=\"none\">\
                       <rect width=\"200\" height=\"100\" fill=\"#58c\"/>\
                       <circle cx=\"100\" cy=\"50\" r=\"40\" fill=\"#fc3\"/></svg>\n";

/// A live panel of chapter 1's world that says the swarm's digest is `digest` after 400 ticks.
fn panel(digest: &str) -> String {
    format!(
        "<div class=\"live\" data-world=\"tether\">\n<p>After tick <span \
         class=\"live-book-tick\">400</span> the swarm is <code \
         class=\"live-book-digest\">{digest}</code>.</p>\n</div>\n"
    )
}

/// The swarm's digest after 400 ticks, as chapter 1 makes it: what a right panel says.
fn swarm() -> String {
    let mut bodies = bodies::swarm::scatter(7);
    for _ in 0..400 {
        bodies::swarm::advance(&mut bodies, &[], bodies::design::Design::default());
    }
    world::base::digest::bodies(&bodies)
}

/// The pages: each one's file name, its text, and the one kind of problem it must show.
fn pages() -> Vec<(&'static str, String, Option<Kind>)> {
    let long = "x".repeat(240);
    vec![
        (
            "clean",
            "# Clean\n\nRun it with `--sorted`, a flag in a code span, and read 3–4 pages.\n\n\
             ```console\n$ echo short\nshort\n```\n\n\
             <img src=\"img/box.svg\" width=\"300\" alt=\"A box at its own shape.\">\n\n"
                .to_string()
                + &panel(&swarm()),
            None,
        ),
        ("wide", format!("# Wide\n\n```console\n$ echo wide\n{long}\n```\n"), Some(Kind::Wide)),
        (
            "stretched",
            "# Stretched\n\n<img src=\"img/box.svg\" width=\"300\" height=\"300\" \
             alt=\"A box squeezed into a square.\">\n"
                .to_string(),
            Some(Kind::Stretched),
        ),
        ("dashed", "# Dashed\n\nRun it with --sorted to see.\n".to_string(), Some(Kind::Dash)),
        ("live", format!("# Live\n\n{}", panel("0000000000000000")), Some(Kind::Live)),
    ]
}

/// Writes the tiny book under `dir`, with the repository `root`'s live panels' script and
/// module, and builds it with mdbook.
fn build(dir: &Path, root: &Path) -> Result<Book, String> {
    let src = dir.join("src");
    let write = |path: PathBuf, text: &str| {
        std::fs::create_dir_all(path.parent().unwrap_or(dir))
            .and_then(|()| std::fs::write(&path, text))
            .map_err(|e| format!("browser: cannot write {}: {e}", path.display()))
    };
    write(
        dir.join("book.toml"),
        concat!(
            "[book]\ntitle = \"Self-test\"\nsrc = \"src\"\n\n",
            "[output.html]\nadditional-js = [\"live.js\"]\n"
        ),
    )?;
    for (from, to) in [
        ("book/live.js", dir.join("live.js")),
        ("book/src/live/world.wasm", src.join("live/world.wasm")),
    ] {
        std::fs::create_dir_all(to.parent().unwrap_or(dir))
            .and_then(|()| std::fs::copy(root.join(from), &to))
            .map_err(|e| format!("browser: cannot copy {from} into the self-test's book: {e}"))?;
    }
    let mut summary = "# Summary\n\n".to_string();
    for (name, text, _) in pages() {
        summary.push_str(&format!("- [{name}]({name}.md)\n"));
        write(src.join(format!("{name}.md")), &text)?;
    }
    write(src.join("SUMMARY.md"), &summary)?;
    write(src.join("img/box.svg"), PICTURE)?;
    let mdbook = find(&["mdbook"]).ok_or(
        "browser: the self-test needs mdbook: cargo install --locked mdbook --version 0.5.4",
    )?;
    let html = dir.join("book");
    let o = Command::new(mdbook)
        .arg("build")
        .arg(dir)
        .arg("--dest-dir")
        .arg(&html)
        .output()
        .map_err(|e| format!("browser: cannot run mdbook: {e}"))?;
    if !o.status.success() {
        let err = String::from_utf8_lossy(&o.stderr);
        return Err(format!("browser: mdbook could not build the self-test's book: {err}"));
    }
    Ok(Book { src, html })
}

/// Builds the tiny book, checks it, and says what the check got wrong about it.
pub async fn run(shots: &Path, root: &Path) -> Result<Vec<String>, String> {
    let dir = std::env::temp_dir().join(format!("browser-self-test-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let book = build(&dir, root)?;
    let shots = shots.join("self-test");
    std::fs::create_dir_all(&shots)
        .map_err(|e| format!("browser: cannot make {}: {e}", shots.display()))?;
    let browser = Browser::open(&shots).await?;
    let found = visit_all(&browser, &book, &shots).await;
    browser.close().await;
    let _ = std::fs::remove_dir_all(&dir);
    Ok(judge(&found?))
}

/// What the check got wrong: a bad page whose problem it missed, and any problem it found that
/// is not the one its page was made to have.
fn judge(found: &[Problem]) -> Vec<String> {
    let mut wrong = Vec::new();
    for (name, _, kind) in pages() {
        let page = format!("{name}.html");
        let Some(kind) = kind else { continue };
        if !found.iter().any(|p| p.page == page && p.kind == kind) {
            wrong
                .push(format!("self-test: {page} has a {kind:?} problem, and the check missed it"));
        }
    }
    for p in found {
        let meant = pages().into_iter().find(|(name, _, _)| format!("{name}.html") == p.page);
        if meant.and_then(|(_, _, kind)| kind) != Some(p.kind) {
            wrong.push(format!("self-test: a problem the page was not made to have: {p}"));
        }
    }
    wrong
}
