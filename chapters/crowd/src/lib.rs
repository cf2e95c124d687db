//! Chapter 3, Three Thousand Brains: a valley of 3000 creatures, what their phase costs, what
//! four changes to it saved, and how the looking went onto several threads without the run
//! changing by a bit.
//!
//! Each experiment is one subcommand in its own module; with no subcommand the binary runs
//! every deterministic one in the order the book tells them.

use std::io::Write;

use clap::{Parser, Subcommand};
use world::beast::Settings;
use world::beast::design::Stage;
use world::lanes::Isa;
use world::shell::cli::{Writes, whole};
use world::shell::design::Staged;
use world::shell::file_flags::{OutFile, png, svg};

mod bands;
mod chain;
mod close;
mod crew;
mod designs;
mod fan;
mod fit;
mod instructions;
mod lanes;
mod ledger;
mod levels;
mod pass;
mod picture;
mod profile;
mod rays;
pub mod scene;
#[cfg(feature = "pprof")]
mod shares;
mod spend;
mod sums;
mod timed;
mod turns;
mod wall;

/// Chapter 3 of the book: three thousand creatures with a brain each, what one tick of them
/// costs, and how the looking goes wide without changing the run. With no subcommand, every
/// table runs in the book's order.
#[derive(Parser, Debug)]
#[command(name = "crowd", version, term_width = 100, after_long_help = world::shell::cli::promises(MOST_MB))]
struct Line {
    #[command(subcommand)]
    mode: Option<Mode>,
    /// The instructions the brains' lanes run on: plain (two doubles a register, what every
    /// x86-64 has), avx2 (four), or best (the widest this CPU has). Every choice gives the
    /// same bits; only the speed differs.
    #[arg(long, global = true, default_value = "best", value_parser = Isa::named)]
    isa: Isa,
}

/// The command line as the chapter runs it: the subcommand, the instructions, and the `--crew`
/// of whichever subcommand was given one.
#[derive(Debug)]
pub struct Cli {
    pub mode: Option<Mode>,
    pub isa: Isa,
    /// Read off clap's matches for the subcommand given, not out of each subcommand by name,
    /// so a new subcommand that takes `--crew` needs no line anywhere else to be run on it.
    pub crew: Option<usize>,
}

impl clap::CommandFactory for Cli {
    fn command() -> clap::Command {
        Line::command()
    }

    fn command_for_update() -> clap::Command {
        Line::command_for_update()
    }
}

impl clap::FromArgMatches for Cli {
    fn from_arg_matches(m: &clap::ArgMatches) -> Result<Cli, clap::Error> {
        let sub = m.subcommand().map(|(_, sub)| sub);
        // Before the derive takes any flag out of the matches, so that the check sees every
        // flag beside --as-of, whatever order the subcommand's fields are in.
        sub.map_or(Ok(()), Staged::check)?;
        unused_isa(m)?;
        let Line { mode, isa } = Line::from_arg_matches(m)?;
        let crew = sub.and_then(|sub| sub.try_get_one::<usize>("crew").ok().flatten().copied());
        Ok(Cli { mode, isa, crew })
    }

    fn update_from_arg_matches(&mut self, m: &clap::ArgMatches) -> Result<(), clap::Error> {
        *self = Cli::from_arg_matches(m)?;
        Ok(())
    }
}

impl Parser for Cli {}

/// Refuses `--isa` given to a run that does not use it, as its help says: `lanes --clock`
/// times every instruction set in turn, and `lanes --pack` runs nothing.
fn unused_isa(m: &clap::ArgMatches) -> Result<(), clap::Error> {
    use clap::parser::ValueSource::CommandLine;
    let Some(("lanes", sub)) = m.subcommand() else { return Ok(()) };
    let given =
        m.value_source("isa") == Some(CommandLine) || sub.value_source("isa") == Some(CommandLine);
    let instead = if sub.get_flag("clock") {
        ("--clock", "times every instruction set this CPU runs in turn")
    } else if sub.contains_id("pack") && sub.value_source("pack") == Some(CommandLine) {
        ("--pack", "runs nothing")
    } else {
        return Ok(());
    };
    if !given {
        return Ok(());
    }
    Err(clap::Error::raw(
        clap::error::ErrorKind::ArgumentConflict,
        format!(
            "--isa is not used with lanes {}, which {}: leave --isa out\n",
            instead.0, instead.1
        ),
    ))
}

