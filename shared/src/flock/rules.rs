//! The three herd rules: keep your distance, go the way the others go, stay with them.
//!
//! Each rule looks only at the neighbours it is handed and adds them up in the order it is
//! handed them. Floating-point sums depend on their order, so the order is part of the answer:
//! whoever finds the neighbours decides it, and these functions never reorder.

use super::steer::Gait;
use crate::{Body, Vec2};

// ANCHOR: votes
/// One neighbour's vote for where to go to get away from it: the offset from it, divided by
/// the distance twice. The first division makes it a direction, the second makes a near
/// neighbour count for more than a far one. A neighbour on the very same spot names no
/// direction and gets no vote.
pub fn vote(b: &Body, other: &Body) -> Option<Vec2> {
    let d = b.pos.sub(other.pos);
    let r = d.len();
    (r > 0.0).then(|| d.scale(1.0 / (r * r)))
}

/// Every neighbour's vote added up, in the order given, or `None` when nobody voted.
pub fn votes(b: &Body, near: &[Body]) -> Option<Vec2> {
    let mut sum = Vec2::ZERO;
    let mut voted = false;
    for o in near {
        if let Some(v) = vote(b, o) {
            sum += v;
            voted = true;
        }
    }
    voted.then_some(sum)
}
// ANCHOR_END: votes

/// The mean of the neighbours' velocities, or `None` with no neighbours.
pub fn mean_velocity(near: &[Body]) -> Option<Vec2> {
    mean(near.iter().map(|o| o.vel))
}

/// The mean of the neighbours' positions, or `None` with no neighbours.
pub fn middle(near: &[Body]) -> Option<Vec2> {
    mean(near.iter().map(|o| o.pos))
}

fn mean(items: impl ExactSizeIterator<Item = Vec2>) -> Option<Vec2> {
    let n = items.len();
    if n == 0 {
        return None;
    }
    let mut sum = Vec2::ZERO;
    for v in items {
        sum += v;
    }
    Some(sum.scale(1.0 / n as f64))
}

// ANCHOR: rules
/// Push apart: travel at full speed in the direction the votes point.
pub fn separate(g: &Gait, b: &Body, near: &[Body]) -> Vec2 {
    away(g, b, votes(b, near))
}

/// Match heading: travel at full speed the way the neighbours travel on average. Only the
/// direction of the average is kept, so slow neighbours still make a body want to go.
pub fn align(g: &Gait, b: &Body, near: &[Body]) -> Vec2 {
    along(g, b, mean_velocity(near))
}

/// Pull to the middle: head for the mean position of the neighbours. Each body has its own
/// middle, since each sees its own neighbours and never counts itself.
pub fn cohere(g: &Gait, b: &Body, near: &[Body]) -> Vec2 {
    toward(g, b, middle(near))
}
// ANCHOR_END: rules

/// What push apart wishes for, given the votes.
fn away(g: &Gait, b: &Body, votes: Option<Vec2>) -> Vec2 {
    match votes {
        Some(away) => g.steer(b, away.unit().scale(g.max_speed)),
        None => Vec2::ZERO,
    }
}

/// What match heading wishes for, given the mean velocity.
fn along(g: &Gait, b: &Body, heading: Option<Vec2>) -> Vec2 {
    // The length is taken once, for the test and for the direction both.
    match heading.map(|v| (v, v.len())) {
        Some((v, l)) if l > 0.0 => g.steer(b, v.over(l).scale(g.max_speed)),
        _ => Vec2::ZERO,
    }
}

/// What pull to the middle wishes for, given the middle.
fn toward(g: &Gait, b: &Body, middle: Option<Vec2>) -> Vec2 {
    match middle {
        Some(m) => g.seek(b, m),
        None => Vec2::ZERO,
    }
}

// ANCHOR: tally
/// What one walker has heard from its neighbours: the three sums the rules read, kept side by
/// side so that one pass over the neighbours fills them all. Each sum adds the neighbours in
/// the order they are heard, so neighbours heard in the order the rules are handed them give
/// the rules' very sums, bit for bit.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Tally {
    away: Vec2,
    voted: bool,
    heading: Vec2,
    place: Vec2,
    heard: u32,
}

impl Tally {
    /// Hears one more neighbour: its vote if it has one (by [`vote`]'s arithmetic, step for
    /// step), its velocity and its position.
    pub fn hear(&mut self, b: &Body, other: &Body) {
        let d = b.pos.sub(other.pos);
        let r = d.len();
        self.hear_weighed(d, (r > 0.0).then(|| 1.0 / (r * r)), other);
    }

    /// The same again, with the vote's weight `1 / (r * r)` already worked out, or `None` for
    /// a neighbour on the very same spot. A query that hears many neighbours at once can work
    /// out their weights together, two at a time.
    #[inline]
    pub fn hear_weighed(&mut self, d: Vec2, weight: Option<f64>, other: &Body) {
        if let Some(w) = weight {
            self.away += d.scale(w);
            self.voted = true;
        }
        self.heading += other.vel;
        self.place += other.pos;
        self.heard += 1;
    }
}
// ANCHOR_END: tally

/// What the rules read back from a tally.
impl Tally {
    /// How many neighbours were heard.
    pub fn heard(&self) -> u32 {
        self.heard
    }

    /// The same as [`votes`] over the neighbours heard.
    pub fn votes(&self) -> Option<Vec2> {
        self.voted.then_some(self.away)
    }

    /// The same as [`mean_velocity`] over the neighbours heard.
    pub fn mean_velocity(&self) -> Option<Vec2> {
        self.mean(self.heading)
    }

    /// The same as [`middle`] over the neighbours heard.
    pub fn middle(&self) -> Option<Vec2> {
        self.mean(self.place)
    }

