//! `blocks`' command line: verify, bless, figures or measure, and which blocks.

use clap::{Parser, Subcommand};
use world::shell::cli::Writes;

/// Checks the book against the code: reruns the command of every console block in book/src
/// and compares what it prints, and every picture it draws, with what the book shows. Run it
/// anywhere inside the repository; it checks the tree it is run in.
#[derive(Parser, Debug)]
#[command(name = "blocks")]
pub struct Cli {
    #[command(subcommand)]
    pub mode: Job,
}

#[derive(Subcommand, Debug)]
pub enum Job {
    /// Rerun every deterministic block (`console` and `console,refusal`) and compare its text
    /// and pictures with the book's; fail with a diff on any drift. Fail too on a measured block
    /// whose header records another design than its command runs now (a stale block, which
    /// `measure` takes again); measured blocks are never rerun here. Writes nothing, ever.
    Verify {
        /// Only pages or commands containing this (it must match at least one block).
        only: Option<String>,
    },
    /// Rewrite every deterministic block and picture from its command. A `console` block
    /// whose command fails, or a `console,refusal` block whose command runs, is an error and
    /// is left as it was.
    Bless {
        /// Only pages or commands containing this (it must match at least one block).
        only: Option<String>,
    },
    /// Fill in every figure the prose reads from a block (`<!--= block[label] ; format -->`),
    /// from the blocks as the pages hold them, without rerunning anything; with `--check`,
    /// write nothing and report each figure that is wrong, and each typed into the prose.
    Figures {
        /// Write nothing: report each figure that is wrong, and each typed into the prose.
        #[arg(long)]
        check: bool,
        /// Only pages containing this are written or reported (every page's blocks are read).
        only: Option<String>,
    },
    /// Rerun the timing blocks (`console,measured`) through a shell, one at a time, and
    /// rewrite each with a header naming this machine, the float loop's time (2^27 dependent
    /// float multiply-and-adds, best of three, taken just before the block) and how busy the
    /// rest of the machine was. A block during which the rest of the machine used more than 5%
    /// of a core is not written: the run names it and fails. Needs Linux (`/proc/stat`).
    /// Then fill in every figure and verdict the prose reads from the blocks it rewrote.
    Measure {
        /// Write blocks taken on a busy machine anyway, their header stamped "taken on a busy
        /// machine".
        #[arg(long)]
        busy_ok: bool,
        /// Only pages or commands containing this (it must match at least one block).
        only: Option<String>,
    },
}

/// The pages and pictures `bless` and `measure` rewrite are found in the book, not named
/// on the command line.
impl Writes for Cli {}
