//! The rules worked out for two walkers at once, one in each lane of a register.
//!
//! A walker's push is a chain of roots and divisions, each waiting on the one before, and two
//! walkers' chains side by side cost about what one costs alone: plain x86-64 takes the roots
//! and quotients of two doubles in one instruction. Each lane does the operations one walker
//! does in [`Weights::heard`], in the same order, and every `if` of that code is a mask that
//! keeps, lane by lane, what its branch would have given, so each lane's bits are the bits
//! the walker gets alone.

use super::{Tally, Weights};
use crate::lanes::{Lanes, Mask};
use crate::steer::Gait;
use crate::{Body, Vec2};

/// Two numbers side by side.
pub type Pair = Lanes<2>;

/// Two vectors side by side: both x in one register, both y in another.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Two {
    pub x: Pair,
    pub y: Pair,
}

impl Two {
    pub const ZERO: Two = Two { x: Lanes([0.0; 2]), y: Lanes([0.0; 2]) };

    #[inline(always)]
    pub fn of(v: [Vec2; 2]) -> Two {
        Two { x: Lanes([v[0].x, v[1].x]), y: Lanes([v[0].y, v[1].y]) }
    }

    /// Lane `l` as one vector.
    #[inline(always)]
    pub fn get(self, l: usize) -> Vec2 {
        Vec2::new(self.x.0[l], self.y.0[l])
    }

    #[inline(always)]
    #[allow(clippy::should_implement_trait)]
    pub fn add(self, o: Two) -> Two {
        Two { x: self.x + o.x, y: self.y + o.y }
    }

    #[inline(always)]
    #[allow(clippy::should_implement_trait)]
    pub fn sub(self, o: Two) -> Two {
        Two { x: self.x - o.x, y: self.y - o.y }
    }

    #[inline(always)]
    pub fn scale(self, k: Pair) -> Two {
        Two { x: self.x * k, y: self.y * k }
    }

    /// [`Vec2::len`] in each lane.
    #[inline(always)]
    pub fn len(self) -> Pair {
        (self.x * self.x + self.y * self.y).sqrt()
    }

    /// [`Vec2::over`]: zero where `l` is zero, the vector times one over `l` elsewhere.
    #[inline(always)]
    pub fn over(self, l: Pair) -> Two {
        self.scale(1.0 / l).unless(l.eq(Lanes([0.0; 2])), Two::ZERO)
    }

    /// [`Vec2::unit`].
    #[inline(always)]
    pub fn unit(self) -> Two {
        self.over(self.len())
    }

    /// [`Vec2::limit`].
    #[inline(always)]
    pub fn limit(self, max: f64) -> Two {
        let l = self.len();
        let max = Lanes([max; 2]);
        self.unless(l.gt(max), self.over(l).scale(max))
    }

    /// `other` in the lanes `m` holds and this in the rest: what `if m { other } else
    /// { self }` gives each lane.
    #[inline(always)]
    pub fn unless(self, m: Mask<2>, other: Two) -> Two {
        Two { x: m.select(other.x, self.x), y: m.select(other.y, self.y) }
    }

    /// This where `m` holds and zero elsewhere: a rule's `None` heard as no push.
    #[inline(always)]
    pub fn only(self, m: Mask<2>) -> Two {
        Two::ZERO.unless(m, self)
    }
}

/// Two walkers' positions and velocities, side by side.
#[derive(Clone, Copy, Debug)]
pub struct Walkers {
    pub pos: Two,
    pub vel: Two,
}

impl Walkers {
    #[inline(always)]
    pub fn of(b: [&Body; 2]) -> Walkers {
        Walkers { pos: Two::of([b[0].pos, b[1].pos]), vel: Two::of([b[0].vel, b[1].vel]) }
    }
}

/// [`Gait`]'s arithmetic, a walker a lane.
impl Gait {
    #[inline(always)]
    pub fn steer_two(&self, b: &Walkers, desired: Two) -> Two {
        self.cut_two(desired.sub(b.vel))
    }

    #[inline(always)]
    pub fn seek_two(&self, b: &Walkers, target: Two) -> Two {
        self.steer_two(b, target.sub(b.pos).unit().scale(Lanes([self.max_speed; 2])))
    }

    #[inline(always)]
    pub fn cut_two(&self, f: Two) -> Two {
        f.limit(self.max_force)
    }
}

