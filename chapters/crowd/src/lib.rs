//! Chapter 3, Three Thousand Brains: a valley of 3000 creatures, what their phase costs, what
//! four changes to it saved, and how the looking went onto several threads without the run
//! changing by a bit.
//!
//! Each experiment is one subcommand in its own module; with no subcommand the binary runs
//! every deterministic one in the order the book tells them.

use std::io::Write;
use std::path::PathBuf;

use clap::{Parser, Subcommand};
use world::beast::Design;
use world::cli::whole;
use world::lanes::Isa;

mod chart;
mod crew;
mod designs;
mod fit;
mod lanes;
mod ledger;
mod profile;
mod spend;
mod sums;
mod town;
mod wall;

/// Chapter 3 of the book: three thousand creatures with a brain each, what one tick of them
/// costs, and how the looking goes wide without changing the run. With no subcommand, every
/// table runs in the book's order.
#[derive(Parser, Debug)]
#[command(name = "crowd", version)]
pub struct Cli {
    #[command(subcommand)]
    pub mode: Option<Mode>,
    /// The instructions the brains' lanes run on: plain (two doubles a register, what every
    /// x86-64 has), avx2 (four), or best (the widest this CPU has). Every choice gives the
    /// same bits; only the speed differs.
    #[arg(long, global = true, default_value = "best", value_parser = Isa::named)]
    pub isa: Isa,
}

fn ticks(s: &str) -> Result<u32, String> {
    whole(s, "ticks", 1, 100_000).map(|n| n as u32)
}

