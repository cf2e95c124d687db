//! Terms defined before they are used.
//!
//! The glossary (`book/src/glossary.md`) lists every word the book gives a meaning of its own,
//! each entry `**term**: meaning ([where](page.md#heading))`. Its first link is the term's
//! defining section, and inside that section the term's first *italic* occurrence is its
//! definition, the place a reader learns it (or the heading itself, when it names the term).
//! The book already sets a term in italics where it coins it, so the marker costs the markdown
//! nothing and renders as the reader expects.
//!
//! Pages are read in the order of `SUMMARY.md`, in parts: the introduction, each chapter with
//! the design notes nested under it, and each appendix. Two things fail:
//!
//! - a term set in italics anywhere before its definition: the book coins it there, so the
//!   glossary points to the wrong place (or the italics are a slip);
//! - a term used, in the part that defines it, before its definition. A use is the term as
//!   whole words, in any case, its last word singular or plural (`fan`, `fans`; `body`,
//!   `bodies`), in the prose: paragraphs, lists, tables and quotes.
//!
//! Uses before a term's part are not checked: a coined word of chapter 3 is an ordinary one in
//! chapter 1 (a *round* of changes, a number that *rounds*), and an appendix is read when a
//! chapter sends the reader there. Nor are these uses, anywhere:
//!
//! - code (fenced or inline), HTML (the figures' comments among it), pictures' captions and the
//!   `*Measured on ...*` line above a timing, which name things rather than say them;
//! - headings, which name what the section under them is about to explain;
//! - a use in a paragraph (or list item, or table cell) that links to the term's defining page,
//!   or to the glossary, which takes a reader who does not know the word to its meaning.
//!
//! Where two terms overlap (`cast` and `cast again`), a place counts for the longest one.

use std::collections::BTreeMap;
use std::path::Path;

use pulldown_cmark::{Event, HeadingLevel, Options, Parser, Tag, TagEnd};

/// One glossary entry: the term as written, its words in lower case, and its defining section.
#[derive(Clone, Debug, PartialEq)]
pub struct Term {
    pub name: String,
    pub words: Vec<String>,
    pub page: String,
    pub id: String,
    /// The glossary's line (from 1) the entry starts on.
    pub line: usize,
}

/// A run of prose in one setting: its text (soft breaks as spaces), where each piece of it
/// starts in the page, and the setting.
#[derive(Debug, Default)]
struct Run {
    text: String,
    /// (offset in `text`, offset in the page) for each piece, in order.
    starts: Vec<(usize, usize)>,
    italic: bool,
    heading: bool,
    /// The section this run is in (an index into the page's sections).
    section: usize,
    /// The paragraph, list item, table cell or heading this run is in (a count from 0).
    block: usize,
}

/// A heading: its id as mdBook makes it, its level, where it starts and its text.
struct Section {
    id: String,
    level: HeadingLevel,
    at: usize,
    text: String,
}

/// A page read for terms: its runs and its sections, in order, and the pages each block links
/// to.
struct Read {
    runs: Vec<Run>,
    sections: Vec<Section>,
    links: BTreeMap<usize, Vec<String>>,
}

fn parser(text: &str) -> Parser<'_> {
    Parser::new_ext(text, Options::ENABLE_TABLES | Options::ENABLE_STRIKETHROUGH)
}

