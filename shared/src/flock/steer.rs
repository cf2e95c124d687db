//! Steering: how a walker turns a wish into a push.
//!
//! A wish is a velocity the walker would like to have. The push is the difference between that
//! wish and the velocity it has, held to what its legs can do. Every behaviour in the book is a
//! way of choosing the wish; the arithmetic that follows is always this.

use crate::base::Stream;
use crate::{Body, Vec2};

/// What one kind of walker can do: its top speed and the strongest push it can give itself.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Gait {
    /// The fastest the walker travels, in pixels a tick.
    pub max_speed: f64,
    /// The strongest push it gives itself, in pixels a tick a tick.
    pub max_force: f64,
}

// ANCHOR: gait
impl Gait {
    /// The push that turns the body's velocity toward `desired`, no stronger than the gait
    /// allows. A wish far from the present velocity is heard as a gentle turn, not a jump.
    pub fn steer(&self, b: &Body, desired: Vec2) -> Vec2 {
        self.cut(desired.sub(b.vel))
    }

    /// Head for a point at full speed.
    pub fn seek(&self, b: &Body, target: Vec2) -> Vec2 {
        self.steer(b, target.sub(b.pos).unit().scale(self.max_speed))
    }

    /// Holds any push to the gait's limit, keeping its direction. `steer` already does this for
    /// one behaviour; a weighted sum of several can exceed the limit again, so it is cut too.
    pub fn cut(&self, f: Vec2) -> Vec2 {
        f.limit(self.max_force)
    }
}
// ANCHOR_END: gait

/// A heading that drifts a little every tick, so a walker with nothing to react to still moves
/// like something alive instead of in a straight line.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Wander {
    /// Radians, measured from +x toward +y.
    pub heading: f64,
}

// ANCHOR: wander
impl Wander {
    /// How far the heading may turn in one tick, either way, in radians.
    pub const TURN: f64 = 0.3;

    /// A heading drawn from `s`, anywhere on the circle.
    pub fn new(s: &mut Stream) -> Wander {
        Wander { heading: s.between(-std::f64::consts::PI, std::f64::consts::PI) }
    }

    /// Turns the heading by a random amount and asks to travel that way at full speed. One draw
    /// per call, so walkers asked in index order always take the same draws.
    pub fn force(&mut self, gait: &Gait, b: &Body, s: &mut Stream) -> Vec2 {
        Self::steer(gait, b, self.turn(s))
    }

    /// The first half of `force`: turns the heading by its one draw and returns the way it
    /// now points, so a tick can turn every walker first and steer them all afterwards.
    pub fn turn(&mut self, s: &mut Stream) -> Vec2 {
        self.heading += s.between(-Self::TURN, Self::TURN);
        Vec2::from_angle(self.heading)
    }

    /// The second half: the push toward travelling `way` at full speed.
    pub fn steer(gait: &Gait, b: &Body, way: Vec2) -> Vec2 {
        gait.steer(b, way.scale(gait.max_speed))
    }
}
// ANCHOR_END: wander

#[cfg(test)]
mod tests {
    use super::*;

    const GAIT: Gait = Gait { max_speed: 2.0, max_force: 0.5 };

    #[test]
    fn steer_is_the_difference_when_it_is_small() {
        let b = Body::new(Vec2::ZERO, Vec2::new(1.0, 0.0));
        assert_eq!(GAIT.steer(&b, Vec2::new(1.25, 0.0)), Vec2::new(0.25, 0.0));
    }

    #[test]
    fn steer_and_cut_hold_to_max_force() {
        let b = Body::new(Vec2::ZERO, Vec2::ZERO);
        let f = GAIT.seek(&b, Vec2::new(0.0, 100.0));
        assert_eq!(f, Vec2::new(0.0, 0.5));
        assert!((GAIT.cut(Vec2::new(3.0, 4.0)).len() - 0.5).abs() < 1e-15);
    }

    #[test]
    fn seeking_where_you_stand_asks_to_stop() {
        let b = Body::new(Vec2::new(5.0, 5.0), Vec2::new(0.2, 0.0));
        assert_eq!(GAIT.seek(&b, b.pos), Vec2::new(-0.2, 0.0));
    }

    #[test]
    fn wander_is_decided_by_its_stream() {
        let b = Body::new(Vec2::ZERO, Vec2::ZERO);
        let run = || {
            let mut s = Stream::new(3, crate::base::streams::WANDERS);
            let mut w = Wander::new(&mut s);
            (0..10).map(|_| w.force(&GAIT, &b, &mut s)).collect::<Vec<_>>()
        };
        assert_eq!(run(), run());
        assert!(run().iter().all(|f| f.len() <= 0.5 + 1e-12));
    }
}
