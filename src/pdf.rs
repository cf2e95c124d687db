//! The printable book: mdBook's print page (`book/book/print.html`, every page of the book one
//! after another) printed to one PDF by headless Chromium, and the check that the PDF holds the
//! whole book.
//!
//! A moving picture is printed as its first frame. Chromium prints whatever frame an animated
//! PNG shows at the moment it prints, which on a quick machine is the first and on a busy one
//! may not be; so the page is printed from a copy in which every moving picture is swapped for
//! a still of its first frame ([`still`]), and the PDF is the same whatever the machine was
//! doing. The print style (`book/print.css`) starts each page of the book on a new sheet and
//! keeps code, tables and pictures inside the margins.
//!
//! The check ([`check`]) reads the PDF back with poppler's `pdfinfo`, `pdfimages` and
//! `pdftotext`: it opens, it has more pages than the book has pages in its summary, each of
//! those pages begins a sheet and no sheet is blank, it embeds one image for every raster
//! picture the print page shows, the text of every chart (the charts are SVG, printed as
//! vectors and text) is in it, so no picture went missing or broke, and no word runs past the
//! right margin.

use std::path::Path;
use std::process::Command;

/// The chunks that make a PNG move: without them, what is left is the default image.
const ANIMATION: [&[u8; 4]; 3] = [b"acTL", b"fcTL", b"fdAT"];

/// One chunk of a PNG: its four-letter type, and all its bytes, length and CRC included.
type Chunk<'a> = (&'a [u8], &'a [u8]);

/// The PNG's chunks, or why it is not a PNG.
fn chunks(png: &[u8]) -> Result<Vec<Chunk<'_>>, String> {
    const SIGNATURE: &[u8] = b"\x89PNG\r\n\x1a\n";
    if !png.starts_with(SIGNATURE) {
        return Err("not a PNG".into());
    }
    let mut at = SIGNATURE.len();
    let mut found = Vec::new();
    while at < png.len() {
        let head = png.get(at..at + 8).ok_or("a PNG cut short in a chunk's head")?;
        let n = u32::from_be_bytes([head[0], head[1], head[2], head[3]]) as usize;
        let end =
            at.checked_add(12 + n).filter(|&e| e <= png.len()).ok_or("a PNG chunk cut short")?;
        found.push((&png[at + 4..at + 8], &png[at..end]));
        at = end;
    }
    Ok(found)
}

/// Whether a PNG moves: it has an animation control chunk.
pub fn moves(png: &[u8]) -> bool {
    chunks(png).is_ok_and(|c| c.iter().any(|(t, _)| *t == b"acTL"))
}

/// A still of a moving PNG's first frame: the same file with the chunks that make it move left
/// out. That is the first frame only when the film's first frame is its default image, a
/// frame control chunk before the image data, which is how the book's films are written; a
/// film whose default image is not a frame of it is refused.
pub fn still(png: &[u8]) -> Result<Vec<u8>, String> {
    let all = chunks(png)?;
    let first_data =
        all.iter().position(|(t, _)| *t == b"IDAT").ok_or("a PNG with no image data")?;
    if !all[..first_data].iter().any(|(t, _)| *t == b"fcTL") {
        return Err("its default image is not its first frame".into());
    }
    let mut out = png[..8].to_vec();
    for (t, bytes) in all {
        if !ANIMATION.iter().any(|a| *a == t) {
            out.extend_from_slice(bytes);
        }
    }
    Ok(out)
}

/// One picture the print page shows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Picture {
    /// Its `src`, relative to the built book.
    pub src: String,
    /// Where in the page its `src="..."` value starts and ends.
    pub at: (usize, usize),
}

