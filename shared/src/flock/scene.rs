//! The herd's scene: the small valley it walks on, exactly the 192 by 128 window, how far a
//! walker sees, how many walk, and the weights the three rules are heard at. The herd's
//! chapter and the book's live page both take them from here, so the page's herd is the
//! chapter's.

use crate::flock::rules::Weights;

/// The seed of the valley, of where the walkers start and of how they wander.
pub const SEED: u64 = 5;
/// The valley's width in cells.
pub const COLS: usize = 12;
/// The valley's height in cells.
pub const ROWS: usize = 8;

/// How far a walker can see its neighbours, in world pixels: one cell.
pub const RADIUS: f64 = 16.0;

/// The walkers on the valley when the reader gives no number.
pub const WALKERS: usize = 120;
/// The most walkers the valley takes.
pub const MOST_WALKERS: u64 = 2000;

// ANCHOR: weights
/// The weights of the three rules: spacing heard loudest, then heading, then the pull to the
/// middle.
pub const WEIGHTS: Weights = Weights { separate: 1.6, align: 1.0, cohere: 0.9 };
// ANCHOR_END: weights
