//! `challenge [--json] [N.M]`: the command behind `just challenge N.M` and `just challenges`.
//!
//! With a number, it runs that challenge's check and says what it saw or what is missing,
//! ending with 0 when the check passes or the challenge is answered on paper, and 1 when the
//! check does not pass yet. With none, it prints the table of every challenge of the course,
//! checked now: the table a teacher grades from. With `--json`, the same results as one JSON
//! document a gradebook script reads.

use std::io::{self, IsTerminal, Write};
use std::process::ExitCode;

use theworld::challenge::{ALL, Challenge, Kind, Outcome, on_paper, quiet_panics, results};
use theworld::commands::challenge::Cli;

fn main() -> ExitCode {
    let cli = match theworld::args::parse::<Cli>(
        "challenge",
        "give a challenge such as 2.5, --json, or nothing",
    ) {
        Ok(Some(cli)) => cli,
        Ok(None) => return ExitCode::SUCCESS,
        Err(code) => return code,
    };
    quiet_panics();
    theworld::args::report("challenge", |out| match (cli.id, cli.json) {
        (id, true) => json(id, out),
        (Some(c), false) => one(c, out),
        (None, false) => table(out),
    })
}

/// Says which check is running, on a terminal only: some take a few seconds.
fn running(c: &Challenge) {
    if c.check.is_some() && std::io::stderr().is_terminal() {
        world::shell::cli::say(format_args!("checking {} {}...", c.id, c.title));
    }
}

fn one(c: &Challenge, out: &mut dyn Write) -> io::Result<ExitCode> {
    running(c);
    match theworld::challenge::run(c) {
        Outcome::Paper => {
            writeln!(out, "challenge {}", on_paper(c))?;
            Ok(ExitCode::SUCCESS)
        }
        Outcome::Passed(saw) => {
            writeln!(out, "challenge {} passed: {saw}", c.id)?;
            Ok(ExitCode::SUCCESS)
        }
        Outcome::NotYet(missing) => {
            writeln!(out, "challenge {} not yet: {missing}", c.id)?;
            Ok(ExitCode::from(1))
        }
        Outcome::Broke(why) => {
            writeln!(out, "challenge {} could not finish: {why}", c.id)?;
            Ok(ExitCode::from(1))
        }
    }
}

fn json(id: Option<&'static Challenge>, out: &mut dyn Write) -> io::Result<ExitCode> {
    let chosen: Vec<&Challenge> = match id {
        Some(c) => vec![c],
        None => ALL.iter().collect(),
    };
    let ran: Vec<(&Challenge, Outcome)> = chosen
        .into_iter()
        .map(|c| {
            running(c);
            (c, theworld::challenge::run(c))
        })
        .collect();
    let doc = results::document(&ran);
    match serde_json::to_string_pretty(&doc) {
        Ok(text) => {
            writeln!(out, "{text}")?;
            Ok(ExitCode::SUCCESS)
        }
        Err(e) => {
            world::shell::cli::say(format_args!(
                "challenge: cannot write the results as JSON: {e}"
            ));
            Ok(ExitCode::from(1))
        }
    }
}

/// How wide the table may run: a terminal's 100 columns, where a line does not wrap by itself.
const WIDTH: usize = 100;

/// Where the title column starts, and a check's message under it.
const INDENT: usize = 2 + 4 + 2 + 19 + 2 + 8 + 2;

/// A check's message cut into lines that fit under the title column, at spaces, so each word
/// stays whole (a path longer than the column keeps a line of its own).
fn wrapped(text: &str) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    for word in text.split_whitespace() {
        match lines.last_mut() {
            Some(line) if line.len() + 1 + word.len() <= WIDTH - INDENT => {
                line.push(' ');
                line.push_str(word);
            }
            _ => lines.push(word.to_string()),
        }
    }
    lines
}

// ANCHOR: table
fn table(out: &mut dyn Write) -> io::Result<ExitCode> {
    writeln!(out, "the course's challenges, each code challenge checked now")?;
    writeln!(out)?;
    writeln!(out, "  {:<4}  {:<19}  {:<8}  title", "", "kind", "result")?;
    let (mut checked, mut passed) = (0, 0);
    for c in ALL {
        running(c);
        let (result, why) = match theworld::challenge::run(c) {
            Outcome::Paper => ("on paper", None),
            Outcome::Passed(_) => {
                (checked, passed) = (checked + 1, passed + 1);
                ("passed", None)
            }
            Outcome::NotYet(missing) => {
                checked += 1;
                ("NOT YET", Some(missing))
            }
            Outcome::Broke(why) => {
                checked += 1;
                ("BROKE", Some(format!("could not finish: {why}")))
            }
        };
        writeln!(out, "  {:<4}  {:<19}  {result:<8}  {}", c.id, c.kind.label(), c.title)?;
        for line in why.as_deref().map(wrapped).unwrap_or_default() {
            writeln!(out, "{:INDENT$}{line}", "")?;
        }
    }
    let on_paper = ALL.iter().filter(|c| c.kind != Kind::Change).count();
    writeln!(out)?;
    writeln!(out, "code challenges passed: {passed} of {checked}; answered on paper: {on_paper}")?;
    Ok(ExitCode::SUCCESS)
}
// ANCHOR_END: table

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_long_message_is_wrapped_under_its_column_within_the_width() {
        let why = "the phase's Design has only the 20 switches it came with: add one that puts back a \
                   retired part of the phase, in shared/src/beast/design.rs (the recipe is in the \
                   book's appendix, under \"Keeping an old design\")";
        let lines = wrapped(why);
        assert!(lines.len() > 1, "{lines:?}");
        assert!(lines.iter().all(|l| INDENT + l.len() <= WIDTH), "{lines:?}");
        assert_eq!(lines.join(" "), why);
        assert_eq!(wrapped("short"), ["short"]);
        assert!(wrapped("").is_empty());
    }
}