fn ticks(s: &str) -> Result<u32, String> {
    whole(s, "ticks", 1, 100_000).map(|n| n as u32)
}

pub use scene::{MOST_CROWD, MOST_MB};

fn crowd(s: &str) -> Result<usize, String> {
    whole(s, "creatures", 1, MOST_CROWD).map(|n| n as usize)
}

fn rows(s: &str) -> Result<usize, String> {
    whole(s, "rows", 1, 10_000).map(|n| n as usize)
}

fn crew(s: &str) -> Result<usize, String> {
    whole(s, "threads", 1, 256).map(|n| n as usize)
}

/// The bands the walk by bands cuts the valley into, for `bands`: two at the least (one band
/// is the walk in roster order), and no more than the 64 threads a crew of them runs on.
fn band_count(s: &str) -> Result<usize, String> {
    whole(s, "bands", 2, 64).map(|n| n as usize)
}

/// How many times the chapter's valley a capacity row is: up to 50, so the largest row keeps
/// within [`MOST_CROWD`] creatures.
fn times(s: &str) -> Result<u32, String> {
    whole(s, "times the valley", 1, MOST_CROWD / 3000).map(|n| n as u32)
}

/// A phase's budget in ms, for `fit --budget`.
fn budget_ms(s: &str) -> Result<u32, String> {
    whole(s, "ms", 1, 10_000).map(|n| n as u32)
}

/// Ticks for a run under callgrind, which is some fifty times slower than a plain one.
fn short_ticks(s: &str) -> Result<u32, String> {
    whole(s, "ticks", 1, 1000).map(|n| n as u32)
}

/// How long a run goes: `DEFAULT` ticks unless `--ticks` says otherwise. Each subcommand that
/// runs the valley for a while flattens one, with the default its table was made with.
///
/// Its flag is built by hand: clap's derive keeps a derived default in one static per generic
/// type, so every `Ticks<N>` would show and take the first one built.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Ticks<const DEFAULT: u32> {
    pub ticks: u32,
}

impl<const DEFAULT: u32> clap::FromArgMatches for Ticks<DEFAULT> {
    fn from_arg_matches(m: &clap::ArgMatches) -> Result<Self, clap::Error> {
        Ok(Ticks { ticks: m.get_one::<u32>("ticks").copied().unwrap_or(DEFAULT) })
    }

    fn update_from_arg_matches(&mut self, m: &clap::ArgMatches) -> Result<(), clap::Error> {
        *self = Self::from_arg_matches(m)?;
        Ok(())
    }
}

impl<const DEFAULT: u32> clap::Args for Ticks<DEFAULT> {
    fn augment_args(cmd: clap::Command) -> clap::Command {
        // A command line is built once a run, so the default's text is made and kept once.
        let default: &'static str = Box::leak(DEFAULT.to_string().into_boxed_str());
        cmd.arg(
            clap::Arg::new("ticks")
                .long("ticks")
                .value_name("TICKS")
                .help("Ticks to run: 1 to 100,000")
                .value_parser(ticks)
                .allow_hyphen_values(true)
                .default_value(default),
        )
    }

    fn augment_args_for_update(cmd: clap::Command) -> clap::Command {
        Self::augment_args(cmd)
    }
}

/// The valley a run founds: how many creatures, on how many rows. The subcommands that let a
/// reader change the scene flatten this.
#[derive(clap::Args, Debug, Clone, Copy, PartialEq, Eq)]
pub struct Scene {
    /// Creatures in the crowd: 1 to 150,000 (about 2 KB each), and no more than the valley
    /// has cells of ground.
    #[arg(long, default_value = "3000", value_parser = crowd, allow_hyphen_values = true)]
    pub crowd: usize,
    /// Rows of the valley, 1 to 10,000 (it is always 150 cells across): 1000 rows hold the
    /// capacity run's 30,000 creatures.
    #[arg(long, default_value = "100", value_parser = rows, allow_hyphen_values = true)]
    pub rows: usize,
}

