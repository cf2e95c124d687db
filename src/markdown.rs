//! The one reader of the book's markdown, built on pulldown-cmark (the parser mdBook itself
//! renders with), so every check sees a page as a reader's browser will: a `~~~` fence, an
//! indented block and a fence inside a quote are code, and an HTML comment may run over lines.
//! Each function gives byte ranges into the page, so a caller can still speak of lines.

use std::ops::Range;

use pulldown_cmark::{CodeBlockKind, Event, Options, Parser, Tag, TagEnd};

/// The page's events with their byte ranges, under the extensions mdBook turns on that change
/// what is code or prose (tables and strikethrough).
fn events(text: &str) -> impl Iterator<Item = (Event<'_>, Range<usize>)> {
    Parser::new_ext(text, Options::ENABLE_TABLES | Options::ENABLE_STRIKETHROUGH).into_offset_iter()
}

/// One code block of a page.
#[derive(Clone, Debug, PartialEq)]
pub struct Code {
    /// The fence's info string (`console,measured`), empty for an indented block.
    pub info: String,
    /// The whole block in the page, its fences included.
    pub range: Range<usize>,
    /// What the block holds, less its fences and any quote marks or indent around it.
    pub body: String,
    /// Whether a fenced block closes before the page ends (an indented one always does).
    pub closed: bool,
}

/// Every code block of a page, in order.
pub fn code(text: &str) -> Vec<Code> {
    let mut found: Vec<Code> = Vec::new();
    let mut inside = false;
    for (event, range) in events(text) {
        match event {
            Event::Start(Tag::CodeBlock(kind)) => {
                let (info, closed) = match &kind {
                    CodeBlockKind::Fenced(info) => (info.to_string(), closes(&text[range.clone()])),
                    CodeBlockKind::Indented => (String::new(), true),
                };
                found.push(Code { info, range, body: String::new(), closed });
                inside = true;
            }
            Event::End(TagEnd::CodeBlock) => inside = false,
            Event::Text(t) if inside => {
                if let Some(c) = found.last_mut() {
                    c.body.push_str(&t);
                }
            }
            _ => {}
        }
    }
    found
}

/// Whether a fenced block's text ends in a closing fence: a last line of its opening fence's
/// character only, at least as many. The parser runs an unclosed block to the end of the page.
fn closes(block: &str) -> bool {
    let first = block.trim_start();
    let Some(fence) = first.chars().next() else { return false };
    let open = first.chars().take_while(|&c| c == fence).count();
    let mut lines = block.trim_end().lines();
    lines.next();
    lines.next_back().is_some_and(|last| {
        let last = last.trim_start_matches(['>', ' ', '\t']).trim_end();
        last.len() >= open && last.chars().all(|c| c == fence)
    })
}

/// Whether a byte range of the page touches any code block.
pub fn in_code(code: &[Code], span: Range<usize>) -> bool {
    code.iter().any(|c| span.start < c.range.end && c.range.start < span.end.max(span.start + 1))
}

/// One link of a page: where it goes (as written, less any escapes), where it stands, and
/// where its words stand inside it (`[these](page.md)`), as written.
#[derive(Clone, Debug, PartialEq)]
pub struct Link {
    pub dest: String,
    pub range: Range<usize>,
    pub words: Range<usize>,
}

/// Every link of a page outside code, in order (images are not links).
pub fn links(text: &str) -> Vec<Link> {
    let mut found: Vec<Link> = Vec::new();
    let mut depth = 0;
    for (event, range) in events(text) {
        match event {
            Event::Start(Tag::Link { dest_url, .. }) => {
                let words = range.start..range.start;
                found.push(Link { dest: dest_url.to_string(), range, words });
                depth += 1;
            }
            Event::End(TagEnd::Link) => depth -= 1,
            _ if depth > 0 => {
                if let Some(link) = found.last_mut() {
                    if link.words.is_empty() {
                        link.words = range;
                    } else {
                        link.words.end = link.words.end.max(range.end);
                    }
                }
            }
            _ => {}
        }
    }
    found
}

