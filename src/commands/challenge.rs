//! `challenge`'s command line: one challenge or all of them, as a table or as JSON.

use clap::Parser;
use world::shell::cli::Writes;

use crate::challenge::{Challenge, named};

/// Checks the course's challenges in the tree it is run in. Every code challenge has a check
/// that runs the student's change over several seeds of its own; a paper challenge has none
/// and is answered in writing.
///
/// With N.M: that challenge's check. Exit 0 and what it saw when it passes, exit 1 and the
/// one thing it is still waiting for when it does not; a paper challenge says so and exits 0.
/// With no N.M: every challenge in a table, each code challenge checked now, and exit 0.
/// A check whose code panics is reported in one line as a check that could not finish.
#[derive(Parser, Debug)]
#[command(name = "challenge")]
pub struct Cli {
    /// The challenge to check, chapter and place: 2.5. With none, every challenge.
    #[arg(value_name = "N.M", value_parser = named)]
    pub id: Option<&'static Challenge>,

    /// Print the results as one JSON document on stdout, in the shape of Exercism's
    /// results.json (version 2): a status for the run, and under "tests" a record per code
    /// challenge with its name, id, kind, status (pass, fail or error) and the check's message.
    /// The paper challenges are no tests: they are listed apart under "paper", with no status,
    /// so a gradebook counts no pass nobody earned. Exit 0 whatever the checks found, as a test
    /// runner does; the statuses say it.
    #[arg(long)]
    pub json: bool,
}

/// It writes its report and nothing else.
impl Writes for Cli {}
