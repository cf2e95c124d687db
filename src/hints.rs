//! The challenges' hints, kept in one file each, `book/hints/N.M.md`, that the page and the
//! terminal both read.
//!
//! The page includes the file whole at the end of the challenge (`{{#include ../hints/2.5.md}}`),
//! where each hint is a `<details>` block nested inside the one before it: the first opens on a
//! click, and the second can only be opened once the first is. `just hint 2.5` reads the same
//! file through [`read`] and prints one hint at a time. So the file's shape is strict, and
//! [`parse`] says where it is not:
//!
//! ```text
//! <details class="hint">
//! <summary>Hint 1 of 2</summary>
//!
//! The first hint, Markdown, one or more lines.
//!
//! <details class="hint">
//! <summary>Hint 2 of 2</summary>
//!
//! The second.
//!
//! </details>
//! </details>
//! ```

use std::path::{Path, PathBuf};

/// How many hints a challenge has, at least and at most.
pub const FEWEST: usize = 2;
pub const MOST: usize = 3;

/// The line that opens each hint.
const OPEN: &str = r#"<details class="hint">"#;
const CLOSE: &str = "</details>";

/// The file that holds challenge `id`'s hints, under the repository's root.
pub fn file(root: &Path, id: &str) -> PathBuf {
    root.join("book/hints").join(format!("{id}.md"))
}

/// The include line a chapter's page puts at the end of challenge `id`.
pub fn include(id: &str) -> String {
    format!("{{{{#include ../hints/{id}.md}}}}")
}

/// Challenge `id`'s hints, in order, each as the Markdown the page shows.
pub fn read(root: &Path, id: &str) -> Result<Vec<String>, String> {
    let path = file(root, id);
    let shown = path.strip_prefix(root).unwrap_or(&path).display().to_string();
    let text = std::fs::read_to_string(&path).map_err(|e| format!("cannot read {shown}: {e}"))?;
    parse(&text).map_err(|e| format!("{shown}: {e}"))
}

/// The hints of one file, or the first place where it is not the shape the page nests. A hint
/// opens and ends where markdown reads an HTML block opening with `<details class="hint">` or
/// `</details>`, so either line inside a hint's code block is the hint's text, as the page
/// shows it.
pub fn parse(text: &str) -> Result<Vec<String>, String> {
    let lines: Vec<&str> = text.lines().collect();
    let marks: Vec<usize> = crate::markdown::html(text)
        .into_iter()
        .map(|h| crate::markdown::line_of(text, h.start) - 1)
        .filter(|&i| lines[i] == OPEN || lines[i] == CLOSE)
        .collect();
    let opens = |i: usize| lines.get(i) == Some(&OPEN) && marks.contains(&i);
    let mut hints = Vec::new();
    let mut of = None;
    let mut i = 0;
    while opens(i) {
        let k = hints.len() + 1;
        let summary = lines.get(i + 1).copied().unwrap_or("");
        let n = summary
            .strip_prefix(&format!("<summary>Hint {k} of "))
            .and_then(|s| s.strip_suffix("</summary>"))
            .and_then(|s| s.parse::<usize>().ok())
            .ok_or_else(|| {
                format!("line {}: expected `<summary>Hint {k} of N</summary>`", i + 2)
            })?;
        if *of.get_or_insert(n) != n {
            return Err(format!("line {}: hint {k} says of {n}, the first said {of:?}", i + 2));
        }
        if lines.get(i + 2) != Some(&"") {
            return Err(format!("line {}: a blank line must follow the summary", i + 3));
        }
        let body_at = i + 3;
        let end = (body_at..lines.len()).find(|j| marks.contains(j)).unwrap_or(lines.len());
        let body: Vec<&str> = lines[body_at..end].iter().map(|l| l.trim_end()).collect();
        let body = body.join("\n").trim().to_string();
        if body.is_empty() {
            return Err(format!("line {}: hint {k} is empty", body_at + 1));
        }
        if end > 0 && !lines[end - 1].is_empty() && end < lines.len() {
            return Err(format!("line {}: a blank line must end hint {k}", end));
        }
        hints.push(body);
        i = end;
    }
    let n = hints.len();
    if n == 0 {
        return Err(format!("line {}: expected `{OPEN}`", i + 1));
    }
    if of != Some(n) {
        return Err(format!("the summaries say {} hints, the file holds {n}", of.unwrap_or(0)));
    }
    let closes = lines[i..].iter().take_while(|l| **l == CLOSE).count();
    if closes != n || i + closes != lines.len() {
        return Err(format!(
            "line {}: the file must end with {n} `{CLOSE}` lines, one for each hint, and nothing after",
            i + 1
        ));
    }
    Ok(hints)
}

#[cfg(test)]
mod tests {
    use super::*;

    const TWO: &str = "<details class=\"hint\">\n<summary>Hint 1 of 2</summary>\n\nLook at `a`.\nThen b.\n\n<details class=\"hint\">\n<summary>Hint 2 of 2</summary>\n\nNearly there.\n\n</details>\n</details>\n";

    #[test]
    fn two_nested_hints_are_read_in_order() {
        assert_eq!(parse(TWO).unwrap(), vec!["Look at `a`.\nThen b.", "Nearly there."]);
    }

    #[test]
    fn a_file_out_of_shape_says_where() {
        let cases = [
            (TWO.replace("Hint 2 of 2", "Hint 3 of 2"), "line 8: expected `<summary>Hint 2 of N"),
            (TWO.replace("Hint 2 of 2", "Hint 2 of 3"), "line 8: hint 2 says of 3"),
            (TWO.replace("</details>\n</details>\n", "</details>\n"), "must end with 2"),
            (TWO.replace("Nearly there.\n", ""), "hint 2 is empty"),
            (format!("{TWO}more\n"), "nothing after"),
            ("Just text.\n".to_string(), "line 1: expected `<details"),
            (TWO.replace("</summary>\n\nLook", "</summary>\nLook"), "line 3: a blank line"),
        ];
        for (text, want) in cases {
            let e = parse(&text).unwrap_err();
            assert!(e.contains(want), "{e} (wanted {want})");
        }
    }

    #[test]
    fn a_details_line_inside_a_hints_code_is_its_text() {
        let code = "Close it:\n\n~~~html\n</details>\n<details class=\"hint\">\n~~~";
        let text = TWO.replace("Nearly there.", code);
        assert_eq!(parse(&text).unwrap(), vec!["Look at `a`.\nThen b.", code]);
    }

    #[test]
    fn the_include_line_names_the_file() {
        assert_eq!(include("2.5"), "{{#include ../hints/2.5.md}}");
        assert!(file(Path::new("/r"), "2.5").ends_with("book/hints/2.5.md"));
    }
}
