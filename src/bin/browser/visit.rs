//! A built book visited page by page: every page opened and judged, its quizzes answered, and
//! every anchor a link wants looked for. The book check and its self-test both visit this way.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use serde_json::Value;

use crate::chromium::Browser;
use crate::look::{self, Kind, Problem};
use crate::phone;

/// A built mdBook: its sources (for SUMMARY.md), the folder of its pages, and axe-core's
/// script to run on them.
pub struct Book {
    pub src: PathBuf,
    pub html: PathBuf,
    pub axe: String,
}

/// The pages a reader can reach: every chapter in SUMMARY.md (each `true`: held to what a
/// reader sees), then the front page and the whole book on one page, which repeat them.
fn pages(src: &Path) -> Vec<(String, bool)> {
    let summary = std::fs::read_to_string(src.join("SUMMARY.md")).unwrap_or_default();
    let mut pages = vec![];
    for entry in theworld::markdown::summary(&summary) {
        if let Some(md) = entry.page.strip_suffix(".md") {
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
        ids.insert(page.clone(), ids_of(&report));
        let account = if reader {
            as_a_reader(browser, book, &base, &page, shots, &mut problems).await?
        } else {
            String::new()
        };
        // Read last, so that an error a quiz, a panel or the phone's visit writes is this page's.
        for line in browser.console().await? {
            let says = format!("the console says: {line}");
            problems.push(Problem { page: page.clone(), kind: Kind::Console, says });
        }
        let shot = shot.strip_prefix(shots).unwrap_or(&shot).display().to_string();
        world::shell::cli::say(format_args!("{}{account}; {shot}", looked.account));
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

/// What a page a reader reaches from the contents is held to besides: its films played and
/// paused, axe-core in every theme, its quizzes answered, its live panels played, and the page
/// again in a phone's window. Gives the account of it for the page's line.
async fn as_a_reader(
    browser: &Browser,
    book: &Book,
    base: &url::Url,
    page: &str,
    shots: &Path,
    problems: &mut Vec<Problem>,
) -> Result<String, String> {
    let mut say = |kind, says: String| problems.push(Problem { page: page.into(), kind, says });
    for p in films(browser, page).await? {
        say(p.kind, p.says);
    }
    let (found, axed) = crate::axe::check(browser.client(), &book.axe, page).await?;
    for p in found {
        say(p.kind, p.says);
    }
    let mut quizzes = 0;
    for quiz in browser.quizzes().await.map_err(|e| format!("browser: {page}: {e}"))? {
        quizzes += 1;
        for says in quiz.problems() {
            say(Kind::Quiz, says);
        }
    }
    let mut account = match quizzes {
        0 => String::new(),
        n => format!(", {} answered", world::shell::cli::count(n as u64, "quiz", "quizzes")),
    };
    for played in browser.panels(page, shots).await.map_err(|e| format!("browser: {page}: {e}"))? {
        let ms = played.ms.map_or("no time".into(), |ms| format!("{ms:.2} ms per tick"));
        account.push_str(&format!(
            ", the {} panel played to tick {} ({ms}, its longest task {:.0} ms)",
            played.world, played.tick, played.longest
        ));
        if let Some(says) = played.blocked {
            say(Kind::Blocked, format!("the {} panel {says}", played.world));
        }
        for says in played.problems {
            say(Kind::Live, format!("the {} panel: {says}", played.world));
        }
    }
    let (report, before) = browser.at_phone(base, page, phone::PROBE).await?;
    let after = browser.scroll_phone(page, &phone::shot(shots, page)).await?;
    let before = phone::set(before);
    let all = before.iter().cloned().chain(after).collect();
    let (found, phoned) = phone::judge(base, page, &report, &before, &all);
    problems.extend(found);
    Ok(format!("{account}; {axed}; {phoned}"))
}

/// Every film on the page played, as a reader presses it, then paused: each must go from
/// waiting (or playing) to playing, load, and then pause on a still. The films are left
/// playing, so that the picture checks see every film's frames.
async fn films(browser: &Browser, page: &str) -> Result<Vec<Problem>, String> {
    let script = "
      const done = arguments[arguments.length - 1];
      const films = [...document.querySelectorAll('.film')];
      const wrong = [];
      const press = f => f.querySelector('.film-button').click();
      for (const f of films) if (f.dataset.state !== 'playing') press(f);
      const loaded = () => films.every(f => f.querySelector('img').complete);
      const until = Date.now() + 20000;
      const wait = () => {
        if (!loaded() && Date.now() < until) return setTimeout(wait, 100);
        for (const f of films) {
          const img = f.querySelector('img');
          if (f.dataset.state !== 'playing' || !img.naturalWidth) {
            wrong.push(`the film ${img.dataset.film || img.src} did not play when pressed`);
            continue;
          }
          press(f);
          const still = f.querySelector('canvas');
          if (f.dataset.state !== 'paused' || still.hidden || !still.width) {
            wrong.push(`the film ${img.src} did not pause on a still when pressed again`);
          }
          press(f);
        }
        done(wrong);
      };
      wait();";
    let wrong = browser
        .client()
        .execute_async(script, vec![])
        .await
        .map_err(|e| format!("browser: {page}: playing the films: {e}"))?;
    Ok(wrong
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(Value::as_str)
        .map(|says| Problem { page: page.into(), kind: Kind::Film, says: says.into() })
        .collect())
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
