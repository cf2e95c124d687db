//! A built book visited page by page: every page opened and judged, its quizzes answered, and
//! every anchor a link wants looked for. The book check and its self-test both visit this way.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use serde_json::Value;

use crate::chromium::Browser;
use crate::look::{self, Kind, Problem};

/// A built mdBook: its sources (for SUMMARY.md) and the folder of its pages.
pub struct Book {
    pub src: PathBuf,
    pub html: PathBuf,
}

/// The pages a reader can reach: every chapter in SUMMARY.md (each `true`: held to what a
/// reader sees), then the front page and the whole book on one page, which repeat them.
fn pages(src: &Path) -> Vec<(String, bool)> {
    let summary = std::fs::read_to_string(src.join("SUMMARY.md")).unwrap_or_default();
    let mut pages = vec![];
    for part in summary.split("](").skip(1) {
        if let Some(md) = part.split(')').next().and_then(|p| p.strip_suffix(".md")) {
            pages.push((format!("{md}.html"), true));
        }
    }
    pages.push(("index.html".into(), false));
    pages.push(("print.html".into(), false));
    pages
}

/// Every page of a book opened and judged, then every anchor a link wanted looked for.
pub async fn visit_all(
    browser: &Browser,
    book: &Book,
    shots: &Path,
) -> Result<Vec<Problem>, String> {
    let base = url::Url::from_directory_path(&book.html)
        .map_err(|()| "browser: the book's folder is not absolute")?;
    let mut problems = Vec::new();
    let mut ids: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    let mut wanted: Vec<(String, String, String)> = Vec::new();
    for (page, reader) in pages(&book.src) {
        let (report, shot) = browser.visit(&base, &page, shots).await?;
        let looked = look::page(&book.html, &base, &page, &report, reader);
        problems.extend(looked.problems);
        wanted.extend(looked.anchors.into_iter().map(|(f, a)| (page.clone(), f, a)));
        let mut quizzes = 0;
        if reader {
            for quiz in browser.quizzes().await.map_err(|e| format!("browser: {page}: {e}"))? {
                quizzes += 1;
                for says in quiz.problems() {
                    problems.push(Problem { page: page.clone(), kind: Kind::Quiz, says });
                }
            }
        }
        ids.insert(page.clone(), ids_of(&report));
        let mut answered = match quizzes {
            0 => String::new(),
            n => format!(", {} answered", world::shell::cli::count(n as u64, "quiz", "quizzes")),
        };
        if reader {
            for played in
                browser.panels(&page, shots).await.map_err(|e| format!("browser: {page}: {e}"))?
            {
                let ms = played.ms.map_or("no time".into(), |ms| format!("{ms:.2} ms per tick"));
                answered.push_str(&format!(
                    ", the {} panel played to tick {} ({ms})",
                    played.world, played.tick
                ));
                for says in played.problems {
                    let says = format!("the {} panel: {says}", played.world);
                    problems.push(Problem { page: page.clone(), kind: Kind::Live, says });
                }
            }
        }
        // Read last, so that an error a quiz or a panel writes is this page's.
        for line in browser.console().await? {
            let says = format!("the console says: {line}");
            problems.push(Problem { page: page.clone(), kind: Kind::Console, says });
        }
        let shot = shot.strip_prefix(shots).unwrap_or(&shot).display().to_string();
        world::shell::cli::say(format_args!("{}{answered}; {shot}", looked.account));
    }
    for (from, file, anchor) in wanted {
        if !ids.contains_key(&file) {
            let (report, _) = browser.visit(&base, &file, shots).await?;
            ids.insert(file.clone(), ids_of(&report));
        }
        if !has_anchor(&ids[&file], &anchor) {
            let says = format!("a link to {file}#{anchor}, but no such anchor there");
            problems.push(Problem { page: from, kind: Kind::Anchor, says });
        }
    }
    Ok(problems)
}

/// The ids on a page, for links from elsewhere to land on.
fn ids_of(report: &Value) -> BTreeSet<String> {
    let ids = report["ids"].as_array().into_iter().flatten().filter_map(Value::as_str);
    ids.map(String::from).collect()
}

/// Whether a page holds an anchor, as written in the link or decoded from it.
fn has_anchor(ids: &BTreeSet<String>, anchor: &str) -> bool {
    let decoded = url::form_urlencoded::parse(anchor.as_bytes())
        .map(|(k, v)| if v.is_empty() { k.into_owned() } else { format!("{k}={v}") })
        .collect::<String>();
    ids.contains(anchor) || ids.contains(&decoded)
}