// ANCHOR: heard_two
impl Weights {
    /// [`Weights::heard`] for two walkers at once, a walker a lane, bit for bit.
    #[inline(always)]
    pub fn heard_two(&self, g: &Gait, b: &Walkers, t: [&Tally; 2]) -> Two {
        let speed = Lanes([g.max_speed; 2]);
        let heard = Mask::of(t.map(|t| t.heard > 0));
        let n = Lanes(t.map(|t| f64::from(t.heard)));
        let mut f = Two::ZERO;
        if self.separate != 0.0 {
            let away = Two::of(t.map(|t| t.away));
            let push = g.steer_two(b, away.unit().scale(speed));
            f = f.add(push.only(Mask::of(t.map(|t| t.voted))).scale(Lanes([self.separate; 2])));
        }
        if self.align != 0.0 {
            let v = Two::of(t.map(|t| t.heading)).scale(1.0 / n);
            let l = v.len();
            let push = g.steer_two(b, v.over(l).scale(speed));
            f = f.add(push.only(heard & l.gt(Lanes([0.0; 2]))).scale(Lanes([self.align; 2])));
        }
        if self.cohere != 0.0 {
            let middle = Two::of(t.map(|t| t.place)).scale(1.0 / n);
            let push = g.seek_two(b, middle);
            f = f.add(push.only(heard).scale(Lanes([self.cohere; 2])));
        }
        f
    }
}
// ANCHOR_END: heard_two

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::Stream;

    const GAIT: Gait = Gait { max_speed: 2.0, max_force: 1.0 };

    fn bits(v: Vec2) -> (u64, u64) {
        (v.x.to_bits(), v.y.to_bits())
    }

    #[test]
    fn each_lane_is_the_walker_alone() {
        // Random walkers and tallies, and the edges every mask is there for: nobody heard, no
        // vote, votes that cancel to zero, neighbours whose velocities cancel, a middle on the
        // walker's own spot, a walker standing still. Every weight on and off.
        let mut s = Stream::new(8, 2);
        let v = |s: &mut Stream| Vec2::new(s.between(-20.0, 20.0), s.between(-20.0, 20.0));
        let tally = |s: &mut Stream, b: &Body, case: u32| {
            let mut t = Tally::default();
            for k in 0..case % 9 {
                let o = match (case / 9) % 5 {
                    0 => Body::new(b.pos, v(s)),
                    1 => Body::new(v(s), if k % 2 == 0 { b.vel } else { -b.vel }),
                    _ => Body::new(v(s), v(s)),
                };
                t.hear(b, &o);
            }
            if case.is_multiple_of(13) {
                t.away = Vec2::ZERO;
            }
            t
        };
        for case in 0..3000u32 {
            let still =
                |b: Body| if case.is_multiple_of(11) { Body::new(b.pos, Vec2::ZERO) } else { b };
            let b = [still(Body::new(v(&mut s), v(&mut s))), Body::new(v(&mut s), v(&mut s))];
            let t = [tally(&mut s, &b[0], case), tally(&mut s, &b[1], case / 3)];
            let pair = Walkers::of([&b[0], &b[1]]);
            for mask in 0..8 {
                let on = |bit: u32, w: f64| if mask & bit != 0 { w } else { 0.0 };
                let w = Weights { separate: on(1, 1.6), align: on(2, 1.0), cohere: on(4, 0.9) };
                let two = w.heard_two(&GAIT, &pair, [&t[0], &t[1]]);
                for l in 0..2 {
                    assert_eq!(bits(two.get(l)), bits(w.heard(&GAIT, &b[l], &t[l])), "{case}");
                }
            }
        }
    }

    #[test]
    fn limit_and_unit_keep_their_edges() {
        let v = [Vec2::ZERO, Vec2::new(3.0, 4.0), Vec2::new(-0.0, 0.5), Vec2::new(1e-300, 0.0)];
        for a in v {
            for b in v {
                let two = Two::of([a, b]);
                assert_eq!(
                    [bits(two.unit().get(0)), bits(two.unit().get(1))],
                    [a, b].map(|v| bits(v.unit()))
                );
                let cut = two.limit(1.0);
                assert_eq!(
                    [bits(cut.get(0)), bits(cut.get(1))],
                    [a, b].map(|v| bits(v.limit(1.0)))
                );
            }
        }
    }
}
