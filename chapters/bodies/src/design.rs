//! The law of motion's design: which step the bodies take, a switch for each retired law. The
//! design is a table like every chapter's (`world::switches!`), and its flags are that table's.

use world::Body;
use world::base::switchboard::{NoStage, Part};

// ANCHOR: design
world::switches! {
    /// Which step the bodies take: with no switch, `Body::step`, velocity first. The switch
    /// puts the retired order back, `Body::step_lagging`, the sibling kept beside it.
    pub struct Design, stages NoStage {}
    /// Position first, then velocity: Body::step_lagging, a push shows a tick late
    lagging: Part::Rule, beside [];
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

world::design_flags!(Design);
