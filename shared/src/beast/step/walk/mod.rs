//! The walks: every creature's turn, in roster order on the walk's own thread
//! ([`in_order`]), level by level on the crew ([`levels`]), or one band of rows a thread
//! ([`bands`]). A phase picks its walk once, when it is made, and the walk keeps its own
//! scratch from tick to tick; what the walks share is in [`turn`]: the turn taken beside
//! others, and the choice every turn ends on.

mod bands;
mod in_order;
mod levels;
pub(super) mod turn;

use crate::beast::design::Design;
use crate::beast::step::bands::Bands;
use crate::beast::step::levels::Levels;
use crate::beast::step::sight::Snapshot;
use turn::Walking;

/// How the walk goes: in roster order on the walk's own thread, or wide on the crew's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Walk {
    /// Every turn on the walk's own thread, in roster order.
    InOrder,
    /// Level by level, each level's turns side by side.
    ByLevels,
    /// One band of rows a thread, each in roster order, waiting only at the seams.
    ByBands,
}

impl Walk {
    // ANCHOR: walk_of
    /// How a phase of `design` on `threads` threads walks: wide on the crew's kept threads
    /// when there are two or more and the design is one the levels' reasoning holds for
    /// ([`Design::levels_hold`]), by bands unless the design puts the levels back; otherwise
    /// in roster order.
    pub fn of(threads: usize, design: Design) -> Walk {
        if threads < 2 || !design.levels_hold() {
            Walk::InOrder
        } else if design.levels {
            Walk::ByLevels
        } else {
            Walk::ByBands
        }
    }
    // ANCHOR_END: walk_of

    /// The walk in a few words, for a report: "by bands".
    pub fn name(self) -> &'static str {
        match self {
            Walk::InOrder => "in roster order",
            Walk::ByLevels => "by levels",
            Walk::ByBands => "by bands",
        }
    }
}

/// The walk a phase was made with, and the scratch it keeps from tick to tick: none in roster
/// order, the levels or the bands and the threads' shares for a wide walk.
pub(super) enum Walker {
    InOrder,
    ByLevels(levels::ByLevels),
    ByBands(bands::ByBands),
}

impl Walker {
    /// The walk `walk` for a crowd of `n` on `crew` threads, with room asked for once for the
    /// largest crowd it will ever walk: the one it is founded with.
    pub(super) fn new(walk: Walk, n: usize, crew: usize) -> Walker {
        match walk {
            Walk::InOrder => Walker::InOrder,
            Walk::ByLevels => Walker::ByLevels(levels::ByLevels::new(n, crew)),
            Walk::ByBands => Walker::ByBands(bands::ByBands::new(n, crew)),
        }
    }

    /// Works out, as the phase opens on `snap`, the levels or the bands a wide walk goes by.
    pub(super) fn open(&mut self, snap: &Snapshot, crew: usize) {
        match self {
            Walker::InOrder => {}
            Walker::ByLevels(w) => w.levels.work_out(snap),
            Walker::ByBands(w) => w.bands.work_out(snap, crew),
        }
    }

    /// Walks: every creature takes its turn.
    pub(super) fn walk(&mut self, w: Walking) {
        match self {
            Walker::InOrder => in_order::walk(w),
            Walker::ByLevels(l) => l.walk(w),
            Walker::ByBands(b) => b.walk(w),
        }
    }

    /// The levels of the latest phase, when the walk goes by them.
    pub(super) fn levels(&self) -> Option<&Levels> {
        match self {
            Walker::ByLevels(w) => Some(&w.levels),
            _ => None,
        }
    }

    /// The bands of the latest phase, when the walk goes by them.
    pub(super) fn bands(&self) -> Option<&Bands> {
        match self {
            Walker::ByBands(w) => Some(&w.bands),
            _ => None,
        }
    }

    /// The latest walk by bands' stalls; none for the other walks.
    pub(super) fn stalls(&self) -> u64 {
        match self {
            Walker::ByBands(w) => w.stalls,
            _ => 0,
        }
    }

    /// Takes the walk by bands on the calling thread in the order that strains its waits
    /// most, every wait one creature short if `short` ([`super::phase::Phase::strain`]).
    pub(super) fn strain(&mut self, short: bool) {
        if let Walker::ByBands(w) = self {
            w.trial = Some(bands::Trial { short });
        }
    }
}