/// The run's settings, worked out once from the command line and handed to every subcommand:
/// the crew `--crew` asked for, or the machine's cores, and the instructions `--isa` chose.
/// A subcommand that sets crews side by side takes its own from these, on the same
/// instructions.
pub fn settings(cli: &Cli) -> Settings {
    Settings::asked(cli.crew, cli.isa)
}

#[derive(Subcommand, Debug)]
pub enum Mode {
    /// The work in one creature's tick, and in a crowd's: counts only, the same on every
    /// machine.
    Sums {
        #[command(flatten)]
        scene: Scene,
    },
    /// Runs the 150x100 valley with 3000 creatures and counts the turns the phase gave,
    /// ending on a digest of the whole world. Every retired design but the two under "Other
    /// rules" gives the same counts and the same digest.
    Spend {
        #[command(flatten)]
        run: Ticks<120>,
        #[command(flatten)]
        scene: Scene,
        /// Threads the fans are cast on: 1 to 256 (default: the machine's cores).
        #[arg(long, value_parser = crew, allow_hyphen_values = true)]
        #[arg(conflicts_with_all = ["was", "narrow"])]
        crew: Option<usize>,
        /// Also time the tick and the phase: these lines differ on every machine.
        #[arg(long)]
        clock: bool,
        /// Write a CPU profile of the run here (a flame graph SVG; needs the pprof feature).
        /// Not with --clock: the profiler's sampling slows the run it would be timing.
        #[arg(long, value_name = "FILE", value_parser = svg, conflicts_with = "clock")]
        cpuprofile: Option<OutFile>,
        /// Also draw the profile's shares as bars into this SVG (760 px wide): the ten
        /// functions with the most samples and the chapter's three parts. Needs --cpuprofile.
        #[arg(long, value_name = "FILE", value_parser = svg, requires = "cpuprofile")]
        shares: Option<OutFile>,
        #[command(flatten)]
        design: Staged,
    },
    /// One creature's fan as the phase of tick TICKS opens, ray by ray: what each ray met,
    /// on which cell, after how many strides, and how many cells it asked about. The creature
    /// is the one in the 32x20-cell window with the most burials whose longest ray took the
    /// most strides (the first on the roster among equals); with --at-edge, the first on the
    /// roster whose fan meets the ring of rock around the grid. Needs no more than the one run.
    Fan {
        /// The tick whose phase is looked at as it opens: 1 to 100,000.
        #[arg(long, default_value = "120", value_parser = ticks, allow_hyphen_values = true)]
        ticks: u32,
        /// Look at the first creature on the roster whose fan meets the ring around the grid
        /// instead (refused, exit 1, on a tick where none does).
        #[arg(long)]
        at_edge: bool,
        /// Print the creature's sensor row instead of its rays, and draw the row's 24 boxes
        /// into this SVG (760 px wide), the settled 21 marked apart from the live 3.
        #[arg(long, value_name = "FILE", value_parser = svg)]
        row: Option<OutFile>,
        /// Draw the fan over the cells around it into this SVG (at most 760 px wide): a dot a
        /// stride, the cells asked shaded, each ray's end marked, a key beside it.
        #[arg(long, value_name = "FILE", value_parser = svg)]
        picture: Option<OutFile>,
        /// Also print the creature's six scores and the action picked, and draw its forward
        /// pass into this SVG (760 px wide): the 24 inputs, the 12 hidden units, the 6 scores.
        #[arg(long, value_name = "FILE", value_parser = svg)]
        brain: Option<OutFile>,
        /// Instead of the rays, find the cell with the most creatures on it, print its list,
        /// and draw how the flat rows thread it into this SVG (760 px wide): the row a cell
        /// each, the row a creature each, an arrow for each step of the list.
        #[arg(long, value_name = "FILE", value_parser = svg)]
        chain: Option<OutFile>,
    },
    /// The allocation ledger: heap allocations per tick of the creature phase, for the phase
    /// as first wired and after each of the first round's four changes, and with the fans
    /// cast wide.
    Ledger {
        #[command(flatten)]
        run: Ticks<120>,
        /// The split's rows instead: the phase as the first round left it, then the fans cast
        /// wide on 2 threads made for every phase, and on 2 threads kept for the whole run.
        #[arg(long)]
        split: bool,
    },
    /// The phase with each fan cast in the walk, then with the fans cast first on 1, 2, 4, 8
    /// and 16 threads: the digest of each, and whether it is the same run.
    Crew {
        #[command(flatten)]
        run: Ticks<120>,
        #[command(flatten)]
        scene: Scene,
        /// Also time each crew's phase: these lines differ on every machine.
        #[arg(long)]
        clock: bool,
        /// Also chart the timings into this SVG (and so time them, as --clock does).
        #[arg(long, value_name = "FILE", value_parser = svg)]
        chart: Option<OutFile>,
        /// Instead of the table, share the founded valley's roster out among --among threads
        /// as the look ahead does: print the thread of the first 16 roster places and
        /// the creatures each thread takes, and draw the first 32 places and the whole valley
        /// coloured by thread into this SVG (760 px wide; a crew of 1 to 256, colours repeat
        /// after four and the key names the first eight).
        #[arg(long, value_name = "FILE", value_parser = svg)]
        #[arg(conflicts_with_all = ["clock", "chart", "again", "crowd", "rows"])]
        stripes: Option<OutFile>,
        /// The threads --stripes shares the roster among, as a crew of that many would: 1 to
        /// 256.
        #[arg(long, default_value = "4", value_parser = crew, allow_hyphen_values = true)]
        #[arg(requires = "stripes")]
        among: usize,
        /// Instead of the table, run to tick TICKS and find the first death of its phase that
        /// made a later creature cast its fan again: print where it was, the 29-cell square
        /// around it and who inside cast again, and draw them into this SVG (760 px wide).
        /// Exit 1 on a tick with no such death; not with --loose, which never casts again.
        #[arg(long, value_name = "FILE", value_parser = svg)]
        #[arg(conflicts_with_all = ["clock", "chart", "loose", "crowd", "rows"])]
        again: Option<OutFile>,
        #[command(flatten)]
        design: Staged,
    },
    /// The valley made 1, 2, 5 and 10 times as long (3000 to 30000 creatures): what each
    /// asks for, and with --clock what a tick of it takes here.
    Fit {
        #[command(flatten)]
        run: Ticks<30>,
        /// Threads the fans are cast on: 1 to 256 (default: the machine's cores).
        #[arg(long, value_parser = crew, allow_hyphen_values = true)]
        #[arg(conflicts_with_all = ["was", "narrow"])]
        crew: Option<usize>,
        /// Also time each row: these lines differ on every machine.
        #[arg(long)]
        clock: bool,
        /// Extra row sizes, for the capacity run: 1 to 50 times the 150x100 valley (50 times
        /// is 150,000 creatures), separated by commas.
        #[arg(long, value_name = "TIMES", value_delimiter = ',', value_parser = times, allow_hyphen_values = true)]
        #[arg(action = clap::ArgAction::Set)]
        more: Vec<u32>,
        /// Also chart the timings into this SVG (and so time them, as --clock does), with the
        /// 50 ms budget and the 25 ms aimed for as rules.
        #[arg(long, value_name = "FILE", value_parser = svg)]
        chart: Option<OutFile>,
        /// Instead of the rows, find the largest crowd whose phase fits this many ms per tick on
        /// this machine, 1 to 10,000: the valley made 1, 2, 4, ... times as long until the phase
        /// does not fit (at most 50 times, 150,000 creatures), then the step halved, each trial
        /// timed and printed. The answer differs on every machine.
        #[arg(long, value_name = "MS", value_parser = budget_ms, allow_hyphen_values = true)]
        #[arg(conflicts_with_all = ["more", "chart", "clock"])]
        budget: Option<u32>,
        #[command(flatten)]
        design: Staged,
    },
    /// Counts the instructions `spend --crew 1` runs, under valgrind's callgrind: with no
    /// switch, with each switch of one round alone, and with the round at once.
    ///
    /// Prints, for each, the instructions in all, in casting fans and in `tanh`. Needs
    /// valgrind, takes half a minute or more a row, and counts for this build on this
    /// machine, so the book keeps it in a measured block.
    Instructions {
        /// Ticks to run each design: 1 to 1,000.
        #[arg(long, default_value = "120", value_parser = short_ticks, allow_hyphen_values = true)]
        ticks: u32,
        /// Which stage of the design to count, named as `--as-of` names it, in the order the
        /// chapter made them.
        #[arg(long, value_enum, default_value = "second")]
        round: Stage,
    },
    /// Where the forward passes of spend's run were thought, with every brain apart
    /// (--alone) and four to a pack: passes, packs and their lanes, tanh calls and bytes of
    /// weights read. Counts only, the same on every machine.
    Lanes {
        #[command(flatten)]
        run: Ticks<120>,
        /// Time the round instead, on this machine: tanh alone, 3000 passes, and the phase on
        /// crews of 1 and 2, each on every instruction set this CPU runs, in turns (about ten
        /// seconds). --isa and --ticks are not used.
        #[arg(long, conflicts_with_all = ["ticks", "pack"])]
        clock: bool,
        /// Instead of the counts, print how a pack of four brains lies in memory, a row a
        /// unit with its byte offsets, and draw it into this SVG (760 px wide). Runs nothing.
        #[arg(long, value_name = "FILE", value_parser = svg)]
        #[arg(conflicts_with = "ticks")]
        pack: Option<OutFile>,
    },
    /// The rays of the closing tick, cast as its phase opens, counted by how many empty cells
    /// each crossed before it met something or reached the sight cap: the rays and strides in
    /// each bin. Counts only, the same on every machine.
    Rays {
        #[command(flatten)]
        run: Ticks<20>,
    },
    /// The memory wall: the bytes a tick must read at each of fit's crowd sizes, and with
    /// --clock this machine's streaming bandwidth and the share of it each crowd reaches.
    Wall {
        #[command(flatten)]
        run: Ticks<30>,
        /// Threads the fans are cast on, and the buffer is read on: 1 to 256 (default: the
        /// machine's cores).
        #[arg(long, value_parser = crew, allow_hyphen_values = true)]
        crew: Option<usize>,
        /// Also measure the bandwidth and time each row: these lines differ on every machine.
        #[arg(long)]
        clock: bool,
        /// Extra row sizes, as for fit: 1 to 50 times the 150x100 valley, separated by commas.
        #[arg(long, value_name = "TIMES", value_delimiter = ',', value_parser = times, allow_hyphen_values = true)]
        #[arg(action = clap::ArgAction::Set)]
        more: Vec<u32>,
        /// Also chart each crowd's phase time against the time the stream would take to read
        /// its bytes into this SVG, with the 50 ms budget as a rule (and so time them, as
        /// --clock does).
        #[arg(long, value_name = "FILE", value_parser = svg)]
        chart: Option<OutFile>,
    },
    /// The levels the walk goes by: for the chapter's valley and for ten times it (3000 and
    /// 30,000 creatures), how many levels each phase had, the creatures in them and the
    /// creatures at risk. Counts only, the same on every machine.
    Levels {
        #[command(flatten)]
        run: Ticks<120>,
        /// Print the first tick and every this many ticks: 1 to 100,000.
        #[arg(long, default_value = "20", value_parser = ticks, allow_hyphen_values = true)]
        every: u32,
        /// Instead of the table, draw the chapter's valley as the phase of tick --ticks opens,
        /// every creature a dot coloured by its level, those at risk ringed, into this SVG
        /// (760 px wide).
        #[arg(long, value_name = "FILE", value_parser = svg)]
        #[arg(conflicts_with = "every")]
        picture: Option<OutFile>,
        /// Time the round instead, on this machine: at 3000 and at 30,000 creatures, the phase
        /// on crew 2 by levels against crew 1, and against crew 2 walking in roster order
        /// (--serial), each pair in turns (about twenty seconds). --isa is used; --ticks and
        /// --every are not.
        #[arg(long, conflicts_with_all = ["ticks", "every", "picture"])]
        clock: bool,
        /// Instead of the table, find the creature at risk on the highest level as the phase of
        /// tick --ticks opens, print what the levels' rule says about it, and draw the rule
        /// around it into this SVG (760 px wide): the 2-cell and the 14-cell squares and who
        /// in them comes before it and after.
        #[arg(long, value_name = "FILE", value_parser = svg)]
        #[arg(conflicts_with_all = ["every", "picture", "clock"])]
        rule: Option<OutFile>,
    },
    /// The bands the walk goes by: for the chapter's valley and for ten times it (3000 and
    /// 30,000 creatures), cut into --among bands of rows, the creatures in the smallest and the
    /// largest band, those on a seam (within 14 rows of another band) and those of them that
    /// depend on an earlier creature of another band and so may wait. Counts only, the same on
    /// every machine.
    Bands {
        #[command(flatten)]
        run: Ticks<120>,
        /// Print the first tick and every this many ticks: 1 to 100,000.
        #[arg(long, default_value = "20", value_parser = ticks, allow_hyphen_values = true)]
        every: u32,
        /// The bands the valley is cut into, one per thread of the crew that walks them: 2 to
        /// 64.
        #[arg(long, default_value = "2", value_parser = band_count, allow_hyphen_values = true)]
        among: usize,
        /// Instead of the table, draw the chapter's valley as the phase of tick --ticks opens,
        /// every creature a dot coloured by its band, the rows within 14 of a seam shaded, and
        /// those that depend on another band ringed, into this SVG (760 px wide).
        #[arg(long, value_name = "FILE", value_parser = svg)]
        #[arg(conflicts_with = "every")]
        picture: Option<OutFile>,
        /// Time the round instead, on this machine: at 3000 and at 30,000 creatures, the phase
        /// on crew 2 by bands against crew 1, against crew 2 walking in roster order
        /// (--serial) and against crew 2 by levels (--levels), each pair in turns (about
        /// thirty seconds). --isa is used; --ticks, --every and --among are not.
        #[arg(long, conflicts_with_all = ["ticks", "every", "picture", "among"])]
        clock: bool,
        /// Time the phase's parts instead, on this machine, at 30,000 creatures: the open, the
        /// look ahead, the walk and the close, on crew 1, on crew 2 in roster order and on crew
        /// 2 by bands, five rounds in turns (about half a minute). --isa is used; --ticks,
        /// --every and --among are not.
        #[arg(long, conflicts_with_all = ["ticks", "every", "picture", "among", "clock"])]
        parts: bool,
        /// With --parts, also draw each run's parts as a bar into this SVG (760 px wide).
        #[arg(long, value_name = "FILE", value_parser = svg)]
        #[arg(requires = "parts")]
        chart: Option<OutFile>,
        /// Time one tick's phase thread by thread instead, on this machine, at 30,000
        /// creatures on two threads by bands, and draw it into this SVG (760 px wide): when
        /// each thread looked ahead and walked, how long it waited at the seams and took over
        /// turns near a death, and the open and the close. The tick shown is the middle one of
        /// thirty by its phase's time (a few seconds). --isa is used; --ticks, --every and
        /// --among are not.
        #[arg(long, value_name = "FILE", value_parser = svg)]
        #[arg(conflicts_with_all = ["ticks", "every", "picture", "among", "clock", "parts"])]
        timeline: Option<OutFile>,
    },
    /// Draws the valley after a run: terrain, plants and every creature, into a PNG.
    Picture {
        #[command(flatten)]
        run: Ticks<120>,
        /// The PNG to draw into (600 by 400 pixels).
        #[arg(long, value_name = "FILE", value_parser = png)]
        out: OutFile,
        /// Also draw the 32x20-cell window with the most burials close up, with a key, into
        /// this PNG (and outline it on the whole valley).
        #[arg(long, value_name = "FILE", value_parser = png)]
        close: Option<OutFile>,
        /// Also film that window over the run, a frame per tick with every fan and death, into
        /// this animated PNG (at most 1000 ticks).
        #[arg(long, value_name = "FILE", value_parser = png)]
        film: Option<OutFile>,
        #[command(flatten)]
        design: Staged,
    },
    /// Every switch of the phase's design: what it puts back, and whether it moves the digest
    /// of `spend`, found by running spend once with no switch and once with each.
    Designs {
        #[command(flatten)]
        run: Ticks<120>,
        /// Also time each run's phase, and set it against the design as it stands: these
        /// columns differ on every machine.
        #[arg(long)]
        clock: bool,
        /// Threads the fans are cast on in every run: 1 to 256 (default: the machine's
        /// cores); 1 sets the designs side by side on one thread.
        #[arg(long, value_parser = crew, allow_hyphen_values = true)]
        crew: Option<usize>,
        /// Set every row against the phase as this stage left it (see spend --as-of), not the
        /// design as it stands: the stage's own switches and the earlier stages' are left to
        /// turn on.
        #[arg(long, value_name = "STAGE", value_enum)]
        as_of: Option<Stage>,
        /// Only the rows of this stage's switches, with neither their puts-back column nor the
        /// diff commands. With --as-of, no stage after that one, whose switches it has on.
        #[arg(long, value_name = "STAGE", value_enum)]
        only: Option<Stage>,
    },
}

