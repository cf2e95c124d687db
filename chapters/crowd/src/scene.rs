//! The chapter's scene: the valley, 150 cells across, 100 down, seed 5, with 3000 creatures,
//! so there are five cells of ground for each creature; the budget a phase has, and the most
//! creatures and memory a run may take.

use world::base::Valley;
use world::beast::{Design, Settings, World};
use world::shell::cli::{Refused, count};

/// The valley's seed and size and its crowd: the library's (`world::beast::scene`), where the
/// book's live page takes them too.
pub use world::beast::scene::{COLS, CROWD, ROWS, SEED};

/// The budget a phase has in a tick.
pub const BUDGET_MS: f64 = 50.0;

/// The chapter's valley, `rows` down, with `crowd` creatures on it, stepped by `design` and run
/// by `settings`.
pub fn found(
    crowd: usize,
    rows: usize,
    design: Design,
    settings: Settings,
) -> anyhow::Result<World> {
    World::found(SEED, COLS, rows, crowd, design, settings).map_err(anyhow::Error::msg)
}

/// Refuses, before any work, a crowd of `crowd` that the valley `rows` long cannot hold, one
/// creature to a cell of ground: a usage error naming both flags, with what each would take.
pub fn room(crowd: usize, rows: usize) -> Result<(), Refused> {
    let [ground, _, _] = Valley::new(SEED, COLS, rows).census();
    if crowd <= ground {
        return Ok(());
    }
    Err(Refused(format!(
        "--crowd {crowd} does not fit --rows {rows}: {} on the {COLS}x{rows} valley's {} \
         cells of ground; give --crowd 1 to {ground}, or more --rows",
        count(crowd as u64, "creature", "creatures"),
        ground
    )))
}

/// The most creatures a run takes. Each costs about 2 KB (its brain alone is 1.5 KB), so
/// 150,000 of them on the longest valley stay under 400 MB ([`MOST_MB`]), whatever the design
/// and the crew.
pub const MOST_CROWD: u64 = 150_000;

/// The most resident memory a run of this chapter may take, in megabytes: more than the other
/// chapters' 300, for the 150,000 creatures the fourth round makes room for.
pub const MOST_MB: i64 = 400;