/// Every picture the print page shows, in order. mdBook draws each Markdown picture twice,
/// the second inside `<span class="img-wrapper">` for its click-to-enlarge view, which print
/// hides; that second one is left out.
pub fn pictures(page: &str) -> Vec<Picture> {
    let mut found = Vec::new();
    let mut from = 0;
    while let Some(i) = page[from..].find("<img ") {
        let start = from + i;
        let end = page[start..].find('>').map_or(page.len(), |e| start + e);
        let tag = &page[start..end];
        from = end;
        let enlarged = page[..start].trim_end().ends_with("<span class=\"img-wrapper\">");
        let Some(s) = tag.find("src=\"") else { continue };
        let value = start + s + "src=\"".len();
        let Some(len) = page[value..end].find('"') else { continue };
        if !enlarged {
            found.push(Picture {
                src: page[value..value + len].to_string(),
                at: (value, value + len),
            });
        }
    }
    found
}

/// The print page with the `src` of each picture in `swaps` (by its index in [`pictures`])
/// replaced.
pub fn swapped(page: &str, all: &[Picture], swaps: &[(usize, String)]) -> String {
    let mut out = String::with_capacity(page.len());
    let mut next = 0;
    let mut swaps: Vec<&(usize, String)> = swaps.iter().collect();
    swaps.sort_by_key(|(i, _)| all[*i].at.0);
    for (i, src) in swaps {
        let (a, b) = all[*i].at;
        out.push_str(&page[next..a]);
        out.push_str(src);
        next = b;
    }
    out.push_str(&page[next..]);
    out
}

/// The book's pages as the summary lists them (see [`crate::markdown::summary`]): how deep each
/// is nested (0 for a chapter, an appendix or the introduction, 1 for a design note under its
/// chapter) and its title.
pub fn summary_entries(summary: &str) -> Vec<(usize, String)> {
    crate::markdown::summary(summary).into_iter().map(|e| (e.depth, e.title)).collect()
}

/// The id of each `<h1 id=...>` of the print page with its title, in the page's order.
fn headings(page: &str) -> Vec<(String, String)> {
    let mut found = Vec::new();
    let mut from = 0;
    while let Some(i) = page[from..].find("<h1 id=\"") {
        let start = from + i + "<h1 id=\"".len();
        let Some(end) = page[start..].find('"').map(|e| start + e) else { break };
        let id = page[start..end].to_string();
        let Some(body) = page[end..].find('>').map(|e| end + e + 1) else { break };
        let Some(close) = page[body..].find("</h1>").map(|e| body + e) else { break };
        found.push((id, words(&strip_tags(&page[body..close]))));
        from = close;
    }
    found
}

/// Text made safe to put between HTML tags.
fn escaped(s: &str) -> String {
    s.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;")
}

/// The words the title page gives under the book's title.
pub const TITLE_PAGE_LINES: [&str; 2] = [
    "A book and its code: three chapters that build a small deterministic world and measure it.",
    "Every block of output in it was printed by the command shown above it.",
];

/// The print page with every collapsed section open: paper cannot be clicked.
pub fn opened(page: &str) -> String {
    page.replace("<details>", "<details open>")
}

