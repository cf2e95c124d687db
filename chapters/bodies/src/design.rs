//! The law of motion's design: which step the bodies take, a switch for each retired law.

use clap::Args;
use world::Body;
use world::shell::switches::RULES;

// ANCHOR: design
/// Which step the bodies take: with no switch, `Body::step`, velocity first. The switch puts
/// the retired order back, `Body::step_lagging`, the sibling kept beside it.
#[derive(Args, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Design {
    /// Position first, then velocity: Body::step_lagging, a push shows a tick late
    #[arg(long, help_heading = RULES)]
    pub lagging: bool,
}

impl Design {
    /// One tick of `b`: `push` puts this tick's pushes on it, and the design's law of motion
    /// spends them. The pushes come as the code that puts them on, not as a total, because
    /// when in the tick they are taken is part of a law of motion: both laws here take them
    /// as the tick opens.
    pub fn tick(self, b: &mut Body, push: impl FnOnce(&mut Body)) {
        push(b);
        if self.lagging { b.step_lagging() } else { b.step() }
    }
}
// ANCHOR_END: design
