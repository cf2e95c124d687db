//! Chapter 1, Motion in Three Vectors: a body is a place, a speed and this tick's pushes.
//!
//! Each experiment is one subcommand in its own module, which owns its flags (an `Args`
//! struct) and how it runs ([`Run`]); this file lists them. With no subcommand the binary runs
//! them all in the order the book tells them.
//!
//! To add a subcommand: write its module (`src/name.rs`, with `Args` and its `impl Run`) and
//! add its one line, `Name(name),`, to the `subcommands!` list below, which declares the module
//! too; to run it with the others, add it to [`BOOK_ORDER`]. Format it with `just fmt`:
//! `cargo fmt` does not reach a module declared inside a macro.

use std::io::Write;

use clap::Parser;
use world::shell::cli::Writes;

pub mod design;
pub mod digits;
mod doubles;
mod flags;
pub mod pushes;
mod reel;
mod run;
pub mod scatter;
mod timeline;

pub use run::Run;

world::subcommands! {
    Table(table),
    Orders(orders),
    Held(held),
    Swarm(swarm),
    Reorder(reorder),
    Clash(clash),
    Designs(designs),
}

/// Chapter 1 of the book: how a body moves, why the order of a step matters, and how to prove
/// two runs are the same run. With no subcommand, every experiment runs in the book's order.
#[derive(Parser, Debug)]
#[command(name = "bodies", version, term_width = 100, after_long_help = world::shell::cli::promises(world::shell::cli::MOST_MB))]
pub struct Cli {
    #[command(subcommand)]
    pub mode: Option<Mode>,
}

/// The main line's tables in the order the page shows them (the test `book_order` holds this
/// to the page), the `designs` table last, as the subcommands that print them.
pub const BOOK_ORDER: &[&str] =
    &["table", "orders", "held --ticks 400", "swarm", "reorder", "clash", "designs"];

/// Every file a run writes is named by a file flag, found by its parser.
impl Writes for Cli {}

/// Runs one experiment, or all of them in the book's order.
pub fn run(cli: Cli, out: &mut dyn Write) -> anyhow::Result<()> {
    match &cli.mode {
        Some(mode) => mode.command().run(out),
        None => world::shell::cli::in_order::<Cli>("bodies", BOOK_ORDER, out, run),
    }
}
