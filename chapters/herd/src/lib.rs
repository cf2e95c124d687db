//! Chapter 2, The Herd That Bunches: three steering rules make a herd, and a grid finds each
//! walker's neighbours faster without changing a single bit of the world.
//!
//! Each experiment is one subcommand in its own module; with no subcommand the binary runs them
//! all in the order the book tells them.

use std::io::Write;

use clap::{Parser, Subcommand};
use world::shell::cli::{Writes, whole};
use world::shell::file_flags::{OutFile, OutFolder, folder, svg};

pub mod agree;
pub mod alone;
pub mod charts;
pub mod clock;
pub mod design;
pub mod designs;
pub mod distances;
pub mod hand;
pub mod scene;
mod steering;
pub mod sweep;

pub mod near;

use design::Design;
use scene::{Rule, Scene, walkers};

/// Chapter 2 of the book: push apart, match heading, pull to the middle, and two ways to find
/// the neighbours those rules listen to. With no subcommand, every experiment runs in the
/// book's order.
#[derive(Parser, Debug)]
#[command(name = "herd", version, term_width = 100, after_long_help = world::shell::cli::promises(world::shell::cli::MOST_MB))]
pub struct Cli {
    #[command(subcommand)]
    pub mode: Option<Mode>,
}

/// The tick `near` stops at: 0 to 100,000.
fn near_tick(s: &str) -> Result<u32, String> {
    whole(s, "ticks", 0, 100_000).map(|n| n as u32)
}

/// A walker of the book's herd of 120, by index.
fn near_walker(s: &str) -> Result<usize, String> {
    Some(s)
        .filter(|s| s.bytes().all(|b| b.is_ascii_digit()))
        .and_then(|s| s.parse::<usize>().ok())
        .filter(|&n| n < 120)
        .ok_or_else(|| format!("there is no walker '{s}': the herd's walkers are 0 to 119"))
}

/// How long `agree` runs: 0 to 1,000 ticks (at 2,000 walkers everybody makes four million
/// tests a tick).
fn agree_ticks(s: &str) -> Result<u32, String> {
    whole(s, "ticks", 0, 1000).map(|n| n as u32)
}

/// How often `sweep` prints a row: every 1 to 100,000 ticks.
fn every(s: &str) -> Result<u32, String> {
    whole(s, "ticks", 1, 100_000).map(|n| n as u32)
}

/// How long `clock` times each figure: 1 ms to a minute.
fn millis(s: &str) -> Result<u32, String> {
    whole(s, "milliseconds", 1, 60_000).map(|n| n as u32)
}

/// How many ticks `distances` averages over: 1 to 1,000.
fn distances_ticks(s: &str) -> Result<u32, String> {
    whole(s, "ticks", 1, 1000).map(|n| n as u32)
}

/// Which round of the chapter `distances` and `clock` show: 1 or 2.
fn round(s: &str) -> Result<u8, String> {
    match s {
        "1" => Ok(1),
        "2" => Ok(2),
        _ => Err(format!("there is no round '{s}': the chapter has rounds 1 and 2")),
    }
}

