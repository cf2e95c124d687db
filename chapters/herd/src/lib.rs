//! Chapter 2, The Herd That Bunches: three steering rules make a herd, and a grid finds each
//! walker's neighbours faster without changing a single bit of the world.
//!
//! Each experiment is one subcommand in its own module, which owns its flags (an `Args`
//! struct) and how it runs ([`Run`]); this file lists them. With no subcommand the binary
//! runs them all in the order the book tells them.
//!
//! To add a subcommand: write its module (`src/name.rs`, with `Args` and its `impl Run`) and
//! add its one line, `Name(name),`, to the `subcommands!` list below, which declares the module
//! too; to run it with the others, add it to [`BOOK_ORDER`]. Format it with `just fmt`:
//! `cargo fmt` does not reach a module declared inside a macro.

use std::io::Write;

use clap::Parser;
use world::shell::cli::Writes;

pub mod charts;
pub mod design;
mod run;
pub mod scene;
mod steering;

pub use run::Run;

world::subcommands! {
    Hand(hand),
    Alone(alone),
    Near(near),
    Sweep(sweep),
    Agree(agree),
    Clock(clock),
    Distances(distances),
    Designs(designs),
}

/// Chapter 2 of the book: push apart, match heading, pull to the middle, and two ways to find
/// the neighbours those rules listen to. With no subcommand, every experiment runs in the
/// book's order.
#[derive(Parser, Debug)]
#[command(name = "herd", version, term_width = 100, after_long_help = world::shell::cli::promises(world::shell::cli::MOST_MB))]
pub struct Cli {
    #[command(subcommand)]
    pub mode: Option<Mode>,
}

/// The main line's tables in the order the page shows them (the test `book_order` holds this
/// to the page), then the `designs` table, as the subcommands that print them.
pub const BOOK_ORDER: &[&str] = &[
    "hand",
    "alone -n 120 --ticks 400",
    "alone --rule cohere -n 120 --ticks 1000",
    "near --tick 400",
    "sweep --rule all -n 120 --ticks 400",
    "agree",
    "distances",
    "designs",
];

/// Every file a run writes is named by a file or folder flag, found by its parser; the
/// subcommand says what it writes into a folder.
impl Writes for Cli {
    fn in_folder(&self) -> Vec<String> {
        self.mode.as_ref().map_or_else(Vec::new, |m| m.command().in_folder())
    }
}

/// Runs one experiment, or all of them in the book's order.
pub fn run(cli: Cli, out: &mut dyn Write) -> anyhow::Result<()> {
    match &cli.mode {
        Some(mode) => mode.command().run(out),
        None => world::shell::cli::in_order::<Cli>("herd", BOOK_ORDER, out, run),
    }
}