/// The print page with a title page and a table of contents before the book's first page:
/// the title on a sheet of its own, then every page the summary lists, nested as it nests them,
/// each linked to where it begins. A summary entry with no page of that title is left out of
/// the contents, and the check then finds the contents short.
pub fn with_front(
    page: &str,
    title: &str,
    edition: &str,
    entries: &[(usize, String)],
    sheets: &[Option<usize>],
) -> String {
    let Some(main) = page.find("<main>").map(|m| m + "<main>".len()) else {
        return page.to_string();
    };
    let ids = headings(page);
    let mut front = String::new();
    front.push_str("<div class=\"pdf-title\" style=\"text-align: center; padding-top: 30vh\">");
    front.push_str(&format!(
        "<p style=\"font-size: 2.6em; font-weight: bold\">{}</p>",
        escaped(title)
    ));
    for line in TITLE_PAGE_LINES {
        let line = escaped(line);
        front.push_str(&format!("<p style=\"font-size: 1.1em\">{line}</p>"));
    }
    front.push_str(&format!(
        "<p class=\"pdf-edition\" style=\"font-size: 1em; margin-top: 3em\">{}</p>",
        escaped(edition)
    ));
    front.push_str("</div>");
    front.push_str("<div style=\"break-before: page; page-break-before: always;\"></div>");
    front.push_str(
        "<div class=\"pdf-contents\"><p style=\"font-size: 2em; font-weight: bold\">Contents</p>",
    );
    let mut used = 0;
    for (depth, name) in entries {
        let Some(k) = ids[used..].iter().position(|(_, t)| t == name).map(|k| used + k) else {
            continue;
        };
        used = k + 1;
        let indent = 2 * depth;
        let sheet = sheets.get(k).copied().flatten().map_or(String::new(), |n| n.to_string());
        front.push_str(&format!(
            "<p style=\"margin: 0.3em 0 0.3em {indent}em; display: flex\"><a href=\"#{}\">{}</a>\
             <span style=\"margin-left: auto\">{sheet}</span></p>",
            ids[k].0,
            escaped(name)
        ));
    }
    front.push_str("</div>");
    front.push_str("<div style=\"break-before: page; page-break-before: always;\"></div>");
    let mut out = String::with_capacity(page.len() + front.len());
    out.push_str(&page[..main]);
    out.push_str(&front);
    out.push_str(&page[main..]);
    out
}

/// The sheet (from 1) each page of the print page begins on, in the order of its titles, read
/// from a PDF printed from it: the first sheet after the one before that opens with the title.
pub fn starting_sheets(pdf: &Path, page: &str) -> Result<Vec<Option<usize>>, String> {
    let text = poppler("pdftotext", &["-layout"], pdf, &["-"])?;
    Ok(begins(&text.split('\u{c}').map(opening).collect::<Vec<_>>(), &titles(page)))
}

/// Where each title begins among sheets with these openings, in order.
fn begins(firsts: &[String], titles: &[String]) -> Vec<Option<usize>> {
    let mut from = 0;
    titles
        .iter()
        .map(|t| {
            let at = firsts[from.min(firsts.len())..].iter().position(|f| f.starts_with(t));
            at.map(|k| {
                from += k + 1;
                from
            })
        })
        .collect()
}

/// What is wrong with the PDF's front: its first sheet must open with the book's title and
/// give its edition (version, commit and date), its second must open with the contents, and the
/// contents, on the sheets before the book's first page, must name every page the print page has.
fn front_problems(
    sheets: &[&str],
    firsts: &[String],
    page: &str,
    (title, edition): (&str, &str),
) -> Vec<String> {
    let mut problems = Vec::new();
    if !firsts.first().is_some_and(|f| f.starts_with(&words(title))) {
        problems.push(format!("the PDF does not open with a title page: \"{title}\""));
    } else if !sheets.first().is_some_and(|s| words(s).contains(&words(edition))) {
        problems.push(format!("the title page does not give the edition: \"{edition}\""));
    }
    if !firsts.get(1).is_some_and(|f| f.starts_with("Contents")) {
        problems.push("the PDF's second sheet is not the contents".to_string());
    }
    let pages = titles(page);
    let body = pages.first().and_then(|t| firsts.iter().position(|f| f.starts_with(t)));
    let contents = words(&sheets[1.min(sheets.len())..body.unwrap_or(1).max(1)].join(" "));
    for t in &pages {
        if !contents.contains(t.as_str()) {
            problems.push(format!("the contents do not list the page \"{t}\""));
        }
    }
    // Each entry gives the sheet its page begins on in this very PDF.
    for (t, at) in pages.iter().zip(begins(firsts, &pages)) {
        if let Some(n) = at.filter(|_| contents.contains(t.as_str()))
            && !contents.contains(&format!("{t} {n}"))
        {
            problems.push(format!("the contents do not give page {n} for \"{t}\""));
        }
    }
    problems
}