/// The plain text of each heading of a page, in order: its words and code, without the marks
/// of emphasis or code (what mdBook makes a heading's id from).
pub fn headings(text: &str) -> Vec<String> {
    let mut found = Vec::new();
    let mut open: Option<String> = None;
    for (event, _) in events(text) {
        match event {
            Event::Start(Tag::Heading { .. }) => open = Some(String::new()),
            Event::End(TagEnd::Heading(_)) => found.extend(open.take()),
            Event::Text(t) | Event::Code(t) => {
                if let Some(h) = open.as_mut() {
                    h.push_str(&t);
                }
            }
            _ => {}
        }
    }
    found
}

/// One section of a page: its heading's level (1 for `#`) and plain text, where the heading
/// stands, and where the section runs, from its heading to the next heading of its level or
/// above (or the page's end).
#[derive(Clone, Debug, PartialEq)]
pub struct Section {
    pub level: usize,
    pub title: String,
    pub heading: Range<usize>,
    pub range: Range<usize>,
}

/// Every section of a page, in the order their headings stand; a section holds those below it.
pub fn sections(text: &str) -> Vec<Section> {
    let mut found: Vec<Section> = Vec::new();
    let mut open = false;
    for (event, range) in events(text) {
        match event {
            Event::Start(Tag::Heading { level, .. }) => {
                let level = level as usize;
                for s in found.iter_mut().filter(|s| s.range.end == text.len() && s.level >= level)
                {
                    s.range.end = range.start;
                }
                let (heading, range) = (range.clone(), range.start..text.len());
                found.push(Section { level, title: String::new(), heading, range });
                open = true;
            }
            Event::End(TagEnd::Heading(_)) => open = false,
            Event::Text(t) | Event::Code(t) if open => {
                if let Some(s) = found.last_mut() {
                    s.title.push_str(&t);
                }
            }
            _ => {}
        }
    }
    found
}

/// The text of every span of code in a sentence (`` `cargo run` ``), in order.
pub fn spans(text: &str) -> Vec<String> {
    events(text)
        .filter_map(|(event, _)| match event {
            Event::Code(c) => Some(c.into_string()),
            _ => None,
        })
        .collect()
}

/// Where each item of a page's lists stands, its nested lists with it, in order.
pub fn items(text: &str) -> Vec<Range<usize>> {
    events(text)
        .filter_map(|(event, range)| matches!(event, Event::Start(Tag::Item)).then_some(range))
        .collect()
}

/// The text of every phrase in bold (`**so**`) on a page, with where it stands.
pub fn strong(text: &str) -> Vec<(String, Range<usize>)> {
    let mut found: Vec<(String, Range<usize>)> = Vec::new();
    let mut depth = 0;
    for (event, range) in events(text) {
        match event {
            Event::Start(Tag::Strong) => {
                if depth == 0 {
                    found.push((String::new(), range));
                }
                depth += 1;
            }
            Event::End(TagEnd::Strong) => depth -= 1,
            Event::Text(t) | Event::Code(t) if depth > 0 => {
                if let Some((s, _)) = found.last_mut() {
                    s.push_str(&t);
                }
            }
            _ => {}
        }
    }
    found
}

/// The byte range of every HTML comment of a page outside code, `<!--` to `-->`, whether it
/// stands inline in a sentence or as a block of its own over several lines.
pub fn comments(text: &str) -> Vec<Range<usize>> {
    let mut html: Vec<Range<usize>> = Vec::new();
    for (event, range) in events(text) {
        match event {
            // An HTML block comes as a start and a line per event; its start spans it whole.
            Event::Start(Tag::HtmlBlock) => html.push(range),
            Event::InlineHtml(_) if html.last().is_none_or(|h| h.end < range.end) => {
                html.push(range)
            }
            _ => {}
        }
    }
    let mut found = Vec::new();
    for h in html {
        let mut from = h.start;
        while let Some(open) = text[from..h.end].find("<!--").map(|i| i + from) {
            let Some(shut) = text[open + 4..h.end].find("-->").map(|i| i + open + 7) else {
                break;
            };
            found.push(open..shut);
            from = shut;
        }
    }
    found
}

