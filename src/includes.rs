//! Checking `{{#include}}` and `{{#rustdoc_include}}` lines before mdBook sees them.
//!
//! mdBook turns an include whose anchor is misspelt into an empty code block and carries on, so
//! a renamed anchor would quietly blank a listing in the book. Here every include must name a
//! file that exists and a part of it with something in it.

use std::path::Path;

/// One include directive: the file (relative to the page) and what part of it.
#[derive(Debug, PartialEq)]
pub struct Include<'a> {
    pub line: usize,
    pub path: &'a str,
    pub part: Option<&'a str>,
}

/// Every include directive on a page, with its 1-based line.
pub fn find(page: &str) -> Vec<Include<'_>> {
    let mut found = Vec::new();
    for (i, line) in page.lines().enumerate() {
        let mut rest = line;
        while let Some(at) = rest.find("{{#") {
            let tail = &rest[at + 3..];
            let Some(end) = tail.find("}}") else { break };
            let body = tail[..end].trim();
            if let Some(spec) =
                body.strip_prefix("include ").or_else(|| body.strip_prefix("rustdoc_include "))
            {
                let spec = spec.trim();
                let (path, part) = match spec.split_once(':') {
                    Some((p, part)) => (p, Some(part)),
                    None => (spec, None),
                };
                found.push(Include { line: i + 1, path, part });
            }
            rest = &tail[end + 2..];
        }
    }
    found
}

/// What is wrong with one include, if anything. `dir` is the folder of the page.
pub fn problem(dir: &Path, inc: &Include) -> Option<String> {
    let file = dir.join(inc.path);
    let Ok(text) = std::fs::read_to_string(&file) else {
        return Some(format!("includes {}, which cannot be read", inc.path));
    };
    let part = inc.part?;
    let lines: Vec<&str> = text.lines().collect();
    let numbered = |s: &str| s.is_empty() || s.chars().all(|c| c.is_ascii_digit());
    if part.split(':').all(numbered) {
        let mut bounds = part.split(':').map(|s| s.parse::<usize>().ok());
        let (from, to) = (bounds.next().flatten(), bounds.next().flatten());
        let from = from.unwrap_or(1);
        return match to {
            Some(to) if to < from || to > lines.len() => Some(format!(
                "includes lines {part} of {}, which has {} lines",
                inc.path,
                lines.len()
            )),
            _ if from > lines.len() => Some(format!(
                "includes lines {part} of {}, which has {} lines",
                inc.path,
                lines.len()
            )),
            _ => None,
        };
    }
    let opens = |l: &&str| anchor_name(l, "ANCHOR:") == Some(part);
    let closes = |l: &&str| anchor_name(l, "ANCHOR_END:") == Some(part);
    let Some(start) = lines.iter().position(opens) else {
        return Some(format!(
            "includes anchor `{part}` of {}, which has no `ANCHOR: {part}`",
            inc.path
        ));
    };
    let Some(len) = lines[start + 1..].iter().position(closes) else {
        return Some(format!(
            "anchor `{part}` in {} is never closed with `ANCHOR_END: {part}`",
            inc.path
        ));
    };
    let body = &lines[start + 1..start + 1 + len];
    let empty = body.iter().all(|l| l.trim().is_empty() || anchor_name(l, "ANCHOR").is_some());
    empty.then(|| format!("anchor `{part}` in {} holds nothing", inc.path))
}

/// The anchor a marker line names: `// ANCHOR: body` gives `body` for the key `ANCHOR:`.
fn anchor_name<'a>(line: &'a str, key: &str) -> Option<&'a str> {
    let at = line.find(key)?;
    let rest = line[at + key.len()..].trim_start_matches(['_', 'E', 'N', 'D', ':']);
    rest.split_whitespace().next()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_both_kinds_with_and_without_a_part() {
        let page =
            "x {{#include ../a.rs:body}} y\n{{#rustdoc_include b.rs}}\n{{#include c.rs:3:9}}";
        let f = find(page);
        assert_eq!(f.len(), 3);
        assert_eq!(f[0], Include { line: 1, path: "../a.rs", part: Some("body") });
        assert_eq!(f[1], Include { line: 2, path: "b.rs", part: None });
        assert_eq!(f[2].part, Some("3:9"));
    }

    #[test]
    fn wrong_missing_or_empty_anchors_are_problems() {
        let dir = std::env::temp_dir().join(format!("includes-test-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let src = "// ANCHOR: good\nfn a() {}\n// ANCHOR_END: good\n// ANCHOR: hollow\n\n// ANCHOR_END: hollow\n// ANCHOR: open\nfn b() {}\n";
        std::fs::write(dir.join("x.rs"), src).unwrap();
        let check = |part: Option<&str>| problem(&dir, &Include { line: 1, path: "x.rs", part });
        assert_eq!(check(Some("good")), None);
        assert_eq!(check(None), None);
        assert_eq!(check(Some("2:3")), None);
        assert!(check(Some("goo")).unwrap().contains("no `ANCHOR: goo`"));
        assert!(check(Some("hollow")).unwrap().contains("holds nothing"));
        assert!(check(Some("open")).unwrap().contains("never closed"));
        assert!(check(Some("5:99")).unwrap().contains("has 8 lines"));
        assert!(problem(&dir, &Include { line: 1, path: "nope.rs", part: None }).is_some());
        // `good` must not match an anchor that only starts with it.
        std::fs::write(dir.join("y.rs"), "// ANCHOR: goodness\nx\n// ANCHOR_END: goodness\n")
            .unwrap();
        assert!(problem(&dir, &Include { line: 1, path: "y.rs", part: Some("good") }).is_some());
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
