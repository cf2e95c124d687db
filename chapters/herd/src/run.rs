//! The one thing every subcommand of this chapter does: run, given its parsed flags. In a file
//! of its own, so that each subcommand's module can name it without naming lib.rs, the list
//! that names them all.

use std::io::Write;

/// A subcommand: its flags, parsed, and the run they ask for.
pub trait Run {
    fn run(&self, out: &mut dyn Write) -> anyhow::Result<()>;

    /// The names of the files the run writes into each folder its folder flags name.
    fn in_folder(&self) -> Vec<String> {
        Vec::new()
    }
}
