//! Chapter 3, Three Thousand Brains: a valley of 3000 creatures, what their phase costs, what
//! four changes to it saved, and how the looking went onto several threads without the run
//! changing by a bit.
//!
//! Each experiment is one subcommand in its own module, which owns its flags (an `Args`
//! struct) and how it runs ([`Run`]); this file lists them. With no subcommand the binary
//! runs every deterministic one in the order the book tells them.
//!
//! To add a subcommand: write its module (`src/name.rs`, with `Args` and its `impl Run`) and
//! add its one line, `Name(name),`, to the `subcommands!` list below, which declares the module
//! too; to run it with the others, add it to [`BOOK_ORDER`]. Format it with `just fmt`:
//! `cargo fmt` does not reach a module declared inside a macro. A `--crew` flag of its own is
//! run on with no other line (see [`Cli::crew`]).

use std::io::Write;

use clap::Parser;
use world::beast::Settings;
use world::lanes::Isa;
use world::shell::cli::Writes;
use world::shell::design::Staged;

mod chain;
mod close;
pub mod flags;
mod pass;
mod profile;
mod run;
pub mod scene;
#[cfg(feature = "pprof")]
mod shares;
mod timed;
mod turns;

pub use run::Run;
pub use scene::{MOST_CROWD, MOST_MB};

world::subcommands! {
    Sums(sums),
    Spend(spend),
    Fan(fan),
    Ledger(ledger),
    Crew(crew),
    Fit(fit),
    Instructions(instructions),
    Lanes(lanes),
    Rays(rays),
    Wall(wall),
    Levels(levels),
    Bands(bands),
    Picture(picture),
    Designs(designs),
}

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
        lanes::unused_isa(m)?;
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

/// Every file a run writes is named by a file flag, found by its parser.
impl Writes for Cli {}

/// The run's settings, worked out once and handed to every subcommand: the crew `--crew` asked
/// for (or the machine's cores) and the instructions `--isa` chose.
pub fn settings(cli: &Cli) -> Settings {
    Settings::asked(cli.crew, cli.isa)
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

/// Runs one experiment, or all of them in the book's order.
pub fn run(cli: Cli, out: &mut dyn Write) -> anyhow::Result<()> {
    match &cli.mode {
        Some(mode) => mode.command().run(out, settings(&cli)),
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
