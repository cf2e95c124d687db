//! The flag several of this chapter's subcommands share.

/// A number of ticks: at least one, at most a million.
pub const TICKS: world::shell::cli::Whole<u32> =
    world::shell::cli::Whole::new("ticks", 1, 1_000_000);