/// Splits a page into runs of prose, and finds its headings' ids as mdBook makes them.
fn read(text: &str) -> Read {
    let mut runs: Vec<Run> = Vec::new();
    let top = Section { id: String::new(), level: HeadingLevel::H1, at: 0, text: String::new() };
    let mut sections: Vec<Section> = vec![top];
    // How deep in emphasis, and in code blocks and pictures (whose words are not prose).
    let (mut italic, mut hidden) = (0usize, 0usize);
    let mut heading: Option<(HeadingLevel, usize, String)> = None;
    let mut linked: BTreeMap<usize, Vec<String>> = BTreeMap::new();
    let mut block = 0usize;
    let mut cur = Run::default();
    let flush = |cur: &mut Run, runs: &mut Vec<Run>| {
        runs.extend((!cur.text.is_empty()).then(|| std::mem::take(cur)));
    };
    for (event, range) in parser(text).into_offset_iter() {
        if !matches!(event, Event::Text(_) | Event::SoftBreak) {
            flush(&mut cur, &mut runs);
        }
        if let Event::Start(
            Tag::Paragraph | Tag::Item | Tag::TableCell | Tag::Heading { .. } | Tag::HtmlBlock,
        ) = event
        {
            block += 1;
        }
        let setting = (italic > 0, heading.is_some(), sections.len() - 1, block);
        let same = (cur.italic, cur.heading, cur.section, cur.block) == setting;
        match event {
            Event::Text(t) if hidden == 0 => {
                if !same {
                    flush(&mut cur, &mut runs);
                    (cur.italic, cur.heading, cur.section, cur.block) = setting;
                }
                if let Some((_, _, h)) = heading.as_mut() {
                    h.push_str(&t);
                }
                cur.starts.push((cur.text.len(), range.start));
                cur.text.push_str(&t);
            }
            Event::Code(t) => heading.iter_mut().for_each(|(_, _, h)| h.push_str(&t)),
            Event::SoftBreak if same => cur.text.push(' '),
            Event::Start(Tag::Emphasis) => italic += 1,
            Event::End(TagEnd::Emphasis) => italic = italic.saturating_sub(1),
            Event::Start(Tag::CodeBlock(_) | Tag::Image { .. }) => hidden += 1,
            Event::End(TagEnd::CodeBlock | TagEnd::Image) => hidden = hidden.saturating_sub(1),
            Event::Start(Tag::Link { dest_url, .. }) => {
                let page = dest_url.split('#').next().unwrap_or("").to_string();
                linked.entry(block).or_default().push(page);
            }
            Event::Start(Tag::Heading { level, .. }) => {
                heading = Some((level, range.start, String::new()));
            }
            Event::End(TagEnd::Heading(_)) => {
                if let Some((level, at, text)) = heading.take() {
                    let id = unique(&sections, crate::links::id(text.trim()));
                    sections.push(Section { id, level, at, text });
                }
            }
            _ => {}
        }
    }
    flush(&mut cur, &mut runs);
    runs.retain(|r| !(r.italic && r.text.starts_with("Measured on ")));
    Read { runs, sections, links: linked }
}

/// `base`, or `base-1`, `base-2` and so on if an earlier heading has it, as mdBook numbers them.
fn unique(sections: &[Section], base: String) -> String {
    let mut id = base.clone();
    let mut n = 0;
    while sections.iter().any(|s| s.id == id) {
        n += 1;
        id = format!("{base}-{n}");
    }
    id
}

/// The words of a run in lower case, each with its offset in the run's text. A word is letters,
/// digits and inner hyphens; an apostrophe ends it, so `crew's` is the word `crew`.
fn words(text: &str) -> Vec<(usize, String)> {
    let mut found = Vec::new();
    let mut start = None;
    for (i, c) in text.char_indices().chain(std::iter::once((text.len(), ' '))) {
        let inside = c.is_alphanumeric() || (c == '-' && start.is_some());
        match (inside, start) {
            (true, None) => start = Some(i),
            (false, Some(s)) => {
                let w = text[s..i].trim_end_matches('-');
                found.push((s, w.to_lowercase()));
                start = None;
            }
            _ => {}
        }
    }
    found
}

/// Whether `word` is `base` or its plural: -s, -es, or -ies for -y. Only the plural: a term is a
/// noun, and the verbs that share its spelling (a number *rounds*, walkers *packed* close) are
/// other words.
fn inflects(word: &str, base: &str) -> bool {
    if word == base {
        return true;
    }
    if let Some(rest) = word.strip_prefix(base) {
        return rest == "s" || rest == "es";
    }
    base.strip_suffix('y').is_some_and(|stem| word == format!("{stem}ies"))
}

/// Every place in a run where a term stands, longest term first where two overlap: (index into
/// `terms`, offset in the run's text).
fn places(run: &Run, terms: &[Term]) -> Vec<(usize, usize)> {
    let ws = words(&run.text);
    let mut found = Vec::new();
    let mut i = 0;
    while i < ws.len() {
        let best = terms
            .iter()
            .enumerate()
            .filter(|(_, t)| {
                let n = t.words.len();
                i + n <= ws.len()
                    && t.words[..n - 1].iter().zip(&ws[i..]).all(|(a, (_, b))| a == b)
                    && inflects(&ws[i + n - 1].1, &t.words[n - 1])
            })
            .max_by_key(|(_, t)| t.words.len());
        match best {
            Some((k, t)) => {
                found.push((k, ws[i].0));
                i += t.words.len();
            }
            None => i += 1,
        }
    }
    found
}

/// The page offset of a place in a run.
fn offset(run: &Run, at: usize) -> usize {
    let piece = run.starts.iter().rev().find(|(s, _)| *s <= at).unwrap_or(&(0, 0));
    piece.1 + (at - piece.0)
}

/// The line (from 1) of an offset in a page.
fn line(text: &str, at: usize) -> usize {
    text[..at.min(text.len())].matches('\n').count() + 1
}

