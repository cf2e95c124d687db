//! Every picture in the pages carries its own width and height and waits to load until the
//! reader nears it. With its size in the page, the browser keeps the picture's room while the
//! file comes, so the text does not jump; with `loading="lazy"`, a phone fetches only the
//! pictures it scrolls to. Markdown's `![alt](file)` can say neither, so the pages write
//! `<img>`, and this check holds each one to the file it shows.

use std::ops::Range;
use std::path::Path;
use std::sync::LazyLock;

use pulldown_cmark::{Event, Parser, Tag};
use regex::Regex;

use crate::markdown::line_of;

static IMG: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"(?s)<img\b[^>]*>").unwrap());
static ATTR: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r#"(?s)([a-z-]+)\s*=\s*"([^"]*)""#).unwrap());
static SVG: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"(?s)<svg\b[^>]*>").unwrap());

/// How far a picture's width over height in the page may be from the file's: 1%, more than
/// rounding to whole pixels takes, less than any stretch a reader would see.
const SHAPE: f64 = 0.01;

/// The problems of one page, `name` being its path under `book/src`, whose pictures are under
/// `src`: each a line naming the page and line and saying what to write.
pub fn problems(name: &str, page: &str, src: &Path) -> Vec<String> {
    let mut out = Vec::new();
    let mut say =
        |at: usize, what: String| out.push(format!("{name}:{}: {what}", line_of(page, at)));
    let mut html: Vec<Range<usize>> = Vec::new();
    for (event, range) in Parser::new(page).into_offset_iter() {
        match event {
            Event::Start(Tag::Image { dest_url, .. }) => say(
                range.start,
                format!(
                    "the picture {dest_url} is written `![...](...)`, which can give it no size: \
                     write <img src=\"{dest_url}\" width=\"W\" height=\"H\" loading=\"lazy\" \
                     alt=\"...\">"
                ),
            ),
            // A tag split over lines comes as several pieces side by side: join them.
            Event::Html(_) | Event::InlineHtml(_) => match html.last_mut() {
                Some(last) if page[last.end..range.start].trim().is_empty() => last.end = range.end,
                _ => html.push(range),
            },
            _ => {}
        }
    }
    for range in html {
        for tag in IMG.find_iter(&page[range.clone()]) {
            if let Err(what) = judge(tag.as_str(), src) {
                say(range.start + tag.start(), what);
            }
        }
    }
    out
}

/// What is wrong with one `<img>` tag, if anything.
fn judge(tag: &str, src: &Path) -> Result<(), String> {
    let attr =
        |name: &str| ATTR.captures_iter(tag).find(|c| &c[1] == name).map(|c| c[2].to_string());
    let file = attr("src").ok_or("a picture with no src")?;
    let size = |name: &str| attr(name).and_then(|v| v.parse::<f64>().ok()).filter(|v| *v > 0.0);
    let (Some(w), Some(h)) = (size("width"), size("height")) else {
        return Err(format!("the picture {file} needs its width and height in whole pixels"));
    };
    if attr("loading").as_deref() != Some("lazy") {
        return Err(format!("the picture {file} needs loading=\"lazy\""));
    }
    if attr("alt").is_none_or(|a| a.trim().is_empty()) {
        return Err(format!("the picture {file} needs an alt text saying what it shows"));
    }
    let (fw, fh) = own_size(&src.join(&file))?;
    if ((w / h) / (fw / fh) - 1.0).abs() > SHAPE {
        return Err(format!(
            "the picture {file} is {fw} by {fh} but the page gives it {w} by {h}, another shape"
        ));
    }
    Ok(())
}

/// A picture file's own width and height: a PNG's from its header, an SVG's from its root
/// element's `width` and `height`.
pub fn own_size(path: &Path) -> Result<(f64, f64), String> {
    let name = path.display();
    let bytes = std::fs::read(path).map_err(|e| format!("cannot read the picture {name}: {e}"))?;
    if bytes.starts_with(b"\x89PNG\r\n\x1a\n") && bytes.len() >= 24 {
        let word = |at: usize| {
            u32::from_be_bytes([bytes[at], bytes[at + 1], bytes[at + 2], bytes[at + 3]])
        };
        return Ok((f64::from(word(16)), f64::from(word(20))));
    }
    let text = String::from_utf8_lossy(&bytes);
    let root = SVG.find(&text).ok_or(format!("the picture {name} is neither PNG nor SVG"))?;
    let attr = |n: &str| {
        ATTR.captures_iter(root.as_str())
            .find(|c| &c[1] == n)
            .and_then(|c| c[2].trim_end_matches("px").parse::<f64>().ok())
    };
    match (attr("width"), attr("height")) {
        (Some(w), Some(h)) => Ok((w, h)),
        _ => Err(format!("the picture {name} has no width and height of its own")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A folder with a 200 by 100 SVG and a 4 by 2 PNG header, for the pages below to show.
    fn pictures() -> std::path::PathBuf {
        let dir = std::env::temp_dir().join(format!("pictures-{}", std::process::id()));
        std::fs::create_dir_all(dir.join("img")).unwrap();
        std::fs::write(
            dir.join("img/box.svg"),
            "<svg xmlns=\"x\" width=\"200\" height=\"100\"></svg>",
        )
        .unwrap();
        let mut png = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR".to_vec();
        png.extend([0, 0, 0, 4, 0, 0, 0, 2]);
        std::fs::write(dir.join("img/box.png"), png).unwrap();
        dir
    }

    #[test]
    fn a_sized_lazy_picture_of_its_own_shape_passes_even_over_two_lines() {
        let dir = pictures();
        let page = "# P\n\nText.\n\n<img src=\"img/box.svg\" width=\"760\" height=\"380\" loading=\"lazy\"\n\
                    alt=\"A box, twice as wide as tall.\">\n\n\
                    <p><img src=\"img/box.png\" width=\"8\" height=\"4\" loading=\"lazy\" alt=\"b\"></p>\n";
        assert_eq!(problems("p.md", page, &dir), Vec::<String>::new());
    }

    #[test]
    fn each_missing_part_is_found_on_its_line() {
        let dir = pictures();
        for (tag, says) in [
            ("![A box](img/box.svg)", "is written `![...](...)`"),
            (
                "<img src=\"img/box.svg\" width=\"760\" loading=\"lazy\" alt=\"a\">",
                "width and height",
            ),
            (
                "<img src=\"img/box.svg\" width=\"760\" height=\"380\" alt=\"a\">",
                "loading=\"lazy\"",
            ),
            ("<img src=\"img/box.svg\" width=\"760\" height=\"380\" loading=\"lazy\">", "alt text"),
            (
                "<img src=\"img/box.svg\" width=\"760\" height=\"760\" loading=\"lazy\" alt=\"a\">",
                "another shape",
            ),
            (
                "<img src=\"img/gone.svg\" width=\"7\" height=\"7\" loading=\"lazy\" alt=\"a\">",
                "cannot read",
            ),
        ] {
            let page = format!("# P\n\nText.\n\n{tag}\n");
            let found = problems("p.md", &page, &dir);
            assert_eq!(found.len(), 1, "{tag}: {found:?}");
            assert!(found[0].starts_with("p.md:5: ") && found[0].contains(says), "{found:?}");
        }
    }

    #[test]
    fn a_picture_in_a_code_block_is_not_a_picture() {
        let dir = pictures();
        let page = "# P\n\n```html\n<img src=\"img/gone.svg\">\n```\n\n    ![x](img/gone.svg)\n";
        assert_eq!(problems("p.md", page, &dir), Vec::<String>::new());
    }
}
