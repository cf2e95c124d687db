//! The try-it prompts cannot rot: every chapter asks at least four, through its page, and each
//! prompt's command is the command of a console block on the answers page, which the book check
//! reruns like every other block, so a prompt whose command stops working or starts printing
//! something else fails `cargo test`. A students' copy (`just class`) has no answers page in its
//! summary; there every prompt still asks, with its command, and links to no answers page.

use std::path::PathBuf;

use theworld::markdown;

/// The tree under test, as cargo names it when it runs the test, not as it was when the test
/// was built: a copy of the repository sharing this target folder (CI's class copy) tests itself.
fn root() -> PathBuf {
    std::env::var_os("CARGO_MANIFEST_DIR")
        .map_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")), PathBuf::from)
}

fn page(name: &str) -> String {
    std::fs::read_to_string(root().join("book/src").join(name)).unwrap()
}

/// Each prompt of a page: its label (`1.a`, from its bold `**Try 1.a.**`) and the first line
/// of the `text` block after it, its command.
fn prompts(text: &str) -> Vec<(String, String)> {
    let code = markdown::code(text);
    let mut found = Vec::new();
    for (bold, at) in markdown::strong(text) {
        let Some(rest) = bold.strip_prefix("Try ") else { continue };
        let label = rest.trim_end_matches('.').to_string();
        let block = code.iter().find(|c| c.range.start >= at.end && c.info == "text");
        let command = block.and_then(|c| c.body.lines().next()).unwrap_or_default();
        found.push((label, command.to_string()));
    }
    found
}

/// The commands of the console blocks of a page, as their `$ ` lines.
fn commands(text: &str) -> Vec<String> {
    markdown::code(text)
        .iter()
        .filter(|c| c.info.starts_with("console"))
        .flat_map(|c| c.body.lines().filter_map(|l| l.strip_prefix("$ ")).map(str::to_string))
        .collect()
}

/// Whether the book's summary lists a page: a students' copy leaves the answers out.
fn in_summary(name: &str) -> bool {
    page("SUMMARY.md").contains(&format!("]({name})"))
}

#[test]
fn every_chapter_asks_four_prompts_and_the_answers_page_runs_each() {
    let answers = in_summary("answers.md").then(|| commands(&page("answers.md")));
    for (n, chapter) in theworld::chapters::ALL.iter().enumerate() {
        let (n, page_name) = (n + 1, chapter.page());
        let chapter = page_name.as_str();
        let asked = prompts(&page(chapter));
        assert!(asked.len() >= 4, "{chapter} asks {} try-it prompts", asked.len());
        for (label, command) in &asked {
            assert!(
                label.starts_with(&format!("{n}.")),
                "{chapter}: prompt {label} is numbered for another chapter"
            );
            assert!(command.starts_with("cargo run"), "{chapter}: prompt {label} shows no command");
            match &answers {
                Some(answers) => assert!(
                    answers.contains(command),
                    "{chapter}: prompt {label}'s `{command}` is no console block of answers.md, so nothing runs it"
                ),
                None => assert!(
                    !page(chapter).contains("(answers.md"),
                    "{chapter} links to answers.md, which this copy has not"
                ),
            }
        }
    }
}

#[test]
fn a_prompt_is_read_with_its_command() {
    let text = "Prose.\n\n> **Try 9.z.** Guess. [Answered](answers.md#x).\n>\n> ```text\n> cargo run -p x\n> ```\n";
    assert_eq!(prompts(text), [("9.z".to_string(), "cargo run -p x".to_string())]);
    assert!(prompts("> **Tried** nothing\n").is_empty());
    let tilde = "> **Try 9.y.** Guess.\n>\n> ~~~text\n> cargo run -p y\n> ~~~\n";
    assert_eq!(prompts(tilde), [("9.y".to_string(), "cargo run -p y".to_string())]);
}
