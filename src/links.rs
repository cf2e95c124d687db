//! Checking the book's links to its own headings.
//!
//! mdBook renders a link to a heading that is not there as a link that goes to the top of the
//! page, without a word. The glossary is nothing but such links, one a term, so a heading
//! renamed in a chapter would quietly send a reader to the wrong place. Here every link from a
//! page to `page.md#heading` (or to `#heading` on the same page) must name a page of the book
//! and a heading on it.

use std::path::Path;

use crate::markdown;

/// One link to a heading: the page it names (empty for the same page), the heading's id, and
/// the 1-based line it is on.
#[derive(Debug, PartialEq)]
pub struct Link {
    pub line: usize,
    pub page: String,
    pub id: String,
}

/// Every markdown link on a page that ends in `#id` and goes to a page of the book, or to the
/// same page. Links out of the book (anything with `://`) and anything inside code are left out.
pub fn find(page: &str) -> Vec<Link> {
    let mut found = Vec::new();
    for link in markdown::links(page) {
        let target = link.dest.trim();
        if target.contains("://") {
            continue;
        }
        let Some((to, id)) = target.split_once('#') else { continue };
        if to.is_empty() || to.ends_with(".md") {
            // The line its target stands on, where a link wrapped over two lines ends.
            let line = markdown::line_of(page, link.range.end.saturating_sub(1));
            found.push(Link { line, page: to.to_string(), id: id.to_string() });
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
    for text in markdown::headings(page) {
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
        match std::fs::read_to_string(dir.join(&link.page)) {
            Ok(t) => {
                text = t;
                &text
            }
            Err(_) => return Some(format!("links to {}, which is not a page", link.page)),
        }
    };
    let where_ = if link.page.is_empty() { "this page" } else { &link.page };
    (!headings(target).contains(&link.id))
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
                Link { line: 1, page: "bodies.md".into(), id: "the-body".into() },
                Link { line: 1, page: String::new(), id: "here".into() }
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

    #[test]
    fn no_link_or_heading_is_read_inside_a_tilde_fence_or_an_indented_block() {
        let page = "# Top\n\n~~~text\n[a](bodies.md#x)\n# not a heading\n~~~\n\n    [b](herd.md#y)\n    \
                    # nor this\n\n[c](#top)\n";
        assert_eq!(find(page), vec![Link { line: 11, page: String::new(), id: "top".into() }]);
        assert_eq!(headings(page), vec!["top"]);
    }
}
