//! Chapter 3, Three Thousand Brains: a valley of 3000 creatures, what their phase costs, what
//! four changes to it saved, and how the looking went onto several threads without the run
//! changing by a bit.
//!
//! Each experiment is one subcommand in its own module; with no subcommand the binary runs
//! every deterministic one in the order the book tells them.

use std::io::Write;
use std::path::PathBuf;

use clap::{Args, Parser, Subcommand};
use world::beast::Design;
use world::cli::whole;

mod close;
mod crew;
mod fit;
mod profile;
mod share;
mod spend;
mod sums;
mod town;

/// Chapter 3 of the book: three thousand creatures with a brain each, what one tick of them
/// costs, and how the looking goes wide without changing the run. With no subcommand, every
/// table runs in the book's order.
#[derive(Parser, Debug)]
#[command(name = "crowd", version)]
pub struct Cli {
    #[command(subcommand)]
    pub mode: Option<Mode>,
}

fn ticks(s: &str) -> Result<u32, String> {
    whole(s, "ticks", 1, 100_000).map(|n| n as u32)
}

fn herd(s: &str) -> Result<usize, String> {
    whole(s, "creatures", 1, 300_000).map(|n| n as usize)
}

fn rows(s: &str) -> Result<usize, String> {
    whole(s, "rows", 1, 10_000).map(|n| n as usize)
}

fn crew(s: &str) -> Result<usize, String> {
    whole(s, "threads", 1, 256).map(|n| n as usize)
}

/// The machine's cores: the default crew.
pub fn cores() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// The retired parts of the phase, one switch each.
#[derive(Args, Debug, Clone, Copy, Default)]
pub struct Retired {
    /// The phase as first wired: all four of the switches below at once, on one thread.
    #[arg(long)]
    pub was: bool,
    /// The view as two hash maps keyed by cell instead of flat rows.
    #[arg(long)]
    pub maps: bool,
    /// A new view built every tick instead of one view refilled.
    #[arg(long)]
    pub fresh: bool,
    /// A second view built for the minds instead of the one handed to them.
    #[arg(long)]
    pub twice: bool,
    /// The ranking walk asks for a written refusal and throws it away.
    #[arg(long)]
    pub wordy: bool,
    /// Bury each body the moment it falls, in the middle of the phase. Unlike the four above
    /// this is a different rule, not a slower road to the same run: the digest moves.
    #[arg(long)]
    pub hasty: bool,
}

impl Retired {
    pub fn design(self) -> Design {
        if self.was {
            return Design { hasty: self.hasty, ..Design::WAS };
        }
        Design {
            maps: self.maps,
            fresh: self.fresh,
            twice: self.twice,
            wordy: self.wordy,
            hasty: self.hasty,
        }
    }
}

