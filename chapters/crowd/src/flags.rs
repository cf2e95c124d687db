//! The flags several of chapter 3's subcommands share, and the parsers of its whole-number
//! flags: how long a run goes, the valley it founds, the crew it runs on.

use world::shell::cli::Whole;

use crate::scene::MOST_CROWD;

/// Ticks to run: 1 to 100,000.
pub const TICKS: Whole<u32> = Whole::new("ticks", 1, 100_000);

/// Creatures in the crowd: 1 to [`MOST_CROWD`].
pub const CROWD: Whole<usize> = Whole::new("creatures", 1, MOST_CROWD);

/// Rows of the valley: 1 to 10,000.
pub const ROWS: Whole<usize> = Whole::new("rows", 1, 10_000);

/// Threads a crew runs on: 1 to 256.
pub const CREW: Whole<usize> = Whole::new("threads", 1, 256);

/// The bands the walk by bands cuts the valley into, for `bands`: two at the least (one band
/// is the walk in roster order), and no more than the 64 threads a crew of them runs on.
pub const BAND_COUNT: Whole<usize> = Whole::new("bands", 2, 64);

/// How many times the chapter's valley a capacity row is: up to 50, so the largest row keeps
/// within [`MOST_CROWD`] creatures.
pub const TIMES: Whole<u32> = Whole::new("times the valley", 1, MOST_CROWD / 3000);

/// A phase's budget in ms, for `fit --budget`.
pub const BUDGET_MS: Whole<u32> = Whole::new("ms", 1, 10_000);

/// Ticks for a run under callgrind, which is some fifty times slower than a plain one.
pub const SHORT_TICKS: Whole<u32> = Whole::new("ticks", 1, 1000);

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
                .value_parser(TICKS)
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
    #[arg(long, default_value = "3000", value_parser = CROWD, allow_hyphen_values = true)]
    pub crowd: usize,
    /// Rows of the valley, 1 to 10,000 (it is always 150 cells across): 1000 rows hold the
    /// capacity run's 30,000 creatures.
    #[arg(long, default_value = "100", value_parser = ROWS, allow_hyphen_values = true)]
    pub rows: usize,
}
