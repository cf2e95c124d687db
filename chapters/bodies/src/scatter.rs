//! Where the swarm starts: twenty-four bodies drawn off one numbered stream. It needs nothing
//! but the library's core, so the book's live page compiles this very file into its module and
//! starts the same swarm in a browser.

use world::base::Stream;
use world::base::streams::SWARM;
use world::{Body, Vec2};

/// Bodies in the swarm.
pub const SWARM_SIZE: usize = 24;

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
