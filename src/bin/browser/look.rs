//! What is wrong with one page, judged from the report `probe.js` took of it in the browser.
//!
//! Every page is held to the old checks: each picture loads, each moving picture's file holds
//! more than one frame, no code block is empty, every link inside the book lands on a file.
//! A page a reader reaches from the table of contents is also held to what a reader sees at
//! a 1200 px window with the sidebar open: no code block scrolls sideways, no picture is shown
//! at another shape than its own, and no flag in the prose has become a dash. (The front page
//! and the one-page print are the same pages again, so they are not judged twice on those.)

use std::fmt;
use std::path::Path;

use serde_json::{Value, json};

/// What kind of problem a page has: the self-test asks for each kind by name.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Kind {
    Load,
    Frames,
    EmptyCode,
    Link,
    Anchor,
    Console,
    Window,
    Wide,
    Stretched,
    Dash,
    /// A quiz that marked an answer other than it should, or could not be answered.
    Quiz,
    /// A live panel that did not load, step, play, or match the book at the book's tick.
    Live,
    /// A live panel that held the main thread longer than a reader can wait for a frame.
    Blocked,
    /// A page that fetches more than a phone's budget (see `phone.rs`).
    Budget,
    /// A violation of the book's own found by axe-core (see `axe.rs`).
    Axe,
    /// Text cut off by its box or running past the window's edge at a phone's width.
    Clipped,
    /// A chart whose labels are drawn too small to read at a phone's width.
    Small,
    /// A film beside its still at a phone's width, where it should stand above it.
    Phone,
    /// A film whose button does not play or pause it.
    Film,
    /// A page whose first Tab stop is not a link past the sidebar, or whose live panel has no
    /// link that skips to it.
    Skip,
}

/// One problem on one page, as the report says it.
#[derive(Clone, Debug)]
pub struct Problem {
    pub page: String,
    pub kind: Kind,
    pub says: String,
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.page, self.says)
    }
}

/// How far a picture's shown shape may be from its own: 1%, more than rounding to whole
/// pixels ever takes, less than any stretch a reader would see.
const SHAPE: f64 = 0.01;

/// A page's problems, the anchors its links want on other pages (file, anchor), and a
/// one-line account of it.
pub struct Looked {
    pub problems: Vec<Problem>,
    pub anchors: Vec<(String, String)>,
    pub account: String,
}

/// Judges one page's report. `html` is the built book's folder, `base` its address, and
/// `reader` whether the page is held to what a reader sees.
pub fn page(html: &Path, base: &url::Url, page: &str, report: &Value, reader: bool) -> Looked {
    let mut problems = Vec::new();
    let mut say = |kind, says: String| problems.push(Problem { page: page.into(), kind, says });
    let moving = pictures(base, report, &mut say);
    let empty = report["emptyCode"].as_u64().unwrap_or(0);
    if empty > 0 {
        say(Kind::EmptyCode, format!("{empty} code block(s) with nothing in them"));
    }
    let anchors = links(html, base, page, report, &mut say);
    if reader {
        reader_view(base, report, &mut say);
    }
    let account = format!(
        "{page}: {} pictures ({moving} moving), {} code blocks, {} links",
        count(report, "images"),
        report["code"].as_u64().unwrap_or(0),
        count(report, "links"),
    );
    Looked { problems, anchors, account }
}

fn count(report: &Value, key: &str) -> usize {
    report[key].as_array().map_or(0, Vec::len)
}

/// The pictures that did not load or do not move; how many move.
fn pictures(base: &url::Url, report: &Value, say: &mut impl FnMut(Kind, String)) -> usize {
    let mut images = report["images"].as_array().cloned().unwrap_or_default();
    // mdBook shows each picture twice, the second for its click-to-enlarge view.
    images.dedup_by(|a, b| a["src"] == b["src"]);
    let mut moving = 0;
    for img in &images {
        let src = shown_name(base, img["src"].as_str().unwrap_or_default());
        if img["width"].as_u64() == Some(0) || img["done"] != json!(true) {
            say(Kind::Load, format!("the picture {src} did not load"));
            continue;
        }
        match frames_of(base, img["src"].as_str().unwrap_or_default()) {
            Some(Ok(n)) if n > 1 => moving += 1,
            Some(Ok(n)) if src.contains("/moving/") => {
                say(Kind::Frames, format!("the moving picture {src} holds {n} frame, not more"))
            }
            Some(Err(e)) => say(Kind::Load, format!("the picture {src}: {e}")),
            _ => {}
        }
    }
    moving
}

/// The links inside the book that land on no file; the anchors the rest want.
fn links(
    html: &Path,
    base: &url::Url,
    page: &str,
    report: &Value,
    say: &mut impl FnMut(Kind, String),
) -> Vec<(String, String)> {
    let mut wanted = Vec::new();
    for href in report["links"].as_array().into_iter().flatten().filter_map(Value::as_str) {
        let Some(inside) = href.strip_prefix(base.as_str()) else { continue };
        let (file, anchor) = inside.split_once('#').unwrap_or((inside, ""));
        let file = if file.is_empty() { page.to_string() } else { file.to_string() };
        if !html.join(&file).is_file() {
            say(Kind::Link, format!("a link to {file}, which is not in the book"));
        } else if !anchor.is_empty() {
            wanted.push((file, anchor.to_string()));
        }
    }
    wanted
}

