//! A timed table of designs holds a row for every switch its stage has now.
//!
//! `designs --clock` blocks are measured, so `verify` never reruns them. A switch added to a
//! stage after its clock was taken would leave that stage's timed table a row short, and the
//! prose beside it judging the round on switches it never timed, until the next `just measure`.
//! The chapter's whole table (`designs` with no flag) is a plain block, which the check does
//! rerun, so its rows stand for the switches as they are now; each timed table is held to it,
//! heading by heading.

use std::collections::BTreeMap;

use crate::console::{Block, Kind};

/// The switches under each heading of a designs table's output: a heading is a line indented
/// two spaces that starts with a capital, a switch a line indented two spaces that starts with
/// `--`. Switches above the first heading (those of no stage) are left out.
fn stages(output: &str) -> BTreeMap<String, Vec<String>> {
    let mut found: BTreeMap<String, Vec<String>> = BTreeMap::new();
    let mut heading = None;
    for line in output.lines() {
        let Some(row) = line.strip_prefix("  ") else { continue };
        if row.starts_with(|c: char| c.is_ascii_uppercase()) {
            heading = Some(row.trim().to_string());
            found.entry(row.trim().to_string()).or_default();
        } else if let (Some(h), true) = (&heading, row.starts_with("--")) {
            let flag = row.split_whitespace().next().unwrap_or_default();
            found.entry(h.clone()).or_default().push(flag.to_string());
        }
    }
    found
}

/// The chapter and the arguments of a block that runs `designs`.
fn designs(block: &Block) -> Option<(String, Vec<String>)> {
    let (package, args) = crate::run::chapter_words(&block.command)?;
    (args.first().map(String::as_str) == Some("designs")).then_some((package, args))
}

/// Every timed designs table on `pages` (each its name and its blocks) that lacks a switch its
/// stage has now or has one the stage has no longer, each said in one line.
pub fn check<'a>(pages: impl IntoIterator<Item = (&'a str, &'a [Block])> + Clone) -> Vec<String> {
    let mut whole = BTreeMap::new();
    for (_, blocks) in pages.clone() {
        for b in blocks.iter().filter(|b| b.kind == Kind::Plain) {
            if let Some((chapter, _)) = designs(b).filter(|(_, args)| args.len() == 1) {
                whole.insert(chapter, stages(&b.output));
            }
        }
    }
    let mut problems = Vec::new();
    for (name, blocks) in pages {
        for b in blocks.iter().filter(|b| b.kind == Kind::Measured) {
            let Some((chapter, args)) = designs(b) else { continue };
            if !args.iter().any(|a| a == "--clock") {
                continue;
            }
            // Every chapter's page of designs shows its whole table (`tests/book_order.rs`);
            // a made-up book without one has nothing to hold its timed tables to.
            let Some(now) = whole.get(&chapter) else { continue };
            let at = format!("{name}:{}", b.open + 2);
            for (heading, timed) in stages(&b.output) {
                let has = now.get(&heading).map(Vec::as_slice).unwrap_or_default();
                if timed != has {
                    problems.push(format!(
                        "{at}: the timed designs table (`{}`) times {} under \"{heading}\", \
                         where the stage has {} now: take it again (`just measure` with part of \
                         its command)",
                        b.command,
                        listed(&timed),
                        listed(has)
                    ));
                }
            }
        }
    }
    problems
}

fn listed(flags: &[String]) -> String {
    if flags.is_empty() { "no switch".to_string() } else { flags.join(" ") }
}

#[cfg(test)]
mod tests {
    use super::*;

    const WHOLE: &str = "```console\n$ cargo run --release -p crowd -- designs\n\
                         spend: 120 ticks\n  switch      digest  moves  puts back\n\
                         \x20 --was       aa  no     The phase as first wired\n\
                         \x20 The first round, four changes\n\
                         \x20 --maps      aa  no     The view as two maps, not\n\
                         \x20                        flat rows\n\
                         \x20 --fresh     aa  no     A new view\n\
                         \x20 at once     aa  no     all of the above\n\
                         \x20 The split, looking side by side\n\
                         \x20 --narrow    aa  no     Each fan cast at its turn\n```\n";

    fn timed(rows: &str) -> String {
        format!(
            "*Measured on a kettle.*\n```console,measured\n\
             $ cargo run --release -q -p crowd -- designs --clock --as-of first --only first\n\
             spend: 120 ticks\n\n  switch      digest  moves  ms per tick x base\n\
             \x20 The first round, four changes\n{rows}```\n"
        )
    }

    fn problems(page: &str) -> Vec<String> {
        let whole = crate::console::parse(WHOLE).unwrap();
        let timed = crate::console::parse(page).unwrap();
        check([("whole.md", whole.as_slice()), ("timed.md", timed.as_slice())])
    }

    #[test]
    fn the_stages_of_a_table_are_its_headings_and_their_switches() {
        let b = crate::console::parse(WHOLE).unwrap();
        let found = stages(&b[0].output);
        assert_eq!(found.len(), 2);
        assert_eq!(found["The first round, four changes"], ["--maps", "--fresh"]);
        assert_eq!(found["The split, looking side by side"], ["--narrow"]);
    }

    #[test]
    fn a_timed_table_with_every_switch_of_its_stage_is_no_problem() {
        let page = timed("  --maps  aa  no  2.1  1.1\n  --fresh  aa  no  2.0  1.0\n");
        assert_eq!(problems(&page), Vec::<String>::new());
    }

    #[test]
    fn a_timed_table_a_switch_short_is_a_problem_naming_both_lists() {
        let found = problems(&timed("  --maps  aa  no  2.1  1.1\n"));
        assert_eq!(found.len(), 1, "{found:?}");
        assert!(found[0].starts_with("timed.md:3: the timed designs table"), "{}", found[0]);
        assert!(found[0].contains("times --maps under \"The first round, four changes\""));
        assert!(found[0].contains("where the stage has --maps --fresh now"), "{}", found[0]);
    }
}