#[derive(Subcommand, Debug)]
pub enum Mode {
    /// One walker and three neighbours, every rule worked through by hand.
    ///
    /// The walker stands at (96, 64) moving (1.8, 0.6), with top speed 2.4 and strongest push
    /// 0.3. Every number is plain arithmetic and can be checked with a pencil.
    Hand {
        /// Also draw the steering of its match-heading rule into this SVG (760 px wide): the
        /// velocity, the wish, the push between them and that push cut to the gait.
        #[arg(long, value_name = "FILE", value_parser = svg)]
        picture: Option<OutFile>,
    },
    /// The herd with one rule at a time, then all three: what each rule does on its own.
    ///
    /// Each row is a fresh run from the same start. Columns: mean neighbours within the radius,
    /// mean distance to the nearest walker, "together" (1 = all heading one way), the number of
    /// groups connected at the radius, and the hash of the final frame.
    Alone {
        #[command(flatten)]
        scene: Scene,
        /// Run only this row.
        #[arg(long, value_enum)]
        rule: Option<Rule>,
        /// Also save each row's last frame in DIR, named for its rule (none.png, separate.png,
        /// align.png, cohere.png), the row of all three as herd.png (the folder is made if need
        /// be).
        #[arg(long, value_name = "DIR", value_parser = folder())]
        shot: Option<OutFolder>,
        #[command(flatten)]
        design: Design,
        /// Also film each row, a frame per tick from the scatter it starts as, into an animated
        /// PNG in DIR named as for --shot (at most 1000 ticks; the folder is made if need be).
        #[arg(long, value_name = "DIR", value_parser = folder())]
        film: Option<OutFolder>,
    },
    /// One walker of the book's herd (120 walkers hearing all three rules) at one tick: the
    /// candidates its nine cells hold, in the order the buckets gather them, and the neighbours
    /// it keeps. The walker is the one whose nine cells hold the most candidates (the lowest
    /// index among equals), unless --walker names one.
    Near {
        /// The tick to stop at: 0 (the start) to 100,000.
        #[arg(long, default_value = "400", value_parser = near_tick, allow_hyphen_values = true)]
        tick: u32,
        /// The walker to look at, by index: 0 to 119.
        #[arg(long, value_parser = near_walker, allow_hyphen_values = true)]
        walker: Option<usize>,
        /// Also draw the walker, its sight, its nine cells and everybody into this SVG
        /// (760 px wide, 3 screen pixels to a world pixel).
        #[arg(long, value_name = "FILE", value_parser = svg)]
        picture: Option<OutFile>,
        /// Also print the mailboxes' turns that write to the walker, and its mailbox's letters
        /// in the order they arrive, and draw them into this SVG (760 px wide).
        #[arg(long, value_name = "FILE", value_parser = svg)]
        turns: Option<OutFile>,
    },
    /// The same herd through every query at once, hashing frames and numbers every tick.
    ///
    /// Ordered buckets must agree with everybody on every tick; unordered buckets hold the same
    /// neighbours in another order, and drift away.
    Sweep {
        /// Which rules the walkers hear.
        #[arg(long, value_enum, default_value = "all")]
        rule: Rule,
        #[command(flatten)]
        scene: Scene,
        /// Print a row every this many ticks, 1 to 100,000 (the totals count every tick
        /// regardless).
        #[arg(long, default_value = "40", value_parser = every, allow_hyphen_values = true)]
        every: u32,
        /// Which round of the chapter to sweep, 1 or 2: 1 sets the buckets and the unordered buckets
        /// against everybody, 2 the buckets and the second round's mailboxes.
        #[arg(long, default_value = "1", value_parser = round, allow_hyphen_values = true)]
        round: u8,
    },
    /// The agreement test's run, printed: the benchmark's crowd of 512 walkers for 300 ticks,
    /// through everybody and through the buckets.
    ///
    /// Prints the distance tests each made and the digest of every number each way: the
    /// figures `tests/agree.rs` holds to (the same bits, and under a tenth of the tests).
    Agree {
        /// Walkers, two to a cell on a square field: 1 to 2,000.
        #[arg(short = 'n', default_value_t = agree::WALKERS, value_parser = walkers, allow_hyphen_values = true)]
        n: usize,
        /// Ticks to run each way: 0 to 1,000.
        #[arg(long, default_value_t = agree::TICKS, value_parser = agree_ticks, allow_hyphen_values = true)]
        ticks: u32,
    },
    /// Times one tick of the same crowds through both queries: a measurement, so it differs
    /// from machine to machine and run to run, and the book keeps it in a measured block.
    ///
    /// The designs take turns, five rounds of them. A time is the design's best turn, so a
    /// moment when the machine was busy elsewhere does not count against it; a ratio is the
    /// middle one of the rounds' ratios, since the two turns of a round see the machine alike.
    /// Criterion's benchmark (`cargo bench -p herd`) asks the same question more carefully.
    Clock {
        /// Time each figure over at least this many milliseconds of ticks, 1 to 60,000.
        #[arg(long, default_value = "300", value_parser = millis, allow_hyphen_values = true)]
        millis: u32,
        /// Which round of the chapter to time, 1 or 2: 1 is everybody against the buckets, 2
        /// adds the mailboxes, the most crowded valley and each change of the second round on
        /// its own.
        #[arg(long, default_value = "1", value_parser = round, allow_hyphen_values = true)]
        round: u8,
        /// Also chart the times against the crowd size into this SVG, on log scales.
        #[arg(long, value_name = "FILE", value_parser = svg)]
        chart: Option<OutFile>,
    },
    /// Distance tests per tick for both queries at 32 to 8192 walkers, two to a cell.
    ///
    /// A count, not a time: the same on every machine, so the book can check it.
    Distances {
        /// Ticks to average over, 1 to 1,000 (each tick of the largest crowd takes a tenth of a
        /// second or so).
        #[arg(long, default_value = "10", value_parser = distances_ticks, allow_hyphen_values = true)]
        ticks: u32,
        /// Which round of the chapter to count, 1 or 2: 1 is everybody against the buckets, 2
        /// the buckets against the mailboxes, with the neighbours in reach and the most crowded
        /// valley.
        #[arg(long, default_value = "1", value_parser = round, allow_hyphen_values = true)]
        round: u8,
        /// Also chart the counts against the crowd size into this SVG, on log scales.
        #[arg(long, value_name = "FILE", value_parser = svg)]
        chart: Option<OutFile>,
    },
    /// Every switch of the neighbour query's design: what it puts back, and whether it moves
    /// the digest of `alone --rule all`, found by running it once with no switch and once
    /// with each.
    Designs {
        /// Also time each run, and set it against the design as it stands: these columns
        /// differ on every machine.
        #[arg(long)]
        clock: bool,
    },
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

/// Every file a run writes is named by a file or folder flag, found by its parser; `alone`
/// writes a PNG a row into each folder.
impl Writes for Cli {
    fn in_folder(&self) -> Vec<String> {
        match &self.mode {
            Some(Mode::Alone { rule, .. }) => {
                rules(*rule).iter().map(|r| format!("{}.png", r.name())).collect()
            }
            _ => Vec::new(),
        }
    }
}

/// The rows `alone` runs: the one `--rule` names, or every one.
fn rules(rule: Option<Rule>) -> Vec<Rule> {
    rule.map_or(Rule::ALL.to_vec(), |r| vec![r])
}

/// Runs one experiment, or all of them in the book's order.
pub fn run(cli: Cli, out: &mut dyn Write) -> anyhow::Result<()> {
    match cli.mode {
        Some(Mode::Hand { picture }) => hand::run(out, picture.as_deref()),
        Some(Mode::Alone { scene, rule, shot, film, design }) => {
            alone::run(out, &scene, design, &rules(rule), shot.as_deref(), film.as_deref())
        }
        Some(Mode::Near { tick, walker, picture, turns }) => {
            near::run(out, tick, walker, picture.as_deref(), turns.as_deref())
        }
        Some(Mode::Sweep { rule, scene, every, round }) => {
            sweep::run(out, rule, &scene, every, round)
        }
        Some(Mode::Agree { n, ticks }) => agree::run(out, n, ticks),
        Some(Mode::Distances { ticks, round: 1, chart }) => {
            distances::run(out, ticks, chart.as_deref())
        }
        Some(Mode::Distances { ticks, chart, .. }) => {
            distances::second(out, ticks, chart.as_deref())
        }
        Some(Mode::Clock { millis, round: 1, chart }) => clock::run(out, millis, chart.as_deref()),
        Some(Mode::Clock { millis, chart, .. }) => clock::second(out, millis, chart.as_deref()),
        Some(Mode::Designs { clock }) => designs::run(out, clock),
        None => world::shell::cli::in_order::<Cli>("herd", BOOK_ORDER, out, run),
    }
}