/// The title of an SVG chart: the text of its first `<text>` element, spaces collapsed.
pub fn svg_title(svg: &str) -> Option<String> {
    let open = svg.find("<text")?;
    let body = open + svg[open..].find('>')? + 1;
    let close = body + svg[body..].find("</text>")?;
    let title = words(&svg[body..close]);
    (!title.is_empty()).then_some(title)
}

/// Text with every run of white space made one space, and the few entities SVG text uses
/// undone.
fn words(s: &str) -> String {
    let s =
        s.replace("&lt;", "<").replace("&gt;", ">").replace("&quot;", "\"").replace("&apos;", "'");
    let s = s.replace("&amp;", "&");
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// A sheet's opening words, from its first three lines of text: a long title wraps on paper, so
/// its first line alone may hold only part of it.
fn opening(sheet: &str) -> String {
    let lines: Vec<&str> = sheet.lines().map(str::trim).filter(|l| !l.is_empty()).take(3).collect();
    words(&lines.join(" "))
}

/// A sheet's text without the page number at its foot, when its last line is that number,
/// `n`, alone (print.css puts it there on every sheet).
fn numbered(sheet: &str, n: usize) -> Option<&str> {
    let body = sheet.trim_end();
    let (rest, last) = body.rsplit_once('\n').unwrap_or(("", body));
    (last.trim() == n.to_string()).then_some(rest)
}

/// The page count `pdfinfo` reports.
pub fn pages_of(pdfinfo: &str) -> Option<u32> {
    pdfinfo.lines().find_map(|l| l.strip_prefix("Pages:")).and_then(|n| n.trim().parse().ok())
}

/// How many images `pdfimages -list` reports, their soft masks left out.
pub fn images_of(list: &str) -> usize {
    list.lines().skip(2).filter(|l| l.split_whitespace().nth(2) == Some("image")).count()
}

/// The titles of the book's pages as the print page has them: the text of each `<h1 id=...>`.
pub fn titles(page: &str) -> Vec<String> {
    let mut found = Vec::new();
    let mut from = 0;
    while let Some(i) = page[from..].find("<h1 id=\"") {
        let start = from + i;
        let Some(body) = page[start..].find('>').map(|e| start + e + 1) else { break };
        let Some(end) = page[body..].find("</h1>").map(|e| body + e) else { break };
        found.push(words(&strip_tags(&page[body..end])));
        from = end;
    }
    found
}

fn strip_tags(s: &str) -> String {
    let mut out = String::new();
    let mut inside = false;
    for c in s.chars() {
        match c {
            '<' => inside = true,
            '>' => inside = false,
            c if !inside => out.push(c),
            _ => {}
        }
    }
    out.replace("&amp;", "&").replace("&#39;", "'").replace("&quot;", "\"")
}

/// Runs a poppler tool on the PDF and hands back what it printed on stdout, or one line saying
/// why it could not. `after` follows the file: `-`, for pdftotext to print and write nothing.
fn poppler(tool: &str, args: &[&str], pdf: &Path, after: &[&str]) -> Result<String, String> {
    let out = Command::new(tool).args(args).arg(pdf).args(after).output().map_err(|e| {
        format!("cannot run {tool} ({e}): install poppler-utils (apt-get install -y poppler-utils)")
    })?;
    if !out.status.success() {
        let err = String::from_utf8_lossy(&out.stderr);
        return Err(format!("{tool} cannot read the PDF: {}", err.lines().next().unwrap_or("")));
    }
    Ok(String::from_utf8_lossy(&out.stdout).into_owned())
}

/// The words that end further right than the text's left margin is from the left edge of the
/// sheet, as (sheet, word), read from `pdftotext -bbox`: text cut off, or about to be, at the
/// right margin. The left margin is where the leftmost word of the whole PDF begins, since a
/// sheet of indented lines alone does not show it.
pub fn past_the_margin(bbox: &str) -> Vec<(usize, String)> {
    /// A word where pdftotext found it: where it begins and ends across the sheet, and it.
    type Word<'a> = (f64, f64, &'a str);
    let num = |tag: &str, key: &str| -> Option<f64> {
        let at = tag.find(&format!("{key}=\""))? + key.len() + 2;
        tag[at..].split('"').next()?.parse().ok()
    };
    let sheets: Vec<(f64, Vec<Word>)> = bbox
        .split("<page ")
        .skip(1)
        .map(|sheet| {
            let words = sheet
                .split("<word ")
                .skip(1)
                .filter_map(|w| {
                    let text = w.split('>').nth(1)?.split('<').next()?;
                    Some((num(w, "xMin")?, num(w, "xMax")?, text))
                })
                .collect();
            (num(sheet, "width").unwrap_or(f64::INFINITY), words)
        })
        .collect();
    let left = sheets.iter().flat_map(|s| s.1.iter().map(|w| w.0)).fold(f64::INFINITY, f64::min);
    let mut past = Vec::new();
    for (n, (width, words)) in sheets.iter().enumerate() {
        let right = width - left + 1.0;
        past.extend(words.iter().filter(|w| w.1 > right).map(|w| (n + 1, w.2.to_string())));
    }
    past
}

