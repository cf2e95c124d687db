//! Chapter 2's ticking world: walkers on a field, each tick steered by the rules they are
//! allowed to hear, a wandering heading and the edge of the field, with their neighbours found
//! by any [`Query`].
//!
//! The chapter's own crate chooses the scene: which valley, how many walkers, which rules,
//! which query. Everything a tick does is here, so the tick the book shows is the tick that
//! runs.

use super::near::{Heard, Query, TooWide};
use super::rules::Weights;
use super::steer::{Gait, Wander};
use crate::base::streams::{PLACES, WANDER as WANDER_STREAM};
use crate::base::{CELL, Stream};
use crate::{Body, Vec2};

/// A walker of the valley: slower and gentler than the one chapter 2 works by hand.
pub const GAIT: Gait = Gait { max_speed: 1.0, max_force: 0.2 };

// ANCHOR: weights
/// How loudly the wandering heading is heard: a murmur under the three rules.
pub const WANDER: f64 = 0.1;
/// How loudly the edge of the field is heard: louder than the three rules together, so that
/// near the edge its wish decides which way the sum points.
pub const RIM_WEIGHT: f64 = 4.0;
/// Within this many pixels of the edge, a walker wants to be heading back in.
pub const RIM: f64 = 14.0;
// ANCHOR_END: weights

/// How a tick hands each walker's neighbours to its rules. Both give the rules the same sums.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Listen {
    /// The first round: ask for one walker's neighbours at a time, copy them out, and let each
    /// rule walk the copy.
    ThreePasses,
    /// The second round: every walker hears all its neighbours at once, each into one tally
    /// that keeps the three rules' sums side by side.
    OnePass,
}

/// Walkers, their wandering headings, and the query that finds their neighbours.
pub struct Herd<Q: Query> {
    /// The walkers, in index order: the order the rules hear them in.
    pub bodies: Vec<Body>,
    /// What finds each walker's neighbours, and counts its distance tests.
    pub query: Q,
    /// How the tick hears the neighbours: one pass unless set otherwise.
    pub listen: Listen,
    wanders: Vec<Wander>,
    chance: Stream,
    weights: Weights,
    radius: f64,
    size: Vec2,
    // Reused every tick so that a tick allocates nothing once the crowd is settled.
    found: Vec<usize>,
    near: Vec<Body>,
    heard: Heard,
    ways: Vec<Vec2>,
}

impl<Q: Query> Herd<Q> {
    /// `n` walkers scattered over a field of `cols` by `rows` cells (clear of the rim) from
    /// `seed`, each launched in a random direction at full speed, hearing the three rules at
    /// `weights` from the neighbours `query` finds within `radius`.
    pub fn new(
        seed: u64,
        n: usize,
        cols: usize,
        rows: usize,
        weights: Weights,
        radius: f64,
        query: Q,
    ) -> Herd<Q> {
        let size = Vec2::new(cols as f64 * CELL, rows as f64 * CELL);
        let mut place = Stream::new(seed, PLACES);
        let mut chance = Stream::new(seed, WANDER_STREAM);
        let bodies = (0..n)
            .map(|_| {
                let pos =
                    Vec2::new(place.between(RIM, size.x - RIM), place.between(RIM, size.y - RIM));
                let way = place.between(-std::f64::consts::PI, std::f64::consts::PI);
                Body::new(pos, Vec2::from_angle(way).scale(GAIT.max_speed))
            })
            .collect();
        let wanders = (0..n).map(|_| Wander::new(&mut chance)).collect();
        Herd {
            bodies,
            query,
            wanders,
            chance,
            weights,
            radius,
            size,
            found: Vec::new(),
            near: Vec::new(),
            heard: Heard::default(),
            ways: Vec::new(),
            listen: Listen::OnePass,
        }
    }

    /// The same herd, hearing its neighbours the other way.
    pub fn listening(mut self, listen: Listen) -> Herd<Q> {
        self.listen = listen;
        self
    }

    /// One tick: every walker's push is worked out from where everybody stood when the tick
    /// began, and only then does anybody move.
    pub fn tick(&mut self) -> Result<(), TooWide> {
        match self.listen {
            Listen::ThreePasses => self.tick_three_passes(),
            Listen::OnePass => self.tick_one_pass(),
        }
    }

    // ANCHOR: tick
    /// The first round's tick: one walker's neighbours at a time, copied out for the rules.
    fn tick_three_passes(&mut self) -> Result<(), TooWide> {
        self.query.build(&self.bodies);
        for i in 0..self.bodies.len() {
            self.query.near(&self.bodies, i, self.radius, &mut self.found)?;
            self.near.clear();
            self.near.extend(self.found.iter().map(|&j| self.bodies[j]));
            let b = self.bodies[i];

            let mut f = self.weights.flock(&GAIT, &b, &self.near);
            f += self.wanders[i].force(&GAIT, &b, &mut self.chance).scale(WANDER);
            f += self.rim(&b).scale(RIM_WEIGHT);
            self.bodies[i].push(GAIT.cut(f));
        }
        for b in &mut self.bodies {
            b.step();
        }
        Ok(())
    }
    // ANCHOR_END: tick

    // ANCHOR: one_pass
    /// The second round's tick: every walker hears all its neighbours first, into one tally
    /// each. After that nobody looks at anybody else, so each walker can step as soon as its
    /// own push is known.
    fn tick_one_pass(&mut self) -> Result<(), TooWide> {
        self.query.build(&self.bodies);
        self.query.hear(&self.bodies, self.radius, &mut self.heard)?;
        self.ways.clear();
        self.ways.extend(self.wanders.iter_mut().map(|w| w.turn(&mut self.chance)));
        for i in 0..self.bodies.len() {
            let b = self.bodies[i];

            let mut f = self.weights.heard(&GAIT, &b, self.heard.of(i));
            f += Wander::steer(&GAIT, &b, self.ways[i]).scale(WANDER);
            f += self.rim(&b).scale(RIM_WEIGHT);
            self.bodies[i].push(GAIT.cut(f));
            self.bodies[i].step();
        }
        Ok(())
    }
    // ANCHOR_END: one_pass

    // ANCHOR: rim
    /// Near an edge, ask to travel straight back in, away from every edge that is too close.
    fn rim(&self, b: &Body) -> Vec2 {
        let inward = |v: f64, end: f64| {
            if v < RIM {
                1.0
            } else if v > end - RIM {
                -1.0
            } else {
                0.0
            }
        };
        let back = Vec2::new(inward(b.pos.x, self.size.x), inward(b.pos.y, self.size.y));
        if back == Vec2::ZERO {
            Vec2::ZERO
        } else {
            GAIT.steer(b, back.unit().scale(GAIT.max_speed))
        }
    }
    // ANCHOR_END: rim

    /// What the walkers heard in the last tick of one pass (nothing after a tick of three).
    pub fn heard(&self) -> &Heard {
        &self.heard
    }

    /// Hears the three rules at `weights` from the next tick on: what a live page's sliders
    /// change while the herd runs.
    pub fn weigh(&mut self, weights: Weights) {
        self.weights = weights;
    }
}