#[derive(Subcommand, Debug)]
pub enum Mode {
    /// The work in one creature's tick, and in a crowd's: counts only, the same on every
    /// machine.
    Sums {
        /// Creatures in the crowd.
        #[arg(long, default_value = "3000", value_parser = herd, allow_hyphen_values = true)]
        herd: usize,
        /// Rows of the valley (it is always 150 cells across).
        #[arg(long, default_value = "100", value_parser = rows, allow_hyphen_values = true)]
        rows: usize,
    },
    /// Runs the 150x100 valley with 3000 creatures and counts what the phase handed out,
    /// ending on a digest of the whole world. Every retired design gives the same counts and
    /// the same digest.
    Spend {
        #[arg(long, default_value = "120", value_parser = ticks, allow_hyphen_values = true)]
        ticks: u32,
        #[arg(long, default_value = "3000", value_parser = herd, allow_hyphen_values = true)]
        herd: usize,
        #[arg(long, default_value = "100", value_parser = rows, allow_hyphen_values = true)]
        rows: usize,
        #[command(flatten)]
        retired: Retired,
        /// Threads the fans are cast on (default: the machine's cores).
        #[arg(long, value_parser = crew, allow_hyphen_values = true)]
        crew: Option<usize>,
        /// Also time the tick and the phase: these lines differ on every machine.
        #[arg(long)]
        clock: bool,
        /// Write a CPU profile of the run here (a flame graph SVG; needs the pprof feature).
        #[arg(long, value_name = "FILE")]
        cpuprofile: Option<PathBuf>,
    },
    /// The allocation ledger: heap allocations per tick of the creature phase, for the phase
    /// as first wired and after each of the four changes, and with the fans cast wide.
    Share {
        #[arg(long, default_value = "120", value_parser = ticks, allow_hyphen_values = true)]
        ticks: u32,
    },
    /// The phase narrow, then with the fans cast wide on 1, 2, 4, 8 and 16 threads: the
    /// digest of each, and whether it is the same run.
    Crew {
        #[arg(long, default_value = "120", value_parser = ticks, allow_hyphen_values = true)]
        ticks: u32,
        /// Cast the fans wide and never look again after a death (the retired design).
        #[arg(long)]
        loose: bool,
        /// Also time each crew's phase: these lines differ on every machine.
        #[arg(long)]
        clock: bool,
        /// Also chart the timings into this SVG (and so time them, as --clock does).
        #[arg(long, value_name = "FILE")]
        chart: Option<PathBuf>,
    },
    /// The valley made 1, 2, 5 and 10 times as long (3000 to 30000 creatures): what each
    /// asks for, and with --clock what a tick of it takes here.
    Fit {
        #[arg(long, default_value = "30", value_parser = ticks, allow_hyphen_values = true)]
        ticks: u32,
        /// Threads the fans are cast on (default: the machine's cores).
        #[arg(long, value_parser = crew, allow_hyphen_values = true)]
        crew: Option<usize>,
        /// Also time each row: these lines differ on every machine.
        #[arg(long)]
        clock: bool,
        /// Extra row sizes (times the 150x100 valley), for the capacity run.
        #[arg(long, value_name = "TIMES", value_delimiter = ',', value_parser = clap::value_parser!(u32).range(1..=100))]
        more: Vec<u32>,
        /// Also chart the timings into this SVG (and so time them, as --clock does), with the
        /// 50 ms budget and the 25 ms aimed for as rules.
        #[arg(long, value_name = "FILE")]
        chart: Option<PathBuf>,
    },
    /// Draws the valley after a run: terrain, plants and every creature, into a PNG.
    Picture {
        #[arg(long, default_value = "120", value_parser = ticks, allow_hyphen_values = true)]
        ticks: u32,
        #[arg(long, value_name = "FILE")]
        out: PathBuf,
        /// Also draw the 32x20-cell window with the most burials close up, with a key, into
        /// this PNG (and outline it on the whole valley).
        #[arg(long, value_name = "FILE")]
        close: Option<PathBuf>,
        /// Also film that window over the run, a frame a tick with every fan and death, into
        /// this animated PNG (at most 1000 ticks).
        #[arg(long, value_name = "FILE")]
        film: Option<PathBuf>,
    },
}

/// The deterministic experiments in the order the chapter tells them.
pub const BOOK_ORDER: &[&str] = &[
    "sums",
    "spend --ticks 120 --was",
    "share --ticks 120",
    "spend --ticks 120",
    "crew --ticks 120 --loose",
    "crew --ticks 120",
    "fit --ticks 30",
    "sums --herd 30000 --rows 1000",
    "crew --ticks 20 --loose",
];

/// Runs one experiment, or all of them in the book's order.
pub fn run(cli: Cli, out: &mut dyn Write) -> anyhow::Result<()> {
    match cli.mode {
        Some(Mode::Sums { herd, rows }) => sums::run(out, herd, rows),
        Some(Mode::Spend { ticks, herd, rows, retired, crew, clock, cpuprofile }) => {
            let crew = crew.unwrap_or_else(cores);
            spend::run(out, &spend::Spend { ticks, herd, rows, retired, crew, clock, cpuprofile })
        }
        Some(Mode::Share { ticks }) => share::run(out, ticks),
        Some(Mode::Crew { ticks, loose, clock, chart }) => {
            crew::run(out, ticks, loose, clock || chart.is_some(), chart.as_deref())
        }
        Some(Mode::Fit { ticks, crew, clock, more, chart }) => {
            let clock = clock || chart.is_some();
            fit::run(out, ticks, crew.unwrap_or_else(cores), clock, &more, chart.as_deref())
        }
        Some(Mode::Picture { ticks, out: path, close, film }) => {
            town::picture(out, ticks, &path, close.as_deref(), film.as_deref())
        }
        None => world::cli::in_order::<Cli>("crowd", BOOK_ORDER, out, run),
    }
}
