//! The window the first bodies fly in, 192 by 128 pixels, and the scene set in it: the tether
//! that pulls a body to its middle, where the held body starts, and the swarm scattered over
//! it. The chapter's runs and the book's live page both take them from here, so the page steps
//! the chapter's very scene.

use crate::base::streams::SWARM;
use crate::base::{Body, Stream, Vec2};

// ANCHOR: tether
/// The point the tether pulls toward: the middle of the 192 by 128 window.
pub const MIDDLE: Vec2 = Vec2::new(96.0, 64.0);

/// A spring to the window's centre: its strength grows in step with the body's distance from
/// `MIDDLE`, and it always points home.
pub fn tether(b: &Body) -> Vec2 {
    MIDDLE.sub(b.pos).scale(0.02)
}
// ANCHOR_END: tether

/// How far right of the middle the held body starts, at rest, in pixels.
pub const OUT: f64 = 48.0;

/// The held body at its start: [`OUT`] pixels right of the middle, at rest.
pub fn held() -> Body {
    Body::new(MIDDLE.add(Vec2::new(OUT, 0.0)), Vec2::ZERO)
}

/// Bodies in the swarm.
pub const SWARM_SIZE: usize = 24;

/// The seed the swarm is scattered from when the reader gives none.
pub const SWARM_SEED: u64 = 7;

// ANCHOR: scatter
/// Twenty-four bodies anywhere in the window but its 16 px border, each moving up to 1.5 px a
/// tick in each direction. Every number comes off one stream in one order, so the seed decides
/// all of them.
pub fn scatter(seed: u64) -> Vec<Body> {
    let mut s = Stream::new(seed, SWARM);
    (0..SWARM_SIZE)
        .map(|_| {
            let pos = Vec2::new(s.between(16.0, 176.0), s.between(16.0, 112.0));
            let vel = Vec2::new(s.between(-1.5, 1.5), s.between(-1.5, 1.5));
            Body::new(pos, vel)
        })
        .collect()
}
// ANCHOR_END: scatter
