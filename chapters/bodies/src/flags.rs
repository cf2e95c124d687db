//! The flag several of this chapter's subcommands share.

/// A number of ticks: at least one, at most a million.
pub fn ticks(s: &str) -> Result<u32, String> {
    world::shell::cli::whole(s, "ticks", 1, 1_000_000).map(|n| n as u32)
}
