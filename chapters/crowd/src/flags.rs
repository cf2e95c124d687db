//! The flags several of chapter 3's subcommands share, and the parsers of its whole-number
//! flags: how long a run goes, the valley it founds, the crew it runs on.

use world::shell::cli::whole;

use crate::scene::MOST_CROWD;

/// Ticks to run: 1 to 100,000.
pub fn ticks(s: &str) -> Result<u32, String> {
    whole(s, "ticks", 1, 100_000).map(|n| n as u32)
}

/// Creatures in the crowd: 1 to [`MOST_CROWD`].
pub fn crowd(s: &str) -> Result<usize, String> {
    whole(s, "creatures", 1, MOST_CROWD).map(|n| n as usize)
}

/// Rows of the valley: 1 to 10,000.
pub fn rows(s: &str) -> Result<usize, String> {
    whole(s, "rows", 1, 10_000).map(|n| n as usize)
}

/// Threads a crew runs on: 1 to 256.
pub fn crew(s: &str) -> Result<usize, String> {
    whole(s, "threads", 1, 256).map(|n| n as usize)
}

/// The bands the walk by bands cuts the valley into, for `bands`: two at the least (one band
/// is the walk in roster order), and no more than the 64 threads a crew of them runs on.
pub fn band_count(s: &str) -> Result<usize, String> {
    whole(s, "bands", 2, 64).map(|n| n as usize)
}

/// How many times the chapter's valley a capacity row is: up to 50, so the largest row keeps
/// within [`MOST_CROWD`] creatures.
pub fn times(s: &str) -> Result<u32, String> {
    whole(s, "times the valley", 1, MOST_CROWD / 3000).map(|n| n as u32)
}

/// A phase's budget in ms, for `fit --budget`.
pub fn budget_ms(s: &str) -> Result<u32, String> {
    whole(s, "ms", 1, 10_000).map(|n| n as u32)
}

/// Ticks for a run under callgrind, which is some fifty times slower than a plain one.
pub fn short_ticks(s: &str) -> Result<u32, String> {
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
