//! What every check of the course shares: its verdict, the way it asks a chapter for a switch,
//! and the way it lists what it saw.

use std::fmt;

use clap::error::ErrorKind;
use clap::{Args, FromArgMatches};

/// What a check found: what it saw when the challenge is done, or what is missing.
pub type Verdict = Result<String, String>;

/// The design a chapter's command line builds from one switch, or what to do when the chapter
/// has no such switch yet: the check asks clap exactly as `--help` and the `designs` table do.
pub fn switch<D: Args + FromArgMatches>(
    chapter: &str,
    file: &str,
    flag: &str,
) -> Result<D, String> {
    world::shell::switches::with::<D>(&[flag]).map_err(|e| match e.kind() {
        ErrorKind::UnknownArgument => format!(
            "{chapter} has no {flag} switch yet: add it to the Design in {file} (the recipe is \
             in the book's appendix, under \"Keeping an old design\")"
        ),
        _ => {
            let text = e.render().to_string();
            let first = text.lines().next().unwrap_or("").trim_start_matches("error: ");
            format!("{chapter} refuses {flag} on its own: {first}")
        }
    })
}

/// A list of numbers as a sentence: "1, 2 and 3".
pub fn listed<T: fmt::Display>(items: &[T]) -> String {
    let words: Vec<String> = items.iter().map(T::to_string).collect();
    match words.split_last() {
        None => String::new(),
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} and {last}", rest.join(", ")),
    }
}
