//! Each switch of chapter 3's design is read in one place, as `shared/src/beast/design.rs`
//! promises: in the library's code (its tests left out), every switch's field is read once,
//! on the line that picks between the retired part and the part that replaced it. The one
//! reading beside them is `Design::levels_hold`, in design.rs itself, which asks the switches
//! under which the wide walks' reasoning fails; `serial` is read there alone, since the walk in
//! roster order it puts back is the walk every phase falls back to.
//!
//! The library binds a design only under the name `design`, so a switch is read as
//! `design.<switch>`; the second test holds that, so that the first cannot be dodged by a
//! design bound under another name.

use std::path::{Path, PathBuf};

use world::beast::design::SWITCHES;

/// The library's source files, design.rs left out, each with its code before its tests.
fn library() -> Vec<(String, String)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    gather(&root, &mut files);
    files.sort();
    files
        .into_iter()
        .filter(|f| !f.ends_with("beast/design.rs"))
        .map(|f| {
            let text = std::fs::read_to_string(&f).expect("a source file reads");
            let code = text.split("#[cfg(test)]").next().unwrap_or("").to_string();
            (f.strip_prefix(&root).unwrap_or(&f).display().to_string(), code)
        })
        .collect()
}

fn gather(dir: &Path, into: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("the source folder reads").flatten() {
        let path = entry.path();
        if path.is_dir() {
            gather(&path, into);
        } else if path.extension().is_some_and(|e| e == "rs") {
            into.push(path);
        }
    }
}

/// Every line of code (comments left out) of the library, as `file:line` and its text.
fn lines() -> Vec<(String, String)> {
    let mut all = Vec::new();
    for (file, code) in library() {
        for (n, line) in code.lines().enumerate() {
            if !line.trim_start().starts_with("//") {
                all.push((format!("{file}:{}", n + 1), line.to_string()));
            }
        }
    }
    all
}

/// Whether `text` holds `word` standing alone: no letter, digit or underscore either side.
fn holds(text: &str, word: &str) -> usize {
    let ident = |c: Option<char>| c.is_some_and(|c| c.is_alphanumeric() || c == '_');
    text.match_indices(word)
        .filter(|(i, _)| {
            !ident(text[..*i].chars().next_back()) && !ident(text[i + word.len()..].chars().next())
        })
        .count()
}

#[test]
fn every_switch_is_read_in_one_place() {
    let lines = lines();
    let mut wrong = Vec::new();
    for s in SWITCHES {
        let read = format!("design.{}", s.name);
        let at: Vec<&str> =
            lines.iter().filter(|(_, l)| holds(l, &read) > 0).map(|(at, _)| at.as_str()).collect();
        let want = usize::from(s.name != "serial");
        if at.len() != want {
            wrong.push(format!("{} read {} times, not {want}: {at:?}", s.name, at.len()));
        }
    }
    assert!(wrong.is_empty(), "{wrong:#?}");
}

#[test]
fn the_library_binds_a_design_only_as_design() {
    let mut wrong = Vec::new();
    for (at, line) in lines() {
        for (i, _) in line.match_indices("Design").filter(|&(i, _)| holds(&line[i..], "Design") > 0)
        {
            // `name: Design` or `name: &Design`: a binding, whose name must be `design`.
            let before = line[..i].trim_end().trim_end_matches("&mut").trim_end_matches('&');
            let Some(before) = before.trim_end().strip_suffix(':') else { continue };
            let name = before.trim_end().rsplit(|c: char| !(c.is_alphanumeric() || c == '_'));
            if name.clone().next().is_some_and(|n| n != "design" && !n.is_empty()) {
                wrong.push(format!("{at}: {}", line.trim()));
            }
        }
        // `let d = sight.design;`: a design copied under another name.
        let t = line.trim();
        let kept = t.starts_with("let design ") || t.starts_with("let _ ");
        if t.starts_with("let ") && t.ends_with("design;") && !kept {
            wrong.push(format!("{at}: {t}"));
        }
    }
    assert!(wrong.is_empty(), "designs bound under another name: {wrong:#?}");
}

#[test]
fn the_reading_of_reads_finds_a_read_and_no_lookalike() {
    assert_eq!(holds("if design.loose {", "design.loose"), 1);
    assert_eq!(holds("if design.loosely || old_design.loose {", "design.loose"), 0);
    assert_eq!(holds("!(design.narrow || design.narrow)", "design.narrow"), 2);
}