/// A glossary entry as it is read: the term, its defining page and heading once found, and its
/// line.
type Entry = (String, Option<(String, String)>, usize);

/// The glossary's entries, in order: each list item that opens with a bold term and holds a
/// link to `page.md#heading`, the first such link being its defining section.
pub fn glossary(text: &str) -> Vec<Term> {
    let mut found = Vec::new();
    let (mut depth, mut strong) = (0usize, false);
    let mut entry: Option<Entry> = None;
    for (event, range) in parser(text).into_offset_iter() {
        match event {
            Event::Start(Tag::Item) => {
                depth += 1;
                if depth == 1 {
                    entry = Some((String::new(), None, line(text, range.start)));
                }
            }
            Event::End(TagEnd::Item) => {
                depth -= 1;
                if depth == 0
                    && let Some((name, Some((page, id)), line)) = entry.take()
                    && !name.is_empty()
                {
                    let words = words(&name).into_iter().map(|(_, w)| w).collect();
                    found.push(Term { name, words, page, id, line });
                }
            }
            Event::Start(Tag::Strong) => strong = true,
            Event::End(TagEnd::Strong) => strong = false,
            Event::Text(t) if strong => {
                if let Some((name, None, _)) = entry.as_mut() {
                    name.push_str(&t);
                }
            }
            Event::Start(Tag::Link { dest_url, .. }) => {
                if let Some((_, at @ None, _)) = entry.as_mut()
                    && let Some((page, id)) = dest_url.split_once('#')
                    && page.ends_with(".md")
                {
                    *at = Some((page.to_string(), id.to_string()));
                }
            }
            _ => {}
        }
    }
    found
}

/// The pages of `SUMMARY.md` in reading order, each with its part: a page listed at the top
/// level starts a part, and a page nested under it belongs to the same one.
pub fn order(summary: &str) -> Vec<(String, usize)> {
    let mut found: Vec<(String, usize)> = Vec::new();
    let mut part = 0usize;
    for entry in crate::markdown::summary(summary) {
        if entry.page.ends_with(".md") && !found.iter().any(|(p, _)| *p == entry.page) {
            if entry.depth == 0 {
                part += 1;
            }
            found.push((entry.page, part));
        }
    }
    found
}

/// A page of the book by name, with its part (see [`order`]) and its text.
pub struct Page {
    pub name: String,
    pub part: usize,
    pub text: String,
}

/// Where a term is defined: its page's place in the order, and the offset on that page.
type Defined = (usize, usize);

/// The problems of the book's terms: a glossary entry whose section never sets its term in
/// italics, and every page's first use of a term before its definition. `pages` are in reading
/// order; `glossary` is the glossary page's text.
pub fn problems(pages: &[Page], glossary_text: &str) -> Vec<String> {
    let terms = glossary(glossary_text);
    let read: Vec<Read> = pages.iter().map(|p| read(&p.text)).collect();
    let mut problems = Vec::new();
    let mut defined: Vec<Option<Defined>> = Vec::new();
    for t in &terms {
        let at = pages.iter().position(|p| p.name == t.page);
        let found = at.and_then(|k| definition(&read[k], t, &terms).map(|o| (k, o)));
        if found.is_none() {
            let why = match at {
                None => format!("links to {}, which is not a page of SUMMARY.md", t.page),
                Some(_) => format!(
                    "links to {}#{}, but that section never sets the term in italics \
                     (*{}*), which is where the book defines a term",
                    t.page, t.id, t.name
                ),
            };
            problems.push(format!("glossary.md:{}: **{}** {why}", t.line, t.name));
        }
        defined.push(found);
    }
    for k in 0..pages.len() {
        problems.extend(early(k, pages, &read, &terms, &defined));
    }
    problems
}

