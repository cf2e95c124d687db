//! What every chapter binary does around its experiments: parse the flags and fail in one line,
//! write the files a run was asked for whole or not at all, show progress on a terminal, run
//! and table the switches of a chapter's `Design`, and (for the chapters' tests only) run a
//! binary from outside.
//!
//! - [`busy`]: how busy the rest of the machine was while a timing ran.
//! - [`capture`]: writes kept in memory, for the book check to see what a run would write.
//! - [`children`]: the processes a book tool starts, ended with it.
//! - [`cli`]: the entry point every chapter's `main` and the book check call.
//! - [`design`]: chapter 3's design on the command line, built from the design's own tables.
//! - [`designs`]: the `designs` table of every chapter: each switch run, and what it moved.
//! - [`failure`]: how a run ends early: a wrong command line or a run that could not finish.
//! - [`file_flags`]: the flags that name a file or a folder to write, found by their parser.
//! - [`files`]: the files a run writes, written through a scratch name; [`ready`] checks each
//!   before the work, [`staged`] puts them in place together, [`places`] finds two on one
//!   place.
//! - [`one_line`]: clap's refusal of a command line, written in one line by clap's own hook.
//! - [`out`]: a file that could not be written, and the scratch name bytes go to first.
//! - [`memory`]: the system allocator held to one rule for large blocks, so a run's peak is
//!   its live data's.
//! - [`report`]: the report's way to stdout, and how a run ends given what stdout did.
//! - [`progress`]: the bar a long run draws on a terminal's stderr, and nowhere else.
//! - [`subcommands`]: the `subcommands!` list that makes a chapter's `Mode` enum.
//! - [`switchboard`]: any chapter's design on the command line, one flag a switch of its table.
//! - [`switches`]: a design's switches as the `designs` table reads them, each with its part,
//!   and the design clap builds from a set of flags.
//! - [`usage`]: a wrong command line said in one line.
//! - [`turns`]: the one paired clock: rows in turns, each its best turn, ratios paired.
//! - [`whole`]: a whole-number flag's parser, its unit and range read back from its refusal.
//! - `testing`: a chapter binary run from outside, behind the `testing` feature.

pub mod busy;
pub mod capture;
pub mod children;
pub mod cli;
pub mod design;
pub mod designs;
pub mod failure;
pub mod file_flags;
pub mod files;
pub mod memory;
pub mod one_line;
pub mod out;
pub mod places;
pub mod progress;
pub mod ready;
pub mod report;
pub mod staged;
pub mod subcommands;
pub mod switchboard;
pub mod switches;
#[cfg(feature = "testing")]
pub mod testing;
pub mod turns;
pub mod usage;
pub mod whole;
