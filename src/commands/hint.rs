//! `hint`'s command line: a challenge, and which of its hints.

use clap::Parser;
use world::shell::cli::Writes;

use crate::challenge::{Challenge, named};
use crate::hints;

/// Prints a hint for one of the course's challenges. Every challenge has two or three, from a
/// nudge to nearly the answer; the page shows the same ones, one at a time, under the
/// challenge. Ask for the first, and only then for the next.
#[derive(Parser, Debug)]
#[command(name = "hint")]
pub struct Cli {
    /// The challenge, chapter and place: 2.5.
    #[arg(value_name = "N.M", value_parser = named)]
    pub id: &'static Challenge,

    /// Which hint, from 1 (the default) to the challenge's last, 2 or 3.
    #[arg(value_name = "K", value_parser = which)]
    pub k: Option<usize>,
}

/// A hint's number, as a reader types it.
fn which(s: &str) -> Result<usize, String> {
    Some(s)
        .filter(|s| s.bytes().all(|b| b.is_ascii_digit()))
        .and_then(|s| s.parse().ok())
        .filter(|k| (1..=hints::MOST).contains(k))
        .ok_or_else(|| format!("give a hint number from 1 to at most {}", hints::MOST))
}

/// It writes its report and nothing else.
impl Writes for Cli {}
