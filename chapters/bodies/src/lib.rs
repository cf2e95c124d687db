//! Chapter 1, Motion in Three Vectors: a body is a place, a speed and this tick's pushes.
//!
//! Each experiment is one subcommand in its own module; with no subcommand the binary runs them
//! all in the order the book tells them.

use std::io::Write;

use clap::{Parser, Subcommand};
use world::shell::cli::Writes;
use world::shell::file_flags::{OutFile, png, svg};

pub mod design;
pub mod designs;
pub mod digits;
mod doubles;
pub mod held;
pub mod pushes;
mod reel;
pub mod reorder;
pub mod scatter;
pub mod swarm;
pub mod table;
mod timeline;

use design::Design;

/// Chapter 1 of the book: how a body moves, why the order of a step matters, and how to prove
/// two runs are the same run. With no subcommand, every experiment runs in the book's order.
#[derive(Parser, Debug)]
#[command(name = "bodies", version, term_width = 100, after_long_help = world::shell::cli::promises(world::shell::cli::MOST_MB))]
pub struct Cli {
    #[command(subcommand)]
    pub mode: Option<Mode>,
}

/// A number of ticks: at least one, at most a million.
fn ticks(s: &str) -> Result<u32, String> {
    world::shell::cli::whole(s, "ticks", 1, 1_000_000).map(|n| n as u32)
}

/// A number of maps to walk: at least one, at most a million.
fn walks(s: &str) -> Result<u32, String> {
    world::shell::cli::whole(s, "walks", 1, 1_000_000).map(|n| n as u32)
}

#[derive(Subcommand, Debug)]
pub enum Mode {
    /// One falling body, tick by tick: the table you can check with a pencil.
    ///
    /// Starts at (24, 8) moving (2, 0) and pushed by gravity (0, 0.5) every tick. Each row is
    /// what was pushed that tick, and the velocity and position after the step.
    Table {
        /// Ticks to run: 1 to 1,000,000.
        #[arg(long, default_value = "4", value_parser = ticks, allow_hyphen_values = true)]
        ticks: u32,
        #[command(flatten)]
        design: Design,
    },
    /// The same falling body stepped two ways: velocity first (the world's `step`) and position
    /// first (the retired `step_lagging`), side by side.
    Orders {
        /// Ticks to run: 1 to 1,000,000.
        #[arg(long, default_value = "4", value_parser = ticks, allow_hyphen_values = true)]
        ticks: u32,
        /// Also draw the timeline into this SVG (760 px wide): each order's velocity and height
        /// a tick, with an arrow from the velocity that moved each height. It has room for the
        /// first 8 ticks, and draws no more, whatever --ticks runs.
        #[arg(long, value_name = "FILE", value_parser = svg)]
        picture: Option<OutFile>,
    },
    /// A body on a tether to the middle of the window, under both orders: one keeps its swing,
    /// the other swings wider every time until it is gone.
    ///
    /// The tether pulls with 0.02 of the offset; the body starts 48 px out, at rest. The first
    /// body is stepped by the design's switch if one is given (so `--lagging` puts the lagging
    /// step in both columns), the second always by the lagging step.
    Held {
        /// Ticks to run: 1 to 1,000,000.
        #[arg(long, default_value = "400", value_parser = ticks, allow_hyphen_values = true)]
        ticks: u32,
        /// Also chart both paths (offset from the middle against time) into this SVG; a long
        /// run is thinned to the points the chart can show, so any run makes a small file.
        #[arg(long, value_name = "FILE", value_parser = svg)]
        picture: Option<OutFile>,
        /// Also film both bodies side by side, a frame per tick, into this animated PNG (at most
        /// 1000 ticks).
        #[arg(long, value_name = "FILE", value_parser = png)]
        film: Option<OutFile>,
        #[command(flatten)]
        design: Design,
    },
    /// Twenty-four tethered bodies from seed 7, run twice: the frame hash and the hash of every
    /// float's bits agree on every tick.
    Swarm {
        /// The seed the bodies are placed and launched from.
        #[arg(long, default_value = "7", value_parser = world::shell::cli::seed, allow_hyphen_values = true)]
        seed: u64,
        /// Ticks to run: 1 to 1,000,000 (a million take some minutes).
        #[arg(long, default_value = "400", value_parser = ticks, allow_hyphen_values = true)]
        ticks: u32,
        /// Also draw the first run's trails and final places into this PNG.
        #[arg(long, value_name = "FILE", value_parser = png)]
        picture: Option<OutFile>,
        #[command(flatten)]
        design: Design,
    },
    /// Three pushes summed in all six orders, then in whatever order a HashMap chooses: the
    /// total depends on the order, and a HashMap picks a new order for every new map.
    Reorder {
        /// How many freshly made maps to sum over: 1 to 1,000,000.
        #[arg(long, default_value = "1000", value_parser = walks, allow_hyphen_values = true)]
        walks: u32,
        /// Also draw the doubles next to 0.4 on a number line into this SVG (760 px wide), each
        /// order's total on the double it lands on, and 0.4 itself between two of them.
        #[arg(long, value_name = "FILE", value_parser = svg)]
        picture: Option<OutFile>,
    },
    /// The swarm with the three pushes added in two orders: the pictures agree, the numbers
    /// never do, and the gap between them grows.
    Clash {
        /// The seed the bodies are placed and launched from.
        #[arg(long, default_value = "7", value_parser = world::shell::cli::seed, allow_hyphen_values = true)]
        seed: u64,
        #[command(flatten)]
        design: Design,
    },
    /// Every switch of the law of motion's design: what it puts back, and whether it moves
    /// the digest of `swarm`, found by running the swarm once with no switch and once with
    /// each.
    Designs {
        /// Also time each run, and set it against the design as it stands: these columns
        /// differ on every machine.
        #[arg(long)]
        clock: bool,
    },
}

/// The main line's tables in the order the page shows them (the test `book_order` holds this
/// to the page), the `designs` table last, as the subcommands that print them.
pub const BOOK_ORDER: &[&str] =
    &["table", "orders", "held --ticks 400", "swarm", "reorder", "clash", "designs"];

/// Every file a run writes is named by a file flag, found by its parser.
impl Writes for Cli {}

/// Runs one experiment, or all of them in the book's order.
pub fn run(cli: Cli, out: &mut dyn Write) -> anyhow::Result<()> {
    match cli.mode {
        Some(Mode::Table { ticks, design }) => table::table(out, ticks, design),
        Some(Mode::Orders { ticks, picture }) => table::orders(out, ticks, picture.as_deref()),
        Some(Mode::Held { ticks, picture, film, design }) => {
            held::run(out, ticks, design, picture.as_deref(), film.as_deref())
        }
        Some(Mode::Swarm { seed, ticks, picture, design }) => {
            swarm::twice(out, seed, ticks, design, picture.as_deref())
        }
        Some(Mode::Reorder { walks, picture }) => reorder::run(out, walks, picture.as_deref()),
        Some(Mode::Clash { seed, design }) => swarm::clash(out, seed, design),
        Some(Mode::Designs { clock }) => designs::run(out, clock),
        None => world::shell::cli::in_order::<Cli>("bodies", BOOK_ORDER, out, run),
    }
}
