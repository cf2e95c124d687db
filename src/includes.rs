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

/// The most lines a listing may show: a reader takes in a listing of this length whole, and
/// a longer one is two ideas, to be split by anchors.
pub const LONGEST: usize = 40;

/// What is wrong with one include, if anything. `dir` is the folder of the page.
pub fn problem(dir: &Path, inc: &Include) -> Option<String> {
    let file = dir.join(inc.path);
    let Ok(text) = std::fs::read_to_string(&file) else {
        return Some(format!("includes {}, which cannot be read", inc.path));
    };
    let part = inc.part?;
    let lines: Vec<&str> = text.lines().collect();
    match listing(&lines, part, inc.path) {
        Err(e) => Some(e),
        Ok(shown) if shown > LONGEST => Some(format!(
            "includes {shown} lines of {} (`{part}`); a listing shows at most {LONGEST}: \
             split it with anchors",
            inc.path
        )),
        Ok(_) => None,
    }
}

/// How many lines of `lines` a part shows, or what is wrong with the part. A part is a line
/// range as mdBook reads one (`7` is line 7 alone, `7:` from it to the end, `:9` up to line 9,
/// `7:9` both ends, all lines shown as they are) or an anchor (the lines between its two
/// markers, less the marker lines of other anchors inside it, which mdBook leaves out).
fn listing(lines: &[&str], part: &str, path: &str) -> Result<usize, String> {
    let numbered = |s: &str| s.is_empty() || s.chars().all(|c| c.is_ascii_digit());
    if part.split(':').all(numbered) {
        let mut bounds = part.split(':').map(|s| s.parse::<usize>().ok());
        let from = bounds.next().flatten().unwrap_or(1);
        let to = if part.contains(':') { bounds.next().flatten() } else { Some(from) };
        let to = to.unwrap_or(lines.len());
        if from == 0 || to < from || to > lines.len() {
            return Err(format!(
                "includes lines {part} of {path}, which has {} lines",
                lines.len()
            ));
        }
        return Ok(to - from + 1);
    }
    let opens = |l: &&str| anchor_name(l, "ANCHOR:") == Some(part);
    let closes = |l: &&str| anchor_name(l, "ANCHOR_END:") == Some(part);
    let Some(start) = lines.iter().position(opens) else {
        return Err(format!("includes anchor `{part}` of {path}, which has no `ANCHOR: {part}`"));
    };
    let Some(len) = lines[start + 1..].iter().position(closes) else {
        return Err(format!("anchor `{part}` in {path} is never closed with `ANCHOR_END: {part}`"));
    };
    let body: Vec<&&str> = lines[start + 1..start + 1 + len]
        .iter()
        .filter(|l| anchor_name(l, "ANCHOR").is_none())
        .collect();
    if body.iter().all(|l| l.trim().is_empty()) {
        return Err(format!("anchor `{part}` in {path} holds nothing"));
    }
    Ok(body.len())
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
        assert!(check(Some("9")).unwrap().contains("has 8 lines"));
        assert_eq!(check(Some("8")), None);
        assert_eq!(check(Some("7:")), None);
        assert!(problem(&dir, &Include { line: 1, path: "nope.rs", part: None }).is_some());
        // `good` must not match an anchor that only starts with it.
        std::fs::write(dir.join("y.rs"), "// ANCHOR: goodness\nx\n// ANCHOR_END: goodness\n")
            .unwrap();
        assert!(problem(&dir, &Include { line: 1, path: "y.rs", part: Some("good") }).is_some());
        std::fs::remove_dir_all(&dir).unwrap();
    }

    /// A listing of 41 lines is refused and one of 40 is not, counted as a reader sees them:
    /// the marker lines of the anchor and of any anchor inside it are not part of it.
    #[test]
    fn a_listing_over_forty_lines_is_refused() {
        let dir = std::env::temp_dir().join(format!("includes-long-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let body = |n: usize| (0..n).map(|i| format!("let x{i} = {i};\n")).collect::<String>();
        let src = format!(
            "// ANCHOR: forty\n{}// ANCHOR: inner\n{}// ANCHOR_END: inner\n// ANCHOR_END: forty\n\
             // ANCHOR: fortyone\n{}// ANCHOR_END: fortyone\n",
            body(20),
            body(20),
            body(41)
        );
        std::fs::write(dir.join("long.rs"), &src).unwrap();
        let check =
            |part: &str| problem(&dir, &Include { line: 1, path: "long.rs", part: Some(part) });
        assert_eq!(check("forty"), None, "40 lines and four marker lines");
        let refused = check("fortyone").unwrap();
        assert!(refused.contains("includes 41 lines of long.rs (`fortyone`)"), "{refused}");
        assert!(refused.contains("at most 40"), "{refused}");
        // The same by line numbers: lines 46 to 86 are the 41, and 47 to 86 forty of them.
        assert!(check("46:86").unwrap().contains("41 lines"));
        assert_eq!(check("47:86"), None);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
