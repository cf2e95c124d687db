//! The pushes the chapter's bodies feel: gravity, a breeze and a swirl, and the tether to the
//! middle of the window. Every experiment that pushes a body takes its pushes from here. The
//! tether is the library's (`world::base::window`), where the book's live page takes it too.

use world::Vec2;

pub use world::base::window::{MIDDLE, tether};

// ANCHOR: gravity
/// Gravity for the hand table: velocity gains 0.5 px a tick downward on every tick.
pub const GRAVITY: Vec2 = Vec2::new(0.0, 0.5);
// ANCHOR_END: gravity

// ANCHOR: pushes
/// A sideways gust that also lifts a little.
pub const BREEZE: Vec2 = Vec2::new(0.12, -0.2);
/// A small eddy, back and down.
pub const SWIRL: Vec2 = Vec2::new(-0.05, 0.1);
// ANCHOR_END: pushes