    fn mean(&self, sum: Vec2) -> Option<Vec2> {
        (self.heard > 0).then(|| sum.scale(1.0 / f64::from(self.heard)))
    }
}

/// How loudly each rule is heard when the three are added up.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Weights {
    /// How loudly push apart is heard.
    pub separate: f64,
    /// How loudly match heading is heard.
    pub align: f64,
    /// How loudly pull to the middle is heard.
    pub cohere: f64,
}

impl Weights {
    /// Nobody heard: a walker that ignores its neighbours.
    pub const NONE: Weights = Weights { separate: 0.0, align: 0.0, cohere: 0.0 };

    // ANCHOR: sum
    /// The three rules weighted and added, always separate, then align, then cohere. A rule
    /// with weight zero is skipped, not multiplied by zero, so it costs nothing.
    pub fn flock(&self, g: &Gait, b: &Body, near: &[Body]) -> Vec2 {
        self.add(|| separate(g, b, near), || align(g, b, near), || cohere(g, b, near))
    }

    fn add(
        &self,
        separate: impl FnOnce() -> Vec2,
        align: impl FnOnce() -> Vec2,
        cohere: impl FnOnce() -> Vec2,
    ) -> Vec2 {
        let mut f = Vec2::ZERO;
        if self.separate != 0.0 {
            f += separate().scale(self.separate);
        }
        if self.align != 0.0 {
            f += align().scale(self.align);
        }
        if self.cohere != 0.0 {
            f += cohere().scale(self.cohere);
        }
        f
    }
    // ANCHOR_END: sum

    // ANCHOR: heard
    /// The same three rules, weighted and added in the same order, read from a tally instead
    /// of from a list of neighbours.
    pub fn heard(&self, g: &Gait, b: &Body, t: &Tally) -> Vec2 {
        self.add(
            || away(g, b, t.votes()),
            || along(g, b, t.mean_velocity()),
            || toward(g, b, t.middle()),
        )
    }
    // ANCHOR_END: heard
}

#[cfg(test)]
mod tests {
    use super::*;

    const GAIT: Gait = Gait { max_speed: 2.0, max_force: 1.0 };

    fn at(x: f64, y: f64) -> Body {
        Body::new(Vec2::new(x, y), Vec2::ZERO)
    }

    #[test]
    fn nobody_near_means_no_push() {
        let b = Body::new(Vec2::ZERO, Vec2::new(1.0, 0.0));
        assert_eq!(separate(&GAIT, &b, &[]), Vec2::ZERO);
        assert_eq!(align(&GAIT, &b, &[]), Vec2::ZERO);
        assert_eq!(cohere(&GAIT, &b, &[]), Vec2::ZERO);
    }

    #[test]
    fn a_neighbour_on_the_same_spot_has_no_vote() {
        let b = at(3.0, 3.0);
        assert_eq!(votes(&b, &[at(3.0, 3.0)]), None);
        assert_eq!(separate(&GAIT, &b, &[at(3.0, 3.0)]), Vec2::ZERO);
    }

    #[test]
    fn nearer_neighbours_vote_louder() {
        let b = at(0.0, 0.0);
        let v = votes(&b, &[at(1.0, 0.0), at(0.0, -4.0)]).unwrap();
        assert_eq!(v, Vec2::new(-1.0, 0.25));
    }

    #[test]
    fn cohere_heads_for_the_middle_and_separate_away() {
        let b = at(0.0, 0.0);
        let near = [at(4.0, 0.0), at(8.0, 0.0)];
        assert_eq!(cohere(&GAIT, &b, &near), Vec2::new(1.0, 0.0));
        assert_eq!(separate(&GAIT, &b, &near), Vec2::new(-1.0, 0.0));
    }

    #[test]
    fn one_tally_gives_the_three_rules_their_very_sums() {
        // Random walkers and neighbours, some on the walker's own spot (no vote), every weight
        // on and off: the tally's push must equal the rules' push to the last bit.
        let mut s = crate::base::Stream::new(8, crate::base::streams::TALLIES);
        let mut v = || Vec2::new(s.between(-20.0, 20.0), s.between(-20.0, 20.0));
        for case in 0..2000 {
            let b = Body::new(v(), v());
            let near: Vec<Body> = (0..case % 40)
                .map(|k| if k % 7 == 3 { Body::new(b.pos, v()) } else { Body::new(v(), v()) })
                .collect();
            let mut t = Tally::default();
            for o in &near {
                t.hear(&b, o);
            }
            assert_eq!(t.heard() as usize, near.len());
            for mask in 0..8 {
                let on = |bit: usize, w: f64| if mask & bit != 0 { w } else { 0.0 };
                let w = Weights { separate: on(1, 1.6), align: on(2, 1.0), cohere: on(4, 0.9) };
                let (want, got) = (w.flock(&GAIT, &b, &near), w.heard(&GAIT, &b, &t));
                assert_eq!(
                    (got.x.to_bits(), got.y.to_bits()),
                    (want.x.to_bits(), want.y.to_bits())
                );
            }
        }
    }

    #[test]
    fn the_order_of_the_neighbours_can_change_the_bits() {
        // The rules promise to add in the order given, and here is why that matters.
        let b = at(0.0, 0.0);
        let near = [at(0.1, 0.0), at(0.2, 0.0), at(0.3, 0.0)];
        let rev = [near[2], near[1], near[0]];
        let a = middle(&near).unwrap();
        let z = middle(&rev).unwrap();
        assert_ne!(a.x.to_bits(), z.x.to_bits());
        assert_eq!(separate(&GAIT, &b, &near).x, -1.0);
    }
}