/// What the HTML comment standing alone on the line or lines right above byte `at` (the start
/// of a line) says, less its `<!--` and `-->`: how a page names what follows it. The comment may
/// run over several lines; one that shares a line with anything else, or has a blank line
/// between it and `at`, stands above nothing.
pub fn comment_above(text: &str, at: usize) -> Option<&str> {
    let alone = |c: &Range<usize>| {
        let line = text[..c.start].rfind('\n').map_or(0, |n| n + 1);
        let after = text.get(c.end..at).unwrap_or("\n\n");
        text[line..c.start].trim().is_empty()
            && after.trim().is_empty()
            && after.matches('\n').count() == 1
    };
    comments(text).into_iter().find(alone).map(|c| &text[c.start + 4..c.end - 3])
}

/// Where each block of raw HTML of a page stands, outside code: the lines markdown hands to the
/// browser as they are (`<details>`, a comment of its own), each block from its first line to
/// the blank line that ends it.
pub fn html(text: &str) -> Vec<Range<usize>> {
    events(text)
        .filter_map(|(event, range)| matches!(event, Event::Start(Tag::HtmlBlock)).then_some(range))
        .collect()
}

/// One page the book's summary (`SUMMARY.md`) lists.
#[derive(Clone, Debug, PartialEq)]
pub struct Entry {
    /// How deep its list nests it: 0 for a chapter or a page before or after the chapters, 1
    /// for a design note under its chapter.
    pub depth: usize,
    /// Its title, the link's plain text.
    pub title: String,
    /// Its file, as the link gives it (`herd.md`), empty for a draft.
    pub page: String,
}

/// Every page the book's summary lists, in its order, as mdBook reads the summary: each link,
/// nested as its list nests it.
pub fn summary(text: &str) -> Vec<Entry> {
    let mut found = Vec::new();
    let mut depth = 0usize;
    let mut open: Option<Entry> = None;
    for (event, _) in events(text) {
        match event {
            Event::Start(Tag::List(_)) => depth += 1,
            Event::End(TagEnd::List(_)) => depth -= 1,
            Event::Start(Tag::Link { dest_url, .. }) => {
                let (depth, page) = (depth.saturating_sub(1), dest_url.to_string());
                open = Some(Entry { depth, title: String::new(), page });
            }
            Event::End(TagEnd::Link) => found.extend(open.take()),
            Event::Text(t) | Event::Code(t) => {
                if let Some(e) = open.as_mut() {
                    e.title.push_str(&t);
                }
            }
            _ => {}
        }
    }
    found
}

