//! axe-core (the npm package, pinned in the justfile's `browser` recipe and installed under
//! `target/axe`) run on every page in each of mdBook's five themes. A page fails on any
//! violation the book's own files cause; those mdBook's template causes are allowed, each
//! listed in [`ALLOWED`] with where it comes from and why the book leaves it.

use std::path::{Path, PathBuf};

use fantoccini::Client;
use serde_json::Value;

use crate::look::{Kind, Problem};

/// The themes, the first with every rule and the rest with the colour rules only.
pub const THEMES: [&str; 5] = ["light", "rust", "coal", "navy", "ayu"];

/// Where axe-core is installed, under the repository.
pub const INSTALLED: &str = "target/axe/node_modules/axe-core/axe.min.js";

/// What to run when axe-core is missing.
const INSTALL: &str = "npm install --prefix target/axe --no-save axe-core@4.11.4";

/// The violations mdBook's template causes: the rule, where the element is (see `axe.js`), and
/// why it is allowed. Anything else fails the page.
pub const ALLOWED: &[(&str, &str, &str)] = &[
    (
        "aria-allowed-attr",
        "menu bar",
        "mdBook's sidebar toggle is a <label> given aria-expanded, which a label may not carry",
    ),
    (
        "region",
        "menu bar",
        "mdBook's menu bar stands outside any landmark, above the page's <main>",
    ),
    (
        "color-contrast",
        "sidebar",
        "the coal and navy themes colour the current chapter in the sidebar below 4.5:1",
    ),
    ("color-contrast", "menu bar", "the coal theme greys the book's title in the menu bar"),
    (
        "color-contrast",
        "code colouring",
        "mdBook's highlight.js themes colour some tokens (ayu's comments) below 4.5:1",
    ),
    ("color-contrast", "page turns", "the dark themes draw the page-turn arrows faintly"),
];

/// axe-core's script, read from where the justfile's `browser` recipe installs it.
pub fn source(root: &Path) -> Result<String, String> {
    let path: PathBuf = root.join(INSTALLED);
    std::fs::read_to_string(&path).map_err(|e| {
        format!("browser: no axe-core at {} ({e}); install it: {INSTALL}", path.display())
    })
}

/// The script that runs axe in each theme (see `axe.js`).
const RUN: &str = include_str!("axe.js");

/// axe run on the page open in `client`, in every theme: the violations the book's own files
/// cause as problems, and how many of each kind there were per theme.
pub async fn check(
    client: &Client,
    axe: &str,
    page: &str,
) -> Result<(Vec<Problem>, String), String> {
    let inject = "if (!window.axe) { const s = document.createElement('script'); \
                  s.textContent = arguments[0]; document.head.append(s); } return !!window.axe;";
    let loaded = client
        .execute(inject, vec![axe.into()])
        .await
        .map_err(|e| format!("browser: {page}: cannot load axe-core: {e}"))?;
    if loaded != Value::Bool(true) {
        return Err(format!("browser: {page}: axe-core did not load"));
    }
    let themes: Vec<Value> = THEMES.iter().map(|&t| t.into()).collect();
    let found = client
        .execute_async(RUN, vec![Value::Array(themes)])
        .await
        .map_err(|e| format!("browser: {page}: axe-core: {e}"))?;
    if let Some(e) = found["error"].as_str() {
        return Err(format!("browser: {page}: axe-core: {e}"));
    }
    let mut problems = Vec::new();
    let mut own = [0; THEMES.len()];
    let mut template = [0; THEMES.len()];
    for v in found.as_array().into_iter().flatten() {
        let (rule, place) = (v["rule"].as_str().unwrap_or(""), v["place"].as_str().unwrap_or(""));
        let theme = v["theme"].as_str().unwrap_or("");
        let t = THEMES.iter().position(|&x| x == theme).unwrap_or(0);
        if ALLOWED.iter().any(|(r, p, _)| *r == rule && *p == place) {
            template[t] += 1;
            continue;
        }
        own[t] += 1;
        problems.push(Problem {
            page: page.into(),
            kind: Kind::Axe,
            says: format!(
                "axe-core, {theme} theme: {rule} ({}) at `{}` ({place}): {}",
                v["impact"].as_str().unwrap_or("?"),
                v["target"].as_str().unwrap_or("?"),
                v["why"].as_str().unwrap_or("")
            ),
        });
    }
    let counts = THEMES
        .iter()
        .enumerate()
        .map(|(i, t)| format!("{t} {}+{}", own[i], template[i]))
        .collect::<Vec<_>>()
        .join(", ");
    Ok((problems, format!("axe (the book's + mdBook's): {counts}")))
}