/// What a reader sees: the window the columns were measured at, code that fits its column,
/// pictures at their own shape, and flags that are still flags.
fn reader_view(base: &url::Url, report: &Value, say: &mut impl FnMut(Kind, String)) {
    let window = report["window"].as_u64().unwrap_or(0);
    if window != u64::from(crate::chromium::WIDTH) || report["sidebar"] != json!(true) {
        say(
            Kind::Window,
            format!(
                "measured at a {window} px window with the sidebar {}, not at {} px with it open",
                if report["sidebar"] == json!(true) { "open" } else { "shut" },
                crate::chromium::WIDTH
            ),
        );
    }
    for block in report["wide"].as_array().into_iter().flatten() {
        say(
            Kind::Wide,
            format!(
                "a code block wider than its column: its widest line is {} characters, the \
                 column shows about {}: `{}`",
                block["widest"],
                block["fits"],
                block["first"].as_str().unwrap_or_default().trim()
            ),
        );
    }
    for img in report["images"].as_array().into_iter().flatten() {
        if let Some(stretch) = stretched(img) {
            let src = shown_name(base, img["src"].as_str().unwrap_or_default());
            say(Kind::Stretched, format!("the picture {src} is shown {stretch}"));
        }
    }
    let keys = &report["keyboard"];
    if keys["firstSkips"] != json!(true) {
        let first = keys["first"].as_str().unwrap_or_default();
        say(Kind::Skip, format!("the first Tab stop is \"{first}\", not a link past the sidebar"));
    } else if keys["panel"] == json!(true) && keys["toPanel"] != json!(true) {
        say(Kind::Skip, "the live panel has no skip link: a keyboard reader tabs past the whole sidebar to reach it".into());
    }
    for dash in report["dashes"].as_array().into_iter().flatten().filter_map(Value::as_str) {
        say(
            Kind::Dash,
            format!("a flag became a dash (put it in a code span): \"{}\"", dash.trim()),
        );
    }
}

/// How a shown picture's shape differs from its own, beyond [`SHAPE`]: "576×384 in a box of
/// 432×307.5, 7.0% taller than itself". A hidden picture (no box) has no shape to judge.
fn stretched(img: &Value) -> Option<String> {
    let f = |k: &str| img[k].as_f64().unwrap_or(0.0);
    let (w, h, shown_w, shown_h) = (f("width"), f("height"), f("shownWidth"), f("shownHeight"));
    if w == 0.0 || h == 0.0 || shown_w == 0.0 || shown_h == 0.0 {
        return None;
    }
    let off = (shown_h / shown_w) / (h / w) - 1.0;
    (off.abs() > SHAPE).then(|| {
        let how = if off > 0.0 { "taller" } else { "wider" };
        let by = if off > 0.0 { off } else { (shown_w / shown_h) / (w / h) - 1.0 };
        format!(
            "{w}×{h} in a box of {shown_w:.1}×{shown_h:.1}, {:.1}% {how} than itself",
            by * 100.0
        )
    })
}

/// A picture's address as a report gives it: inside the book, its path in the book.
fn shown_name<'a>(base: &url::Url, src: &'a str) -> &'a str {
    src.strip_prefix(base.as_str()).unwrap_or(src)
}

/// The frames in a picture of the book, counted from its file: none for a picture that is not
/// a PNG.
fn frames_of(base: &url::Url, src: &str) -> Option<Result<u32, String>> {
    let inside = src.strip_prefix(base.as_str())?;
    if !inside.ends_with(".png") {
        return None;
    }
    let path = base.to_file_path().ok()?.join(inside);
    Some(
        std::fs::read(&path)
            .map_err(|e| e.to_string())
            .and_then(|b| world::pictures::film::frames(&b)),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn img(w: f64, h: f64, sw: f64, sh: f64) -> Value {
        json!({"width": w, "height": h, "shownWidth": sw, "shownHeight": sh})
    }

    #[test]
    fn a_picture_is_judged_by_its_shape_not_its_size() {
        assert_eq!(stretched(&img(576.0, 384.0, 288.0, 192.0)), None, "half size, same shape");
        assert_eq!(stretched(&img(576.0, 384.0, 288.0, 193.0)), None, "a pixel of rounding");
        let s = stretched(&img(576.0, 384.0, 432.0, 307.5)).unwrap();
        assert!(s.ends_with("6.8% taller than itself"), "{s}");
        let s = stretched(&img(200.0, 100.0, 300.0, 100.0)).unwrap();
        assert!(s.ends_with("50.0% wider than itself"), "{s}");
        assert_eq!(stretched(&img(576.0, 384.0, 0.0, 0.0)), None, "hidden");
    }
}