/// Page `k`'s terms used (or set in italics) before their definitions: the first of each, with
/// how many more.
fn early(
    k: usize,
    pages: &[Page],
    read: &[Read],
    terms: &[Term],
    defined: &[Option<Defined>],
) -> Vec<String> {
    // Each term's first early use on this page (its offset, whether in italics) and how
    // many more.
    let (page, r) = (&pages[k], &read[k]);
    let mut problems = Vec::new();
    let mut first: BTreeMap<usize, (usize, bool, usize)> = BTreeMap::new();
    for run in r.runs.iter().filter(|run| !run.heading) {
        for (t, at) in places(run, terms) {
            let Some((dk, doff)) = defined[t] else { continue };
            let here = offset(run, at);
            let before = k < dk || (k == dk && here < doff);
            let checked = run.italic || page.part == pages[dk].part;
            let guided = r.links.get(&run.block).is_some_and(|to| {
                to.iter().any(|to| {
                    *to == terms[t].page || to == "glossary.md" || (to.is_empty() && k == dk)
                })
            });
            if before && checked && !guided {
                first.entry(t).and_modify(|e| e.2 += 1).or_insert((here, run.italic, 0));
            }
        }
    }
    let mut found: Vec<(usize, usize, bool, usize)> =
        first.into_iter().map(|(t, (at, italic, more))| (at, t, italic, more)).collect();
    found.sort();
    for (at, t, italic, more) in found {
        let term = &terms[t];
        let (dk, doff) = defined[t].unwrap_or_default();
        let more = match more {
            0 => String::new(),
            1 => " (and once more on this page)".to_string(),
            n => format!(" (and {n} more times on this page)"),
        };
        let there = format!("book/src/{}:{}", pages[dk].name, line(&pages[dk].text, doff));
        let (what, fix) = if italic {
            ("sets", "point the glossary here, or drop the italics")
        } else {
            ("uses", "define it here, move the use after it, or link the word to it")
        };
        problems.push(format!(
            "{}:{}: {what} \"{}\"{more} before {there} defines it: {fix}",
            page.name,
            line(&page.text, at),
            term.name,
        ));
    }
    problems
}

/// The offset of a term's definition: the linked heading, when it names the term (`## Buckets`),
/// or else the term's first italic occurrence in the section (the heading and everything under
/// it up to the next heading as high or higher).
fn definition(r: &Read, t: &Term, terms: &[Term]) -> Option<usize> {
    let start = r.sections.iter().position(|s| s.id == t.id)?;
    let me = terms.iter().position(|x| x == t)?;
    let head = &r.sections[start];
    let named = Run { text: head.text.clone(), ..Run::default() };
    if places(&named, terms).iter().any(|(k, _)| *k == me) {
        return Some(head.at);
    }
    let end = r.sections[start + 1..]
        .iter()
        .position(|s| s.level <= head.level)
        .map_or(r.sections.len(), |n| start + 1 + n);
    r.runs.iter().filter(|run| run.italic && (start..end).contains(&run.section)).find_map(|run| {
        places(run, terms).into_iter().find(|(k, _)| *k == me).map(|(_, at)| offset(run, at))
    })
}

/// The terms check over the book at `root`: the pages of `SUMMARY.md`, in its order, against
/// the glossary. A book without a glossary has no terms to check.
pub fn check(root: &Path) -> Vec<String> {
    let src = root.join("book/src");
    let Ok(summary) = std::fs::read_to_string(src.join("SUMMARY.md")) else { return Vec::new() };
    let Ok(glossary_text) = std::fs::read_to_string(src.join("glossary.md")) else {
        return Vec::new();
    };
    let mut pages = Vec::new();
    let mut problems = Vec::new();
    for (name, part) in order(&summary).into_iter().filter(|(n, _)| n != "glossary.md") {
        match std::fs::read_to_string(src.join(&name)) {
            Ok(text) => pages.push(Page { name, part, text }),
            Err(e) => problems.push(format!("SUMMARY.md: {name}: cannot read: {e}")),
        }
    }
    let book = |p: String| format!("book/src/{p}");
    problems.extend(self::problems(&pages, &glossary_text).into_iter().map(book));
    problems
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_plurals_count_as_the_term() {
        for (w, b) in [("fans", "fan"), ("levels", "level"), ("bodies", "body"), ("passes", "pass")]
        {
            assert!(inflects(w, b), "{w} {b}");
        }
        for (w, b) in [("fancy", "fan"), ("rounding", "round"), ("packed", "pack"), ("ray", "rays")]
        {
            assert!(!inflects(w, b), "{w} {b}");
        }
    }

    #[test]
    fn words_drop_possessives_and_keep_inner_hyphens() {
        let w: Vec<String> =
            words("The crew's look-ahead, x-base.").into_iter().map(|x| x.1).collect();
        assert_eq!(w, ["the", "crew", "s", "look-ahead", "x-base"]);
    }

    #[test]
    fn the_summary_gives_the_order() {
        let s = "# Summary\n\n[Intro](intro.md)\n\n- [One](one.md)\n  - [Note](one-note.md)\n\n---\n\n[Glossary](glossary.md)\n";
        let o = order(s);
        let o: Vec<(&str, usize)> = o.iter().map(|(p, k)| (p.as_str(), *k)).collect();
        assert_eq!(o, [("intro.md", 1), ("one.md", 2), ("one-note.md", 2), ("glossary.md", 3)]);
    }
}
