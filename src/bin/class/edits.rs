//! The edits that make a copied tree the students' copy: the committed tree without the
//! reference answers and the teacher's page, every pointer to them turned into something true
//! for a student. `main.rs` copies the tree, commits it and prints the handout.

use std::path::Path;

use theworld::markdown;

/// What a class copy leaves out: the reference answers (patches, wrong answers, breaks), the
/// appendix that discusses them and includes their files, and this page for the teacher, which
/// gives the paper challenges' expected figures.
pub const LEFT_OUT: [&str; 3] = ["answers", "book/src/answers.md", "book/src/teaching.md"];

/// The pages left out, as the summary and the links name them.
const PAGES: [&str; 2] = ["answers.md", "teaching.md"];

/// What a try-it prompt's link to its answer says in the students' copy: the answers stay with
/// the teacher, and the prompt's own command, shown below it, prints what it asks about.
pub const ASKED: &str = "Your teacher has the answer.";

/// Sentences outside the pages left out that speak of them, and what each says in the
/// students' copy. Each must be found exactly once, so a rewording of the original is noticed
/// (the copy is refused) rather than left to tell students about a page they do not have.
pub const SENTENCES: [(&str, &str, &str); 3] = [
    (
        "book/src/introduction.md",
        "The answers page shows each command's output,\nrerun by the book check like every block, \
         and what to take from it.",
        "Your teacher has each command's output\nand what to take from it.",
    ),
    (
        "book/src/glossary.md",
        "before running it; the answers page shows what it prints.",
        "before running it.",
    ),
    (
        "README.md",
        "`just challenges`; the book's page *Teaching from this book* has a lab for every chapter.",
        "`just challenges`, with hints from `just hint N.M`.",
    ),
];

/// Whether a link's destination is one of the pages left out (or a heading on one).
fn left_out(dest: &str) -> bool {
    PAGES.contains(&dest.split('#').next().unwrap_or(dest))
}

/// The summary without the lines of the pages left out.
pub fn summary(text: &str) -> String {
    let gone: Vec<usize> = markdown::links(text)
        .iter()
        .filter(|l| left_out(&l.dest))
        .map(|l| markdown::line_of(text, l.range.start))
        .collect();
    let lines = text.split_inclusive('\n').enumerate();
    lines.filter(|(i, _)| !gone.contains(&(i + 1))).map(|(_, l)| l).collect()
}

/// A page with every link to a page left out turned into plain words: a try-it prompt's
/// "Answered here" into [`ASKED`], any other link into its own words. Also the count of links
/// changed.
pub fn page(text: &str) -> (String, usize) {
    let mut out = String::with_capacity(text.len());
    let (mut from, mut n) = (0, 0);
    for link in markdown::links(text).into_iter().filter(|l| left_out(&l.dest)) {
        out.push_str(&text[from..link.range.start]);
        match &text[link.words.clone()] {
            "Answered here" => out.push_str(ASKED.trim_end_matches('.')),
            words => out.push_str(words),
        }
        from = link.range.end;
        n += 1;
    }
    out.push_str(&text[from..]);
    (out, n)
}

/// `book/fixed.toml` without the entries of the pages left out (their reasons speak of the
/// answers), nor the comment lines that head them.
pub fn fixed(text: &str) -> String {
    let gone = |para: &str| {
        PAGES
            .iter()
            .any(|p| para.contains(&format!("page = \"{p}\"")) || para.trim() == format!("# {p}."))
    };
    let kept: Vec<&str> = text.split("\n\n").filter(|p| !gone(p)).collect();
    let mut out = kept.join("\n\n");
    if text.ends_with('\n') && !out.ends_with('\n') {
        out.push('\n');
    }
    out
}

/// The README without its paragraph on the `answers/` folder, a bullet of the layout.
pub fn readme(text: &str) -> String {
    let bullet =
        markdown::items(text).into_iter().find(|i| text[i.clone()].starts_with("- `answers/`"));
    match bullet {
        Some(i) => format!("{}{}", &text[..i.start], &text[i.end..]),
        None => text.to_string(),
    }
}

