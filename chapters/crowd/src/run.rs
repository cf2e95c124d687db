//! The one thing every subcommand of this chapter does: run, given its parsed flags. In a file
//! of its own, so that each subcommand's module can name it without naming lib.rs, the list
//! that names them all.

use std::io::Write;

use world::beast::Settings;

/// A subcommand: its flags, parsed, and the run they ask for, on the run's settings.
pub trait Run {
    fn run(&self, out: &mut dyn Write, settings: Settings) -> anyhow::Result<()>;
}