/// How many images sheet `n` (from 1) of the PDF holds.
fn images_on(pdf: &Path, n: usize) -> Option<usize> {
    let n = n.to_string();
    poppler("pdfimages", &["-list", "-f", &n, "-l", &n], pdf, &[]).ok().map(|l| images_of(&l))
}

/// What the check found in a PDF that holds the whole book.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Found {
    pub pages: u32,
    pub images: usize,
    pub charts: usize,
}

/// What is wrong with the PDF's sheets one by one: a sheet with no page number at its foot, and
/// a blank sheet (nothing but its number, and no picture).
fn sheet_problems(pdf: &Path, sheets: &[&str]) -> Vec<String> {
    let mut problems = Vec::new();
    let unnumbered: Vec<usize> =
        (1..=sheets.len()).filter(|&n| numbered(sheets[n - 1], n).is_none()).collect();
    if let Some(n) = unnumbered.first() {
        problems.push(format!(
            "{} sheets have no page number at their foot, the first sheet {n}",
            unnumbered.len()
        ));
    }
    for (n, sheet) in sheets.iter().enumerate() {
        let text = numbered(sheet, n + 1).unwrap_or(sheet);
        if text.trim().is_empty() && images_on(pdf, n + 1) == Some(0) {
            problems.push(format!("sheet {} of the PDF is blank", n + 1));
        }
    }
    problems
}

