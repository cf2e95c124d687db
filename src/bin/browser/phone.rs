//! A chapter page in a phone's window (375 by 812 px, see `chromium::PHONE`): its weight, and
//! what a reader there sees.
//!
//! The weight is the files the page fetched, as a plain static server sends them (their sizes
//! on disk, uncompressed), with the cache off: at most [`BEFORE_SCROLL`] before the reader
//! scrolls, and at most [`IN_ALL`] once the reader has scrolled to the end. What the reader
//! presses for (a film, a quiz) is not counted: it is fetched only when asked for.
//!
//! What a reader sees, from `phone.js`: no listing wider than the column, no text cut off by its
//! box or running past the window's edge (a live panel's picture says so of its own labels), no
//! chart whose smallest label is drawn under [`SMALLEST_LABEL`] px, and each film above its
//! still rather than beside it.

use std::collections::BTreeSet;
use std::path::Path;

use serde_json::Value;

use crate::look::{Kind, Problem};

/// The most bytes a chapter page may fetch before the reader scrolls.
pub const BEFORE_SCROLL: u64 = 1_500_000;
/// The most bytes a chapter page may fetch in all, scrolled to its end.
pub const IN_ALL: u64 = 2_500_000;
/// The smallest a chart's label may be drawn on screen, in CSS pixels.
pub const SMALLEST_LABEL: f64 = 9.0;

/// The script that reports on a page in a phone's window.
pub const PROBE: &str = include_str!("phone.js");

/// A page's weight: the bytes of the book's files among `urls`, each file counted once, and
/// the three heaviest, for the report.
pub fn weight(base: &url::Url, urls: &BTreeSet<String>) -> (u64, Vec<(u64, String)>) {
    let Ok(root) = base.to_file_path() else { return (0, vec![]) };
    let mut files: Vec<(u64, String)> = urls
        .iter()
        .filter_map(|u| {
            let path = url::Url::parse(u).ok()?.to_file_path().ok()?;
            let inside = path.strip_prefix(&root).ok()?.display().to_string();
            Some((std::fs::metadata(&path).ok()?.len(), inside))
        })
        .collect();
    files.sort_by(|a, b| b.cmp(a));
    let total = files.iter().map(|f| f.0).sum();
    files.truncate(3);
    (total, files)
}

fn megabytes(bytes: u64) -> String {
    format!("{:.2} MB", bytes as f64 / 1e6)
}

/// A page's problems in a phone's window: its weight before and after scrolling, and what
/// `report` (from `phone.js`) says a reader sees. Gives the problems and a short account.
pub fn judge(
    base: &url::Url,
    page: &str,
    report: &Value,
    before: &BTreeSet<String>,
    all: &BTreeSet<String>,
) -> (Vec<Problem>, String) {
    let (mut problems, account) = weigh(base, page, before, all);
    let mut say = |kind, says: String| problems.push(Problem { page: page.into(), kind, says });
    let w = crate::chromium::PHONE.0;
    for block in report["wide"].as_array().into_iter().flatten().filter_map(Value::as_str) {
        say(Kind::Wide, format!("at {w} px a listing runs past its column: `{block}`"));
    }
    if report["overflow"] == Value::Bool(true) {
        say(Kind::Clipped, format!("at {w} px the page is wider than the window"));
    }
    for what in report["clipped"].as_array().into_iter().flatten().filter_map(Value::as_str) {
        say(Kind::Clipped, format!("at {w} px {what}"));
    }
    for picture in report["pictures"].as_array().into_iter().flatten() {
        let src = picture["src"].as_str().unwrap_or_default();
        let (own, shown) = (picture["own"].as_f64().unwrap_or(0.0), picture["shown"].as_f64());
        let Some(smallest) = smallest_label(base, src) else { continue };
        let on_screen = smallest * shown.unwrap_or(0.0) / own.max(1.0);
        if own > 0.0 && on_screen < SMALLEST_LABEL {
            let name = src.strip_prefix(base.as_str()).unwrap_or(src);
            say(
                Kind::Small,
                format!(
                    "at {w} px the chart {name} draws its smallest label at {on_screen:.1} px, \
                     under {SMALLEST_LABEL} px"
                ),
            );
        }
    }
    let pairs = report["pairs"].as_u64().unwrap_or(0);
    if pairs > 0 {
        say(
            Kind::Phone,
            format!("at {w} px {pairs} film(s) stand beside their still, not above it"),
        );
    }
    (problems, account)
}

/// A page's weight before and after scrolling held to the budget: the problems and an
/// account of it.
fn weigh(
    base: &url::Url,
    page: &str,
    before: &BTreeSet<String>,
    all: &BTreeSet<String>,
) -> (Vec<Problem>, String) {
    let mut problems = Vec::new();
    let mut say = |says: String| {
        problems.push(Problem { page: page.into(), kind: Kind::Budget, says });
    };
    let (first, heavy) = weight(base, before);
    let (total, _) = weight(base, all);
    let heaviest =
        heavy.iter().map(|(b, f)| format!("{f} {}", megabytes(*b))).collect::<Vec<_>>().join(", ");
    if first > BEFORE_SCROLL {
        say(format!(
            "on a phone it fetches {} before the reader scrolls, over the {} allowed \
             (heaviest: {heaviest})",
            megabytes(first),
            megabytes(BEFORE_SCROLL)
        ));
    }
    if total > IN_ALL {
        say(format!(
            "on a phone it fetches {} scrolled to its end, over the {} allowed",
            megabytes(total),
            megabytes(IN_ALL)
        ));
    }
    let w = crate::chromium::PHONE.0;
    let account =
        format!("at {w} px: {} before scrolling, {} in all", megabytes(first), megabytes(total));
    (problems, account)
}

/// The smallest `font-size` a chart of the book (an SVG file) gives any of its text, in its own
/// pixels; none for a picture that is not an SVG of the book or has no text.
fn smallest_label(base: &url::Url, src: &str) -> Option<f64> {
    let inside = src.strip_prefix(base.as_str())?;
    if !inside.ends_with(".svg") {
        return None;
    }
    let svg = std::fs::read_to_string(base.to_file_path().ok()?.join(inside)).ok()?;
    sizes(&svg).into_iter().reduce(f64::min)
}

/// Every font size an SVG's text names, as an attribute or in a style.
fn sizes(svg: &str) -> Vec<f64> {
    let mut found = Vec::new();
    for (at, _) in svg.match_indices("font-size") {
        let rest = svg[at + "font-size".len()..].trim_start_matches(['=', ':', '"', '\'', ' ']);
        let number: String = rest.chars().take_while(|c| c.is_ascii_digit() || *c == '.').collect();
        if let Ok(n) = number.parse::<f64>() {
            found.push(n);
        }
    }
    found
}

/// The files a page fetched before and after scrolling, as sets of addresses.
pub fn set(urls: Vec<String>) -> BTreeSet<String> {
    urls.into_iter().collect()
}

/// The path a phone's screenshot of `page` is saved to.
pub fn shot(shots: &Path, page: &str) -> std::path::PathBuf {
    shots.join(page.replace(".html", "-phone.png"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_charts_font_sizes_are_read_as_attributes_and_styles() {
        let svg = "<text font-size=\"15.0\">a</text><text style=\"font-size: 10px\">b</text>\
                   <text font-size='12'>c</text>";
        assert_eq!(sizes(svg), vec![15.0, 10.0, 12.0]);
        assert_eq!(sizes("<svg/>"), Vec::<f64>::new());
    }
}