/// The main line's tables in the order the page shows them (the test `book_order` holds this
/// to the page), then the `designs` table, as the subcommands that print them.
pub const BOOK_ORDER: &[&str] = &[
    "sums",
    "fan --ticks 120",
    "spend --ticks 120 --was",
    "ledger --ticks 120",
    "crew --ticks 120 --loose",
    "crew --ticks 20 --loose",
    "crew --ticks 120",
    "ledger --ticks 120 --split",
    "fit --ticks 30",
    "designs",
];

/// Every file a run writes is named by a file flag, found by its parser.
impl Writes for Cli {}

/// Runs one experiment, or all of them in the book's order.
#[expect(
    clippy::too_many_lines,
    reason = "one arm per subcommand and sub-mode, each a call: the one place a subcommand is run, which splitting would scatter"
)]
pub fn run(cli: Cli, out: &mut dyn Write) -> anyhow::Result<()> {
    let settings = settings(&cli);
    match cli.mode {
        Some(Mode::Sums { scene }) => sums::run(out, scene.crowd, scene.rows),
        Some(Mode::Spend {
            run, scene, clock, cpuprofile, shares, design: Staged(design), ..
        }) => {
            let (ticks, Scene { crowd, rows }) = (run.ticks, scene);
            let (cpuprofile, shares) = (cpuprofile.map(|p| p.0), shares.map(|p| p.0));
            let s =
                spend::Spend { ticks, crowd, rows, design, settings, clock, cpuprofile, shares };
            spend::run(out, &s)
        }
        Some(Mode::Fan { ticks, at_edge, row, picture, brain, chain }) => {
            let (row, picture) = (row.as_deref(), picture.as_deref());
            let files =
                fan::Files { row, picture, brain: brain.as_deref(), chain: chain.as_deref() };
            fan::run(out, ticks, at_edge, &files, settings)
        }
        Some(Mode::Ledger { run, split }) => ledger::run(out, run.ticks, split, settings),
        Some(Mode::Crew { stripes: Some(path), among, design: Staged(design), .. }) => {
            crew::stripes::run(out, among, design, settings, &path)
        }
        Some(Mode::Crew { run, again: Some(path), design: Staged(design), .. }) => {
            crew::again::run(out, run.ticks, design, settings, &path)
        }
        Some(Mode::Crew { run, scene, clock, chart, design: Staged(design), .. }) => {
            scene::room(scene.crowd, scene.rows)?;
            let clock = clock || chart.is_some();
            let valley = (scene.crowd, scene.rows);
            crew::run(out, run.ticks, valley, design, settings, clock, chart.as_deref())
        }
        Some(Mode::Fit { run, budget: Some(ms), design: Staged(design), .. }) => {
            fit::budget(out, run.ticks, design, settings, f64::from(ms))
        }
        Some(Mode::Fit { run, clock, more, chart, design: Staged(design), .. }) => {
            let clock = clock || chart.is_some();
            fit::run(out, run.ticks, design, settings, clock, &more, chart.as_deref())
        }
        Some(Mode::Lanes { clock: true, .. }) => lanes::clock::run(out, settings),
        Some(Mode::Lanes { pack: Some(path), .. }) => lanes::pack::run(out, &path),
        Some(Mode::Lanes { run, .. }) => lanes::run(out, run.ticks, settings),
        Some(Mode::Levels { clock: true, .. }) => levels::clock::run(out, settings),
        Some(Mode::Levels { run, rule: Some(path), .. }) => {
            levels::rule::run(out, run.ticks, settings, &path)
        }
        Some(Mode::Levels { run, picture: Some(path), .. }) => {
            levels::picture(out, run.ticks, settings, &path)
        }
        Some(Mode::Levels { run, every, .. }) => levels::run(out, run.ticks, every, settings),
        Some(Mode::Bands { clock: true, .. }) => bands::clock::run(out, settings),
        Some(Mode::Bands { timeline: Some(path), .. }) => {
            bands::timeline::run(out, settings, &path)
        }
        Some(Mode::Bands { parts: true, chart, .. }) => {
            bands::parts::run(out, settings, chart.as_deref())
        }
        Some(Mode::Bands { run, among, picture: Some(path), .. }) => {
            bands::picture(out, run.ticks, among, settings, &path)
        }
        Some(Mode::Bands { run, every, among, .. }) => {
            bands::run(out, run.ticks, every, among, settings)
        }
        Some(Mode::Rays { run }) => rays::run(out, run.ticks, settings),
        Some(Mode::Wall { run, clock, more, chart, .. }) => {
            wall::run(out, run.ticks, settings, clock, &more, chart.as_deref())
        }
        Some(Mode::Instructions { ticks, round }) => instructions::run(out, ticks, round),
        Some(Mode::Picture { run, out: path, close, film, design: Staged(design) }) => {
            let (close, film) = (close.as_deref(), film.as_deref());
            picture::run(out, run.ticks, design, settings, &path, close, film)
        }
        Some(Mode::Designs { run, clock, crew, as_of, only }) => {
            let part = designs::Part { as_of, only };
            designs::run(out, run.ticks, clock, settings, crew.is_some(), part)
        }
        // Each of the book's lines is run on its own crew, if it names one, and on the
        // instructions this command line chose, which `--isa` gives every line at once.
        None => world::shell::cli::in_order::<Cli>("crowd", BOOK_ORDER, out, |c, out| {
            run(Cli { isa: cli.isa, ..c }, out)
        }),
    }
}

#[cfg(test)]
mod tests {
    use clap::{CommandFactory, Parser};

    use super::{Cli, settings};

    /// Every subcommand that takes `--crew` is run on the crew it was given, read off clap's
    /// matches: none has to be listed anywhere for it.
    #[test]
    fn every_subcommand_that_takes_a_crew_runs_on_it() {
        let takes: Vec<String> = Cli::command()
            .get_subcommands()
            .filter(|s| s.get_arguments().any(|a| a.get_id() == "crew"))
            .map(|s| s.get_name().to_string())
            .collect();
        assert_eq!(takes, ["spend", "fit", "wall", "designs"]);
        for sub in &takes {
            let cli = Cli::try_parse_from(["crowd", sub.as_str(), "--crew", "3"]).unwrap();
            assert_eq!(settings(&cli).crew, 3, "{sub}");
        }
        let cli = Cli::try_parse_from(["crowd", "spend"]).unwrap();
        assert_eq!(cli.crew, None);
        assert_eq!(settings(&cli).crew, settings(&cli).cores, "no --crew: a thread a core");
    }
}
