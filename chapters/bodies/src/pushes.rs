//! The pushes the chapter's bodies feel: gravity, a breeze and a swirl, and the tether to the
//! middle of the window. Every experiment that pushes a body takes its pushes from here, and so
//! does the book's live page, whose module compiles this file as it stands.

use world::{Body, Vec2};

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

// ANCHOR: tether
/// The point the tether pulls toward: the middle of the 192 by 128 window.
pub const MIDDLE: Vec2 = Vec2::new(96.0, 64.0);

/// A spring to the window's centre: its strength grows in step with the body's distance from
/// `MIDDLE`, and it always points home.
pub fn tether(b: &Body) -> Vec2 {
    MIDDLE.sub(b.pos).scale(0.02)
}
// ANCHOR_END: tether