/// Reads the PDF back and holds it to the print page it was printed from: `page` is that print
/// page as mdBook wrote it, `book` the built book's folder (for the charts' files) and
/// `summary` how many pages the book's summary lists.
pub fn check(
    pdf: &Path,
    page: &str,
    book: &Path,
    summary: usize,
    (title, edition): (&str, &str),
) -> Result<Found, Vec<String>> {
    let mut problems = Vec::new();
    let info = poppler("pdfinfo", &[], pdf, &[]).map_err(|e| vec![e])?;
    let pages = pages_of(&info).ok_or_else(|| vec!["pdfinfo gives no page count".to_string()])?;
    if pages as usize <= summary {
        problems.push(format!(
            "the PDF has {pages} pages, no more than the {summary} pages of the book's summary"
        ));
    }
    let shown = pictures(page);
    let (svgs, rasters): (Vec<&Picture>, Vec<&Picture>) =
        shown.iter().partition(|p| p.src.ends_with(".svg"));
    let images = images_of(&poppler("pdfimages", &["-list"], pdf, &[]).map_err(|e| vec![e])?);
    if images != rasters.len() {
        problems.push(format!(
            "the PDF embeds {images} images where the print page shows {} raster pictures: a \
             picture is missing or broken",
            rasters.len()
        ));
    }
    let text = poppler("pdftotext", &["-layout"], pdf, &["-"]).map_err(|e| vec![e])?;
    let flat = words(&text);
    for svg in &svgs {
        let file = book.join(&svg.src);
        match std::fs::read_to_string(&file).ok().as_deref().and_then(svg_title) {
            None => problems.push(format!("the chart {} has no title to look for", svg.src)),
            Some(title) if !flat.contains(&title) => problems.push(format!(
                "the chart {} is not in the PDF: its title \"{title}\" is not in its text",
                svg.src
            )),
            Some(_) => {}
        }
    }
    let sheets: Vec<&str> = text.split('\u{c}').collect();
    // pdftotext ends the last sheet with a form feed too.
    let sheets = &sheets[..sheets.len().saturating_sub(1)];
    problems.extend(sheet_problems(pdf, sheets));
    let firsts: Vec<String> = sheets.iter().map(|sheet| opening(sheet)).collect();
    problems.extend(front_problems(sheets, &firsts, page, (title, edition)));
    for title in titles(page) {
        if !firsts.iter().any(|f| f.starts_with(&title)) {
            problems.push(format!("the page \"{title}\" does not begin a sheet of the PDF"));
        }
    }
    let boxes = poppler("pdftotext", &["-bbox"], pdf, &["-"]).map_err(|e| vec![e])?;
    let past = past_the_margin(&boxes);
    if let Some((sheet, word)) = past.first() {
        problems.push(format!(
            "{} words run past the right margin, the first on sheet {sheet}: {word}",
            past.len()
        ));
    }
    if problems.is_empty() {
        Ok(Found { pages, images, charts: svgs.len() })
    } else {
        Err(problems)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A PNG's chunk: length, type, data and a CRC the check does not read.
    fn chunk(kind: &[u8; 4], data: &[u8]) -> Vec<u8> {
        let mut c = (data.len() as u32).to_be_bytes().to_vec();
        c.extend_from_slice(kind);
        c.extend_from_slice(data);
        c.extend_from_slice(&[0; 4]);
        c
    }

    fn png(kinds: &[&[u8; 4]]) -> Vec<u8> {
        let mut p = b"\x89PNG\r\n\x1a\n".to_vec();
        for k in kinds {
            p.extend(chunk(k, b"xy"));
        }
        p
    }

    #[test]
    fn the_front_lists_every_summary_page_linked_to_where_it_begins() {
        let page = "<main><h1 id=\"intro\">Introduction</h1>x<h1 id=\"a-note\">A note</h1></main>";
        let summary = "# Summary\n\n[Introduction](introduction.md)\n\n- [Missing](m.md)\n  - \
                       [A note](note.md)\n";
        let entries = summary_entries(summary);
        assert_eq!(
            entries,
            [(0, "Introduction".into()), (0, "Missing".into()), (1, "A note".into())]
        );
        let printed = with_front(page, "A & B", "version 1, 2026-12-06", &entries, &[Some(3)]);
        assert!(printed.contains("Introduction</a><span style=\"margin-left: auto\">3</span>"));
        assert!(printed.contains("A note</a><span style=\"margin-left: auto\"></span>"));
        assert!(printed.contains(">version 1, 2026-12-06</p>"), "{printed}");
        assert!(printed.starts_with("<main><div class=\"pdf-title\""), "{printed}");
        assert!(printed.contains(">A &amp; B</p>"), "{printed}");
        assert!(printed.contains("<a href=\"#intro\">Introduction</a>"), "{printed}");
        assert!(printed.contains("0.3em 2em; display: flex\"><a href=\"#a-note\">A note</a>"));
        assert!(!printed.contains("Missing"), "a title with no page is not listed");
        assert_eq!(titles(&printed), ["Introduction", "A note"], "the front adds no page title");
    }

    #[test]
    fn a_sheet_is_numbered_by_its_last_line_alone() {
        assert_eq!(numbered("Title\n  text\n\n        12\n\n", 12), Some("Title\n  text\n"));
        assert_eq!(numbered("   3  ", 3), Some(""));
        assert_eq!(numbered("Title\n  text 12\n", 12), None);
        assert_eq!(numbered("Title\n 11\n", 12), None);
        assert_eq!(numbered("", 1), None);
    }

    #[test]
    fn every_collapsed_section_is_printed_open() {
        let page = "<details>\n<summary>s</summary>\n\nx\n</details><details>";
        assert_eq!(opened(page).matches("<details open>").count(), 2);
    }

    #[test]
    fn a_pdf_without_its_front_or_with_short_contents_is_found() {
        let page = "<main><h1 id=\"i\">Introduction</h1><h1 id=\"n\">A note</h1></main>";
        let sheets = [
            "The Book\nwords\nversion 1",
            "Contents\nIntroduction   3\nA note   4",
            "Introduction\n",
            "A note",
        ];
        let firsts: Vec<String> = sheets.iter().map(|s| opening(s)).collect();
        let book = ("The Book", "version 1");
        assert!(front_problems(&sheets, &firsts, page, book).is_empty());
        assert_eq!(
            front_problems(&sheets, &firsts, page, ("The Book", "version 2")),
            ["the title page does not give the edition: \"version 2\""]
        );
        let wrong =
            ["The Book\nversion 1", "Contents\nIntroduction 3\nA note 3", "Introduction", "A note"];
        let firsts: Vec<String> = wrong.iter().map(|s| opening(s)).collect();
        assert_eq!(
            front_problems(&wrong, &firsts, page, book),
            ["the contents do not give page 4 for \"A note\""]
        );
        let short = ["The Book", "Contents\nIntroduction 3", "Introduction\n", "A note"];
        let firsts: Vec<String> = short.iter().map(|s| opening(s)).collect();
        assert_eq!(
            front_problems(&short, &firsts, page, ("The Book", "")),
            ["the contents do not list the page \"A note\""]
        );
        let bare = ["Introduction\n", "A note"];
        let firsts: Vec<String> = bare.iter().map(|s| opening(s)).collect();
        let found = front_problems(&bare, &firsts, page, book);
        assert!(found[0].contains("does not open with a title page"), "{found:?}");
        assert!(found[1].contains("second sheet is not the contents"), "{found:?}");
    }

    #[test]
    fn a_title_wrapped_on_its_sheet_still_opens_it() {
        let sheet = "\n  Design note: counted in instructions, the\nsecond round\n\nThe question\n";
        assert!(
            opening(sheet).starts_with("Design note: counted in instructions, the second round")
        );
        assert!(!opening("Some text\nDesign note: x\n").starts_with("Design note"));
    }

    #[test]
    fn a_still_is_the_film_without_what_makes_it_move() {
        let film = png(&[b"IHDR", b"acTL", b"PLTE", b"fcTL", b"IDAT", b"fcTL", b"fdAT", b"IEND"]);
        assert!(moves(&film));
        let s = still(&film).unwrap();
        assert_eq!(s, png(&[b"IHDR", b"PLTE", b"IDAT", b"IEND"]));
        assert!(!moves(&s));
        // A film whose first frame is not its default image cannot be stilled this way.
        let apart = png(&[b"IHDR", b"acTL", b"IDAT", b"fcTL", b"fdAT", b"IEND"]);
        assert!(still(&apart).unwrap_err().contains("not its first frame"));
        assert!(still(b"GIF89a").is_err());
        let mut cut = film.clone();
        cut.truncate(film.len() - 3);
        assert!(still(&cut).unwrap_err().contains("cut short"));
    }

    #[test]
    fn a_real_film_of_the_book_stills_to_its_first_frame() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR"));
        let film = std::fs::read(root.join("book/src/img/moving/tether.png")).unwrap();
        let frames = world::pictures::film::frames(&film).unwrap();
        assert!(frames > 1);
        let s = still(&film).unwrap();
        assert_eq!(world::pictures::film::frames(&s), Ok(1));
        // Both decode their default image to the same pixels.
        let decode = |b: &[u8]| {
            let mut r = png::Decoder::new(std::io::Cursor::new(b)).read_info().unwrap();
            let mut buf = vec![0; r.output_buffer_size().unwrap()];
            r.next_frame(&mut buf).unwrap();
            buf
        };
        assert_eq!(decode(&s), decode(&film));
    }

    const PAGE: &str = "<h1 id=\"a\"><a class=\"header\" href=\"#a\">Motion in Three Vectors</a></h1>\
        <p><label class=\"checkbox-label\"><input class=\"checkbox-img\" type=\"checkbox\">\
        <img src=\"img/held.svg\" alt=\"x\"><span class=\"img-wrapper\"><img src=\"img/held.svg\" alt=\"x\"></span></label></p>\
        <p class=\"pair\"><img src=\"img/moving/a.png\" alt=\"m\"><img src=\"img/a.png\" alt=\"s\"></p>\
        <h1 id=\"b\">The Herd &amp; Co</h1>";

    #[test]
    fn the_pictures_shown_are_found_and_the_enlarged_copies_left_out() {
        let all = pictures(PAGE);
        let srcs: Vec<&str> = all.iter().map(|p| p.src.as_str()).collect();
        assert_eq!(srcs, ["img/held.svg", "img/moving/a.png", "img/a.png"]);
        let out = swapped(PAGE, &all, &[(1, "../../target/pdf/still/a.png".into())]);
        assert!(out.contains("<img src=\"../../target/pdf/still/a.png\" alt=\"m\">"));
        assert!(out.contains("<img src=\"img/a.png\""));
        assert_eq!(
            out.len(),
            PAGE.len() + "../../target/pdf/still/a.png".len() - "img/moving/a.png".len()
        );
        assert_eq!(titles(PAGE), ["Motion in Three Vectors", "The Herd & Co"]);
    }

    #[test]
    fn a_word_past_the_right_margin_is_found() {
        let sheet = |words: &str| format!("<page width=\"600.0\" height=\"800.0\">{words}</page>");
        let word = |a: f64, b: f64, t: &str| {
            format!("<word xMin=\"{a}\" yMin=\"1\" xMax=\"{b}\" yMax=\"2\">{t}</word>")
        };
        let fits = sheet(&(word(50.0, 120.0, "Intro") + &word(300.0, 549.5, "edge")));
        let cut = sheet(&(word(50.0, 120.0, "Intro") + &word(500.0, 580.0, "overflowing")));
        assert_eq!(
            past_the_margin(&format!("<doc>{fits}{cut}</doc>")),
            [(2, "overflowing".to_string())]
        );
    }

    #[test]
    fn poppler_reports_are_read() {
        assert_eq!(pages_of("Title: x\nPages:           147\nEncrypted: no\n"), Some(147));
        assert_eq!(pages_of("Title: x\n"), None);
        let list = "page   num  type   width height color comp bpc  enc interp  object ID x-ppi y-ppi size ratio\n\
            --------------------------------------------------------------------------------------------\n\
              10     0 image     800   308  icc     3   8  image  no        44  0   108   108 5982B 0.8%\n\
              12     1 smask     576   410  gray    1   8  image  no        51  0    96    96 9718B 1.4%\n\
              30     2 image     576   410  icc     3   8  image  no       106  0   158   159 6164B 0.9%\n";
        assert_eq!(images_of(list), 2);
        let svg = "<svg><rect/>\n<text x=\"1\">\nA tethered body, 400 ticks &amp; more\n</text><text>tick</text></svg>";
        assert_eq!(svg_title(svg).as_deref(), Some("A tethered body, 400 ticks & more"));
    }
}
