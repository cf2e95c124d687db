//! A body, and the step that turns its accumulated pushes into motion.
//!
//! This module's clock is [`Body::step`]: each call spends whatever was pushed since the call
//! before it and starts the next tick with an empty accumulator.

use crate::Vec2;

// ANCHOR: body
/// One moving thing: where it is, how fast it goes, and what this tick has pushed onto it.
///
/// Positions are world pixels, velocities pixels per tick, pushes pixels per tick per tick.
/// `pos` and `vel` describe the body, so anyone may read or set them. The push total describes
/// only the tick in progress, so it is private: [`Body::push`] is the one way in and
/// [`Body::step`] the one way out, which is what lets `step` promise it starts each tick at zero.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Body {
    /// Where the body is.
    pub pos: Vec2,
    /// How far it moves in a tick.
    pub vel: Vec2,
    acc: Vec2,
}

impl Body {
    /// A body at `pos` moving at `vel`, with nothing pushed on it yet.
    pub fn new(pos: Vec2, vel: Vec2) -> Body {
        Body { pos, vel, acc: Vec2::ZERO }
    }

    /// Adds one push to this tick's total. Adding rather than assigning means every force
    /// that acts this tick is counted, however many parts of the world apply one.
    pub fn push(&mut self, a: Vec2) {
        self.acc += a;
    }

    /// The law of motion, in the order that keeps a swinging body in its swing: the velocity
    /// takes this tick's pushes, the position moves by that new velocity, and the push total
    /// is cleared, since it described the tick that has just ended.
    pub fn step(&mut self) {
        self.vel += self.acc;
        self.pos += self.vel;
        self.acc = Vec2::ZERO;
    }
}
// ANCHOR_END: body

/// What the hand table and the tests read of the tick in progress.
impl Body {
    /// The pushes collected since the last step.
    pub fn acc(&self) -> Vec2 {
        self.acc
    }
}

// ANCHOR: lagging
impl Body {
    /// The retired order, kept so the two can run side by side. Position is advanced first,
    /// using last tick's velocity, so whatever was pushed this tick only shows up in the
    /// position on the following one.
    pub fn step_lagging(&mut self) {
        self.pos += self.vel;
        self.vel += self.acc;
        self.acc = Vec2::ZERO;
    }
}
// ANCHOR_END: lagging

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pushes_add_up_and_step_empties_them() {
        let mut b = Body::new(Vec2::ZERO, Vec2::ZERO);
        b.push(Vec2::new(1.0, 0.0));
        b.push(Vec2::new(0.0, 2.0));
        assert_eq!(b.acc(), Vec2::new(1.0, 2.0));
        b.step();
        assert_eq!(b.acc(), Vec2::ZERO);
        assert_eq!(b.vel, Vec2::new(1.0, 2.0));
        assert_eq!(b.pos, Vec2::new(1.0, 2.0));
    }

    #[test]
    fn lagging_moves_on_the_old_velocity() {
        let mut b = Body::new(Vec2::ZERO, Vec2::new(2.0, 0.0));
        b.push(Vec2::new(0.0, 0.5));
        b.step_lagging();
        assert_eq!(b.pos, Vec2::new(2.0, 0.0));
        assert_eq!(b.vel, Vec2::new(2.0, 0.5));
        assert_eq!(b.acc(), Vec2::ZERO);
    }
}