fn crowd(s: &str) -> Result<usize, String> {
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

#[derive(Subcommand, Debug)]
pub enum Mode {
    /// The work in one creature's tick, and in a crowd's: counts only, the same on every
    /// machine.
    Sums {
        /// Creatures in the crowd.
        #[arg(long, default_value = "3000", value_parser = crowd, allow_hyphen_values = true)]
        crowd: usize,
        /// Rows of the valley (it is always 150 cells across).
        #[arg(long, default_value = "100", value_parser = rows, allow_hyphen_values = true)]
        rows: usize,
    },
    /// Runs the 150x100 valley with 3000 creatures and counts what the phase handed out,
    /// ending on a digest of the whole world. Every retired design but the two under "Other
    /// rules" gives the same counts and the same digest.
    Spend {
        /// Ticks to run.
        #[arg(long, default_value = "120", value_parser = ticks, allow_hyphen_values = true)]
        ticks: u32,
        /// Creatures in the crowd.
        #[arg(long, default_value = "3000", value_parser = crowd, allow_hyphen_values = true)]
        crowd: usize,
        /// Rows of the valley (it is always 150 cells across).
        #[arg(long, default_value = "100", value_parser = rows, allow_hyphen_values = true)]
        rows: usize,
        /// Threads the fans are cast on (default: the machine's cores).
        #[arg(long, value_parser = crew, allow_hyphen_values = true)]
        #[arg(conflicts_with_all = ["was", "narrow"])]
        crew: Option<usize>,
        /// Also time the tick and the phase: these lines differ on every machine.
        #[arg(long)]
        clock: bool,
        /// Write a CPU profile of the run here (a flame graph SVG; needs the pprof feature).
        #[arg(long, value_name = "FILE")]
        cpuprofile: Option<PathBuf>,
        #[command(flatten)]
        design: Design,
    },
    /// The allocation ledger: heap allocations per tick of the creature phase, for the phase
    /// as first wired and after each of the first round's four changes, and with the fans
    /// cast wide.
    Ledger {
        /// Ticks to run.
        #[arg(long, default_value = "120", value_parser = ticks, allow_hyphen_values = true)]
        ticks: u32,
    },
    /// The phase with each fan cast in the walk, then with the fans cast first on 1, 2, 4, 8
    /// and 16 threads: the digest of each, and whether it is the same run.
    Crew {
        /// Ticks to run.
        #[arg(long, default_value = "120", value_parser = ticks, allow_hyphen_values = true)]
        ticks: u32,
        /// Also time each crew's phase: these lines differ on every machine.
        #[arg(long)]
        clock: bool,
        /// Also draw the timings into this PNG (and so time them, as --clock does): ms a tick
        /// (up) for crews 1 to 16 (across), kept threads in blue, threads made per phase in
        /// red, a grey rule every ms.
        #[arg(long, value_name = "FILE")]
        chart: Option<PathBuf>,
        #[command(flatten)]
        design: Design,
    },
    /// The valley made 1, 2, 5 and 10 times as long (3000 to 30000 creatures): what each
    /// asks for, and with --clock what a tick of it takes here.
    Fit {
        /// Ticks to run each valley.
        #[arg(long, default_value = "30", value_parser = ticks, allow_hyphen_values = true)]
        ticks: u32,
        /// Threads the fans are cast on (default: the machine's cores).
        #[arg(long, value_parser = crew, allow_hyphen_values = true)]
        #[arg(conflicts_with_all = ["was", "narrow"])]
        crew: Option<usize>,
        /// Also time each row: these lines differ on every machine.
        #[arg(long)]
        clock: bool,
        /// Extra row sizes (times the 150x100 valley), for the capacity run.
        #[arg(long, value_name = "TIMES", value_delimiter = ',', value_parser = clap::value_parser!(u32).range(1..=100))]
        more: Vec<u32>,
        /// Also draw the timings into this PNG (and so time them, as --clock does): ms a tick
        /// (up) against creatures (across, a tick every 10,000), in blue; the 50 ms budget in
        /// red, 25 ms in orange, a grey rule every 10 ms.
        #[arg(long, value_name = "FILE")]
        chart: Option<PathBuf>,
        #[command(flatten)]
        design: Design,
    },
    /// Where the forward passes of spend's run were thought, with every brain apart
    /// (--alone) and four to a pack: passes, packs and their lanes, tanh calls and bytes of
    /// weights read. Counts only, the same on every machine.
    Lanes {
        /// Ticks to run.
        #[arg(long, default_value = "120", value_parser = ticks, allow_hyphen_values = true)]
        ticks: u32,
    },
    /// The memory wall: the bytes a tick must read at each of fit's crowd sizes, and with
    /// --clock this machine's streaming bandwidth and the share of it each crowd reaches.
    Wall {
        /// Ticks to run each valley.
        #[arg(long, default_value = "30", value_parser = ticks, allow_hyphen_values = true)]
        ticks: u32,
        /// Threads the fans are cast on, and the buffer is read on (default: the machine's
        /// cores).
        #[arg(long, value_parser = crew, allow_hyphen_values = true)]
        crew: Option<usize>,
        /// Also measure the bandwidth and time each row: these lines differ on every machine.
        #[arg(long)]
        clock: bool,
        /// Extra row sizes (times the 150x100 valley), as for fit.
        #[arg(long, value_name = "TIMES", value_delimiter = ',', value_parser = clap::value_parser!(u32).range(1..=100))]
        more: Vec<u32>,
    },
    /// Draws the valley after a run: terrain, plants and every creature, into a PNG.
    Picture {
        /// Ticks to run.
        #[arg(long, default_value = "120", value_parser = ticks, allow_hyphen_values = true)]
        ticks: u32,
        /// The PNG to write.
        #[arg(long, value_name = "FILE")]
        out: PathBuf,
        #[command(flatten)]
        design: Design,
    },
    /// Every switch of the phase's design: what it puts back, and whether it moves the digest
    /// of `spend`, found by running spend once with no switch and once with each.
    Designs {
        /// Ticks to run.
        #[arg(long, default_value = "120", value_parser = ticks, allow_hyphen_values = true)]
        ticks: u32,
        /// Also time each run's phase, and set it against the design as it stands: these
        /// columns differ on every machine.
        #[arg(long)]
        clock: bool,
        /// Threads the fans are cast on in every run (default: the machine's cores); 1 sets
        /// the designs side by side on one thread.
        #[arg(long, value_parser = crew, allow_hyphen_values = true)]
        crew: Option<usize>,
    },
}

/// The deterministic experiments in the order the chapter tells them.
pub const BOOK_ORDER: &[&str] = &[
    "sums",
    "spend --ticks 120 --was",
    "ledger --ticks 120",
    "spend --ticks 120",
    "crew --ticks 120 --loose",
    "crew --ticks 120",
    "fit --ticks 30",
    "lanes",
    "wall --ticks 30",
    "sums --crowd 30000 --rows 1000",
    "crew --ticks 20 --loose",
    "designs",
];

/// Runs one experiment, or all of them in the book's order.
pub fn run(cli: Cli, out: &mut dyn Write) -> anyhow::Result<()> {
    town::lanes_on(cli.isa);
    match cli.mode {
        Some(Mode::Sums { crowd, rows }) => sums::run(out, crowd, rows),
        Some(Mode::Spend { ticks, crowd, rows, crew, clock, cpuprofile, design }) => {
            let crew = crew.unwrap_or_else(cores);
            spend::run(out, &spend::Spend { ticks, crowd, rows, design, crew, clock, cpuprofile })
        }
        Some(Mode::Ledger { ticks }) => ledger::run(out, ticks),
        Some(Mode::Crew { ticks, clock, chart, design }) => {
            crew::run(out, ticks, design, clock || chart.is_some(), chart.as_deref())
        }
        Some(Mode::Fit { ticks, crew, clock, more, chart, design }) => {
            let clock = clock || chart.is_some();
            let crew = crew.unwrap_or_else(cores);
            fit::run(out, ticks, design, crew, clock, &more, chart.as_deref())
        }
        Some(Mode::Lanes { ticks }) => lanes::run(out, ticks),
        Some(Mode::Wall { ticks, crew, clock, more }) => {
            wall::run(out, ticks, crew.unwrap_or_else(cores), clock, &more)
        }
        Some(Mode::Picture { ticks, out: path, design }) => {
            town::picture(out, ticks, design, &path)
        }
        Some(Mode::Designs { ticks, clock, crew }) => designs::run(out, ticks, clock, crew),
        None => world::cli::in_order::<Cli>("crowd", BOOK_ORDER, out, |c, out| {
            run(Cli { isa: cli.isa, ..c }, out)
        }),
    }
}