/// The 1-based line a byte of the page stands on.
pub fn line_of(text: &str, at: usize) -> usize {
    text[..at.min(text.len())].matches('\n').count() + 1
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn backtick_and_tilde_fences_and_indented_blocks_are_code() {
        let page = "Prose.\n\n```console\n$ a\n```\n\n~~~text\n[x](a.md#b)\n~~~\n\n    [y](c.md#d)\n\nEnd.\n";
        let c = code(page);
        assert_eq!(c.len(), 3, "{c:?}");
        assert_eq!((c[0].info.as_str(), c[0].body.as_str()), ("console", "$ a\n"));
        assert_eq!((c[1].info.as_str(), c[1].body.as_str()), ("text", "[x](a.md#b)\n"));
        assert_eq!((c[2].info.as_str(), c[2].body.as_str()), ("", "[y](c.md#d)\n"));
        assert!(c.iter().all(|c| c.closed));
        assert!(links(page).is_empty());
        assert!(in_code(&c, page.find("[x]").unwrap()..page.find("[x]").unwrap() + 1));
        assert!(!in_code(&c, 0..6));
    }

    #[test]
    fn a_fence_that_never_closes_is_told_apart() {
        let c = code("```console\n$ a\nout\n");
        assert_eq!(c.len(), 1);
        assert!(!c[0].closed);
        assert!(code("````\n```\n````\n")[0].closed);
        assert!(!code("````\n```\n")[0].closed);
    }

    #[test]
    fn a_comment_over_several_lines_is_one_comment() {
        let page = "Text <!-- inline --> here.\n\n<!--\nit took 3.5 ms\nand 7 KB\n-->\n\nMore.\n";
        let c = comments(page);
        assert_eq!(c.len(), 2, "{c:?}");
        assert_eq!(&page[c[0].clone()], "<!-- inline -->");
        assert_eq!(&page[c[1].clone()], "<!--\nit took 3.5 ms\nand 7 KB\n-->");
        assert!(comments("```\n<!-- not one -->\n```\n").is_empty());
    }

    #[test]
    fn the_comment_above_is_the_one_alone_on_the_lines_right_above() {
        let page = "<!-- a -->\n```\nx\n```\n\n<!-- b\n  c -->\n  *d*\n\n<!-- e -->\n\nf\n\ng <!-- h -->\ni\n";
        let at = |s: &str| page.find(s).unwrap();
        assert_eq!(comment_above(page, at("```")), Some(" a "));
        assert_eq!(comment_above(page, at("  *d*")), Some(" b\n  c "));
        assert_eq!(comment_above(page, at("f")), None, "a blank line between");
        assert_eq!(comment_above(page, at("i")), None, "not alone on its line");
        assert_eq!(comment_above(page, at("x")), None, "a fence between");
        let html = html(page);
        let got: Vec<&str> = html.iter().map(|r| &page[r.clone()]).collect();
        assert_eq!(got, ["<!-- a -->\n", "<!-- b\n  c -->\n", "<!-- e -->\n"]);
    }

    #[test]
    fn headings_are_their_text() {
        let page = "# The `--hasty` *way*\n\n```\n# not one\n```\n\nA setext one\n---\n";
        assert_eq!(headings(page), vec!["The --hasty way", "A setext one"]);
    }

    #[test]
    fn the_summary_gives_each_page_nested_as_its_list_nests_it() {
        let text = "# Summary\n\n[Introduction](introduction.md)\n\n# Part\n\n- [The `--hasty` way](a.md)\n  \
                    - [Design note: *one*](b.md)\n- [Draft]()\n\n```\n- [Not one](c.md)\n```\n";
        let read = summary(text);
        let got: Vec<(usize, &str, &str)> =
            read.iter().map(|e| (e.depth, e.title.as_str(), e.page.as_str())).collect();
        assert_eq!(
            got,
            [
                (0, "Introduction", "introduction.md"),
                (0, "The --hasty way", "a.md"),
                (1, "Design note: one", "b.md"),
                (0, "Draft", ""),
            ]
        );
    }

    #[test]
    fn a_section_runs_to_the_next_heading_of_its_level_or_above() {
        let page = "# Top\n\n## One\n\nx\n\n### One `a`\n\ny\n\n```\n## not a heading\n```\n\n## Two\n\nz\n";
        let s = sections(page);
        let got: Vec<(usize, &str, &str)> =
            s.iter().map(|s| (s.level, s.title.as_str(), &page[s.range.clone()])).collect();
        assert_eq!(
            got,
            [
                (1, "Top", page),
                (2, "One", "## One\n\nx\n\n### One `a`\n\ny\n\n```\n## not a heading\n```\n\n"),
                (3, "One a", "### One `a`\n\ny\n\n```\n## not a heading\n```\n\n"),
                (2, "Two", "## Two\n\nz\n"),
            ]
        );
        assert_eq!(&page[s[3].heading.clone()], "## Two\n");
    }

    #[test]
    fn a_link_gives_where_its_words_stand() {
        let page = "See [the `--x` *way*](a.md#b) and [c](d.md).\n";
        let l = links(page);
        let got: Vec<(&str, &str, &str)> = l
            .iter()
            .map(|l| (l.dest.as_str(), &page[l.range.clone()], &page[l.words.clone()]))
            .collect();
        assert_eq!(
            got,
            [
                ("a.md#b", "[the `--x` *way*](a.md#b)", "the `--x` *way*"),
                ("d.md", "[c](d.md)", "c")
            ]
        );
    }
}
