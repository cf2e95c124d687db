//! `browser --self-test`: the check held to account. A tiny mdBook is made in a scratch folder
//! with one page for each problem a reader would see (a code block too wide for its column, a
//! picture stretched out of its shape, a flag turned into a dash, a live panel whose world does
//! not come out as the page says, a page too heavy for a phone, a picture with no text for a
//! screen reader, a panel that holds the main thread, a label cut off on a phone, a panel with no
//! link past the sidebar) and one clean page that has a block, a picture, a flag and a live panel
//! done right, and a film whose first press does not hold, which the check must press again.
//! The tiny book has the real book's scripts and style sheets. The check must find
//! each problem on its own page and nothing else anywhere, or the self-test fails.

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

/// A page whose live panel has no skip link: its own script takes skip.js's links away.
fn unskippable() -> String {
    format!(
        "# Unskippable\n\n{}\n<script>\ndocument.addEventListener('DOMContentLoaded', () => \
         document.querySelector('nav.skip')?.remove());\n</script>\n",
        panel(&swarm())
    )
}

/// A page whose film's first press does not hold, as CI once saw on a busy machine: the film
/// waits again with no address, which a browser counts as a complete image. Held below the
/// first window, so it is still waiting when the check presses it. The check must press it
/// again and see it load, and find nothing wrong here.
fn late_film() -> String {
    "# Late film\n\n<div style=\"height: 3000px\"></div>\n\n\
     <img src=\"img/moving/tether.png\" width=\"800\" height=\"308\" loading=\"lazy\" \
     alt=\"A film whose first press is undone.\">\n\n<script>\n\
     document.addEventListener('click', (e) => {\n  \
     const box = e.target.closest('.film');\n  \
     if (!box || window.undone) return;\n  \
     window.undone = true;\n  \
     setTimeout(() => {\n    \
     box.querySelector('img').removeAttribute('src');\n    \
     box.dataset.state = 'waiting';\n  \
     }, 0);\n\
     }, true);\n</script>\n"
        .to_string()
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
        (
            "heavy",
            "# Heavy\n\n<img src=\"img/heavy.svg\" width=\"300\" alt=\"A box that weighs \
             megabytes.\">\n"
                .to_string(),
            Some(Kind::Budget),
        ),
        (
            "unnamed",
            "# Unnamed\n\n<img src=\"img/box.svg\" width=\"300\">\n".to_string(),
            Some(Kind::Axe),
        ),
        (
            "blocking",
            format!(
                "# Blocking\n\n{}\n<script>\ndocument.addEventListener('click', (e) => {{\n  \
                 if (!e.target.closest('.live-to-book')) return;\n  \
                 const t = performance.now();\n  while (performance.now() - t < 300) {{}}\n\
                 }}, true);\n</script>\n",
                panel(&swarm())
            ),
            Some(Kind::Blocked),
        ),
        ("unskippable", unskippable(), Some(Kind::Skip)),
        (
            "clipped",
            "# Clipped\n\n<p style=\"width: 8em; overflow: hidden; white-space: nowrap\">A \
             label far too long for the narrow box it was given.</p>\n"
                .to_string(),
            Some(Kind::Clipped),
        ),
        ("late-film", late_film(), None),
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
    let css = ["wide.css", "live.css", "films.css", "colours.css", "phone.css", "skip.css"];
    let js = ["skip.js", "films.js", "live.js"];
    let list =
        |names: &[&str]| names.iter().map(|n| format!("\"{n}\"")).collect::<Vec<_>>().join(", ");
    write(
        dir.join("book.toml"),
        &format!(
            "[book]\ntitle = \"Self-test\"\nsrc = \"src\"\n\n[output.html]\n\
             additional-css = [{}]\nadditional-js = [{}]\n",
            list(&css),
            list(&js)
        ),
    )?;
    let copies = css.iter().chain(&js).map(|n| (format!("book/{n}"), dir.join(n)));
    let module = ("book/src/live/world.wasm".to_string(), src.join("live/world.wasm"));
    let film = ("book/src/img/moving/tether.png".to_string(), src.join("img/moving/tether.png"));
    for (from, to) in copies.chain([module, film]) {
        std::fs::create_dir_all(to.parent().unwrap_or(dir))
            .and_then(|()| std::fs::copy(root.join(&from), &to))
            .map_err(|e| format!("browser: cannot copy {from} into the self-test's book: {e}"))?;
    }
    let mut summary = "# Summary\n\n".to_string();
    for (name, text, _) in pages() {
        summary.push_str(&format!("- [{name}]({name}.md)\n"));
        write(src.join(format!("{name}.md")), &text)?;
    }
    write(src.join("SUMMARY.md"), &summary)?;
    write(src.join("img/box.svg"), PICTURE)?;
    // The box again, made heavier than a phone's whole budget by a comment.
    let heavy = PICTURE.replace("</svg>", &format!("<!-- {} --></svg>", "x".repeat(2_600_000)));
    write(src.join("img/heavy.svg"), &heavy)?;
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
    let axe = crate::axe::source(root)?;
    Ok(Book { src, html, axe })
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

/// axe's rule for a region that scrolls but cannot be reached from the keyboard: the too-wide
/// block's page has it too, as a consequence of its one problem, and is allowed it.
const SCROLLS: &str = "scrollable-region-focusable";

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
        let also = p.page == "wide.html" && p.kind == Kind::Axe && p.says.contains(SCROLLS);
        if meant.and_then(|(_, _, kind)| kind) != Some(p.kind) && !also {
            wrong.push(format!("self-test: a problem the page was not made to have: {p}"));
        }
    }
    wrong
}