/// Makes a copied tree at `dir` the students' copy: leaves out [`LEFT_OUT`] and edits what
/// speaks of it. Says what it did, one line for each kind of change; an error names the file.
pub fn edit(dir: &Path) -> Result<Vec<String>, String> {
    let read = |rel: &str| {
        std::fs::read_to_string(dir.join(rel)).map_err(|e| format!("cannot read {rel}: {e}"))
    };
    let write = |rel: &str, text: &str| {
        std::fs::write(dir.join(rel), text).map_err(|e| format!("cannot write {rel}: {e}"))
    };
    if !dir.join("answers").is_dir() {
        return Err("the last commit has no answers/ folder: it is a students' copy already".into());
    }
    for rel in LEFT_OUT {
        let p = dir.join(rel);
        let gone = if p.is_dir() { std::fs::remove_dir_all(&p) } else { std::fs::remove_file(&p) };
        gone.map_err(|e| format!("cannot take out {rel}: {e}"))?;
    }
    write("book/src/SUMMARY.md", &summary(&read("book/src/SUMMARY.md")?))?;
    write("book/fixed.toml", &fixed(&read("book/fixed.toml")?))?;
    write("README.md", &readme(&read("README.md")?))?;
    let mut links = 0;
    let mut pages: Vec<_> = std::fs::read_dir(dir.join("book/src"))
        .map_err(|e| format!("cannot read book/src: {e}"))?
        .filter_map(|e| e.ok().map(|e| e.file_name().to_string_lossy().into_owned()))
        .filter(|n| n.ends_with(".md"))
        .collect();
    pages.sort();
    for name in &pages {
        let rel = format!("book/src/{name}");
        let (text, n) = page(&read(&rel)?);
        if n > 0 {
            write(&rel, &text)?;
            links += n;
        }
    }
    for (rel, from, to) in SENTENCES {
        let text = read(rel)?;
        if text.matches(from).count() != 1 {
            return Err(format!(
                "{rel} no longer says \"{}\" once: update the sentences of src/class.rs",
                from.replace('\n', " ")
            ));
        }
        write(rel, &text.replacen(from, to, 1))?;
    }
    Ok(vec![
        format!("left out {}", LEFT_OUT.join(", ")),
        format!(
            "{links} links to them turned into words (each try-it's \"Answered here\" now reads \
             \"{ASKED}\"), and {} sentences that spoke of them",
            SENTENCES.len()
        ),
    ])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_summary_loses_exactly_the_two_pages() {
        let text = "# Summary\n\n- [Herd](herd.md)\n\n---\n\n[Appendix: glossary](glossary.md)\n\
                    [Appendix: the challenges answered](answers.md)\n[Teaching from this book](teaching.md)\n";
        assert_eq!(
            summary(text),
            "# Summary\n\n- [Herd](herd.md)\n\n---\n\n[Appendix: glossary](glossary.md)\n"
        );
    }

    #[test]
    fn an_answered_here_becomes_the_teachers_and_other_links_their_words() {
        let text = "> **Try 1.a.** Guess. [Answered here](answers.md#try-1a-two-more-rows).\n\
                    See [the answers](answers.md) and [a lab](teaching.md#marking), \
                    not [the herd](herd.md#x).\n";
        let (out, n) = page(text);
        assert_eq!(n, 3);
        assert_eq!(
            out,
            "> **Try 1.a.** Guess. Your teacher has the answer.\n\
             See the answers and a lab, not [the herd](herd.md#x).\n"
        );
    }

    #[test]
    fn the_fixed_list_loses_the_entries_of_the_pages_left_out() {
        let text = "# herd.md.\n\n[[fixed]]\ntext = 'a'\npage = \"herd.md\"\n\n# answers.md.\n\n\
                    [[fixed]]\ntext = 'b'\npage = \"answers.md\"\n\n# teaching.md.\n\n\
                    [[fixed]]\ntext = 'c'\npage = \"teaching.md\"\n";
        assert_eq!(fixed(text), "# herd.md.\n\n[[fixed]]\ntext = 'a'\npage = \"herd.md\"\n");
    }

    #[test]
    fn the_readme_loses_its_bullet_on_the_answers_and_nothing_else() {
        let text = "- `tests/`: the tests.\n- `answers/`: a reference answer\n  to each.\n  More.\n\
                    - `.ci/`: run.\n";
        assert_eq!(readme(text), "- `tests/`: the tests.\n- `.ci/`: run.\n");
    }

    /// The repository's own files hold each sentence the copy rewrites, once, and the chapters'
    /// prompts link to the answers page, so the copy has something to change.
    #[test]
    fn every_sentence_to_rewrite_is_in_the_tree_once() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR"));
        // A class copy has them rewritten already.
        if !root.join("book/src/answers.md").is_file() {
            return;
        }
        for (rel, from, _) in SENTENCES {
            let text = std::fs::read_to_string(root.join(rel)).unwrap();
            assert_eq!(text.matches(from).count(), 1, "{rel}: {from}");
        }
    }
}
