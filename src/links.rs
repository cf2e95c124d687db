//! Checking the book's links to its own headings.
//!
//! mdBook renders a link to a heading that is not there as a link that goes to the top of the
//! page, without a word. The glossary is nothing but such links, one a term, so a heading
//! renamed in a chapter would quietly send a reader to the wrong place. Here every link from a
//! page to `page.md#heading` (or to `#heading` on the same page) must name a page of the book
//! and a heading on it.

use std::path::Path;

/// One link to a heading: the page it names (empty for the same page), the heading's id, and
/// the 1-based line it is on.
#[derive(Debug, PartialEq)]
pub struct Link<'a> {
    pub line: usize,
    pub page: &'a str,
    pub id: &'a str,
}

/// Every markdown link on a page that ends in `#id` and goes to a page of the book, or to the
/// same page. Links out of the book (anything with `://`) and links inside code are left out.
pub fn find(page: &str) -> Vec<Link<'_>> {
    let mut found = Vec::new();
    let mut fenced = false;
    for (i, line) in page.lines().enumerate() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
            continue;
        }
        if fenced {
            continue;
        }
        let mut rest = line;
        while let Some(at) = rest.find("](") {
            let tail = &rest[at + 2..];
            let Some(end) = tail.find(')') else { break };
            let target = tail[..end].trim();
            rest = &tail[end + 1..];
            if target.contains("://") {
                continue;
            }
            let Some((page, id)) = target.split_once('#') else { continue };
            if page.is_empty() || page.ends_with(".md") {
                found.push(Link { line: i + 1, page, id });
            }
        }
    }
    found
}

/// The id mdBook gives a heading: its text in lower case, letters, digits, `_` and `-` kept,
/// each space a `-`, everything else (the backticks of code, the stars of emphasis,
/// punctuation) dropped.
pub fn id(heading: &str) -> String {
    heading
        .chars()
        .filter_map(|c| {
            if c.is_alphanumeric() || c == '_' || c == '-' {
                Some(c.to_ascii_lowercase())
            } else if c.is_whitespace() {
                Some('-')
            } else {
                None
            }
        })
        .collect()
}

/// The ids of every heading on a page, in order; a repeated heading gets `-1`, `-2` and so on
/// after its first, as mdBook numbers them.
pub fn headings(page: &str) -> Vec<String> {
    let mut ids: Vec<String> = Vec::new();
    let mut fenced = false;
    for line in page.lines() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
            continue;
        }
        let text = line.trim_start_matches('#');
        if fenced || text.len() == line.len() || !text.starts_with(' ') {
            continue;
        }
        let base = id(text.trim());
        let mut name = base.clone();
        let mut n = 0;
        while ids.contains(&name) {
            n += 1;
            name = format!("{base}-{n}");
        }
        ids.push(name);
    }
    ids
}

/// What is wrong with one link from a page in `dir` whose own text is `here`, if anything.
pub fn problem(dir: &Path, here: &str, link: &Link) -> Option<String> {
    let text;
    let target = if link.page.is_empty() {
        here
    } else {
        match std::fs::read_to_string(dir.join(link.page)) {
            Ok(t) => {
                text = t;
                &text
            }
            Err(_) => return Some(format!("links to {}, which is not a page", link.page)),
        }
    };
    let where_ = if link.page.is_empty() { "this page" } else { link.page };
    (!headings(target).iter().any(|h| h == link.id))
        .then(|| format!("links to #{} on {where_}, which has no such heading", link.id))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_links_to_headings_and_nothing_else() {
        let page = "See [a](bodies.md#the-body) and [b](#here), [c](https://x.org/#y),\n\
                    [d](img/a.png), [e](herd.md).\n```\n[f](crowd.md#not-a-link)\n```\n";
        let f = find(page);
        assert_eq!(
            f,
            vec![
                Link { line: 1, page: "bodies.md", id: "the-body" },
                Link { line: 1, page: "", id: "here" }
            ]
        );
    }

    #[test]
    fn heading_ids_are_made_as_mdbook_makes_them() {
        assert_eq!(id("The order of a step"), "the-order-of-a-step");
        assert_eq!(id("Flat rows instead of maps"), "flat-rows-instead-of-maps");
        assert_eq!(id("A yes or a no"), "a-yes-or-a-no");
        assert_eq!(id("`--hasty`: burying at once"), "--hasty-burying-at-once");
        assert_eq!(id("Who is near?"), "who-is-near");
        let page = "# Top\n\n## Old designs and new\n```\n# not a heading\n```\n## Old designs and new\n#nope\n";
        assert_eq!(headings(page), vec!["top", "old-designs-and-new", "old-designs-and-new-1"]);
    }
}
