//! The six actions, the table that prices and permits them, and the picker that turns a
//! brain's six scores into the one action taken.

use std::fmt;

use crate::base::{Land, Valley};
use crate::beast::creature::{Creature, Eye, floor};
use crate::beast::habitat::{Habitat, Stand};
use crate::beast::kind::{ACTS, BITE, DASH, REACH, STEP, TURN, UPKEEP};
use crate::beast::look::view::View;

/// What the checks read: the view the phase opened on, the ground, and the plants (whose
/// grams are read live).
#[derive(Clone, Copy)]
pub struct Here<'a> {
    /// The view the checks read: what stands near a creature.
    pub view: &'a dyn View,
    /// The ground: where a step may land.
    pub ground: &'a Valley,
    /// The plants, their grams read live: whether a bite finds anything.
    pub stands: &'a [Stand],
}

impl<'a> Here<'a> {
    /// What the checks read in `hab`, through `view`.
    pub fn new(view: &'a dyn View, hab: &'a Habitat) -> Here<'a> {
        Here { view, ground: &hab.ground, stands: &hab.stands }
    }
}

/// What a creature can do with a tick, in the order of the brain's outputs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Act {
    /// Nothing: free, and always allowed.
    Rest,
    /// Half a cell forward.
    Step,
    /// A turn to the left.
    Left,
    /// A turn to the right.
    Right,
    /// A bite from the fullest plant within reach.
    Bite,
    /// A whole cell forward.
    Dash,
}

/// The six actions in the order of the brain's outputs.
pub const ALL: [Act; ACTS] = [Act::Rest, Act::Step, Act::Left, Act::Right, Act::Bite, Act::Dash];

/// The test an action must pass besides its price.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Allow {
    /// Allowed on any terrain: only the price is checked.
    Always,
    /// The cell the move lands on must be on the map and not water.
    Ground(f64),
    /// Some plant within bite reach must have grams on it.
    Reach,
}

/// One row of the table.
#[derive(Clone, Copy, Debug)]
pub struct Move {
    /// What a refusal calls it.
    pub name: &'static str,
    /// Grams the action costs, on top of the upkeep.
    pub price: f64,
    /// The test it must pass besides its price.
    pub allow: Allow,
}

/// Every action's price and test, in the order of the brain's outputs.
// ANCHOR: table
pub const TABLE: [Move; ACTS] = [
    Move { name: "rest", price: 0.0, allow: Allow::Always },
    Move { name: "step", price: 0.01, allow: Allow::Ground(STEP) },
    Move { name: "turn left", price: 0.005, allow: Allow::Always },
    Move { name: "turn right", price: 0.005, allow: Allow::Always },
    Move { name: "bite", price: 0.01, allow: Allow::Reach },
    Move { name: "dash", price: 0.04, allow: Allow::Ground(DASH) },
];
// ANCHOR_END: table

/// Which rule stopped an action.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Why {
    /// The store cannot pay the price.
    Broke,
    /// The move would land on water or off the map.
    NoGround,
    /// Nothing within bite reach has grams on it.
    NoReach,
}

/// A refusal written out in full, for the event log: who, what, which rule, where, and the two
/// numbers the rule compared.
#[derive(Clone, Debug, PartialEq)]
pub struct Refusal {
    /// The creature's roster place.
    pub who: u32,
    /// What it asked to do.
    pub act: Act,
    /// Which rule said no.
    pub why: Why,
    /// The cell the rule looked at: where the creature stands, or where its move would land.
    pub at: (i64, i64),
    /// What the rule wanted: the price, or the grams of a bite.
    pub want: f64,
    /// What it found: the store, or nothing.
    pub got: f64,
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let name = TABLE[self.act as usize].name;
        let (x, y) = self.at;
        match self.why {
            Why::Broke => write!(
                f,
                "creature {} may not {name}: it costs {:.3} g and the store holds {:.3} g",
                self.who, self.want, self.got
            ),
            Why::NoGround => write!(
                f,
                "creature {} may not {name}: cell {x},{y} is water or off the map",
                self.who
            ),
            Why::NoReach => write!(
                f,
                "creature {} may not {name}: nothing to bite around cell {x},{y}",
                self.who
            ),
        }
    }
}

impl std::error::Error for Refusal {}

/// The cell a move of `dist` cells straight ahead lands on.
pub fn ahead(eye: &Eye, dist: f64) -> (i64, i64) {
    let (cos, sin) = eye.facing;
    (floor(eye.x + cos * dist), floor(eye.y + sin * dist))
}

/// The plant a bite from cell (cx, cy) would take from: the one with the most grams in reach,
/// the first in row order on a tie; None when nothing in reach has any grams.
pub fn meal((cx, cy): (i64, i64), view: &dyn View, stands: &[Stand]) -> Option<u32> {
    let mut best: Option<(u32, f64)> = None;
    for y in cy - REACH..=cy + REACH {
        for x in cx - REACH..=cx + REACH {
            if let Some(i) = view.stand(x, y) {
                let m = stands[i as usize].mass.get();
                if m > 0.0 && best.is_none_or(|(_, b)| m > b) {
                    best = Some((i, m));
                }
            }
        }
    }
    best.map(|(i, _)| i)
}

// ANCHOR: rule
/// The check with nothing to say: the rule that stops this action now, or None, for a
/// creature whose eye is `eye` and whose store holds `store` grams.
pub fn rule(eye: &Eye, store: f64, a: Act, here: Here) -> Option<Why> {
    let m = TABLE[a as usize];
    if m.price > store {
        return Some(Why::Broke);
    }
    match m.allow {
        Allow::Always => None,
        Allow::Ground(d) => {
            let (x, y) = ahead(eye, d);
            let g = here.ground;
            let on_map = x >= 0 && y >= 0 && x < g.cols as i64 && y < g.rows as i64;
            (!on_map || g.at(x, y) == Land::Water).then_some(Why::NoGround)
        }
        Allow::Reach => meal(eye.cell(), here.view, here.stands).is_none().then_some(Why::NoReach),
    }
}

/// The same question with the sentence attached, for creature `who`: what an event log
/// wants, and what the picker asked for and dropped before it asked `can` (`--wordy`).
pub fn legal(eye: &Eye, store: f64, who: u32, a: Act, here: Here) -> Result<(), Box<Refusal>> {
    let Some(why) = rule(eye, store, a, here) else { return Ok(()) };
    let mut r = Refusal { who, act: a, why, at: eye.cell(), want: 0.0, got: 0.0 };
    match why {
        Why::Broke => (r.want, r.got) = (TABLE[a as usize].price, store),
        Why::NoGround => {
            if let Allow::Ground(d) = TABLE[a as usize].allow {
                r.at = ahead(eye, d);
            }
        }
        Why::NoReach => r.want = BITE,
    }
    Err(Box::new(r))
}

/// Only whether the action may be taken: all the picker needs.
pub fn can(eye: &Eye, store: f64, a: Act, here: Here) -> bool {
    rule(eye, store, a, here).is_none()
}
// ANCHOR_END: rule

// ANCHOR: pick
/// Ranks the six scores, highest first (the lower action first on a tie), and walks down the
/// ranking until `allows` says yes. Resting costs nothing and is always allowed to a creature
/// with a positive store, so the walk always ends; if it somehow did not, the creature rests.
pub fn pick(scores: &[f64; ACTS], mut allows: impl FnMut(Act) -> bool) -> Act {
    let mut order = [0usize, 1, 2, 3, 4, 5];
    // Insertion sort: six entries, no allocation, and stable, so ties keep table order.
    for i in 1..ACTS {
        let mut j = i;
        while j > 0 && scores[order[j]] > scores[order[j - 1]] {
            order.swap(j, j - 1);
            j -= 1;
        }
    }
    order.into_iter().map(|k| ALL[k]).find(|&a| allows(a)).unwrap_or(Act::Rest)
}
// ANCHOR_END: pick

/// Carries out an allowed action and charges its price.
pub fn perform(c: &mut Creature, a: Act, view: &dyn View, hab: &mut Habitat) {
    if let Some((i, took)) = take(c, a, view, &hab.stands) {
        hab.stands[i as usize].bitten(took);
    }
}

/// Carries out an allowed action on the creature alone and charges its price: a bite's grams
/// go into its store, and the plant they came from and how many are handed back, for the
/// caller to take off the plant. The walk by levels takes them off when the level ends.
pub fn take(c: &mut Creature, a: Act, view: &dyn View, stands: &[Stand]) -> Option<(u32, f64)> {
    c.store -= TABLE[a as usize].price;
    match a {
        Act::Rest => {}
        Act::Left => c.turn(-TURN),
        Act::Right => c.turn(TURN),
        Act::Step | Act::Dash => {
            let d = if a == Act::Step { STEP } else { DASH };
            let (cos, sin) = c.facing();
            c.x += cos * d;
            c.y += sin * d;
        }
        Act::Bite => {
            let i = meal(c.cell(), view, stands)?;
            let took = stands[i as usize].mass.get().min(BITE);
            c.store += took;
            c.eaten += took;
            return Some((i, took));
        }
    }
    None
}

/// The dearest action's price: with the upkeep, the most a turn can take off a store.
pub const DEAREST: f64 = {
    let mut most = 0.0;
    let mut k = 0;
    while k < ACTS {
        if TABLE[k].price > most {
            most = TABLE[k].price;
        }
        k += 1;
    }
    most
};

/// Whether a creature whose store holds `store` grams as its turn begins may die in it: only
/// if the store cannot pay the dearest action and the upkeep. Every price is taken off, and
/// every bite added, rounded as the walk rounds them, so a store that passes this test stays
/// above zero whatever the creature does.
pub fn at_risk(store: f64) -> bool {
    (store - DEAREST) - UPKEEP <= 0.0
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::beast::look::view::Flat;

    #[test]
    fn can_and_legal_agree_and_legal_says_why() {
        let hab = Habitat::new(5, 12, 8);
        let mut view = Flat::default();
        view.refill(&hab, &[(0, 3)]);
        let here = Here::new(&view, &hab);
        // Standing in the first column, facing west: the step lands off the map.
        let eye = Creature::new(0.25, 3.5, std::f64::consts::PI, 1.0).eye();
        for a in ALL {
            assert_eq!(can(&eye, 1.0, a, here), legal(&eye, 1.0, 7, a, here).is_ok(), "{a:?}");
        }
        let why = legal(&eye, 1.0, 7, Act::Step, here).unwrap_err();
        assert_eq!(why.why, Why::NoGround);
        assert_eq!(why.at, (-1, 3));
        assert!(why.to_string().contains("creature 7 may not step"), "{why}");
        let why = legal(&eye, 0.001, 7, Act::Dash, here).unwrap_err();
        assert_eq!(why.why, Why::Broke);
        assert!(can(&eye, 0.001, Act::Rest, here));
    }

    #[test]
    fn the_walk_takes_the_best_allowed_and_breaks_ties_by_table_order() {
        let s = [0.1, 0.9, 0.5, 0.5, 2.0, -1.0];
        assert_eq!(pick(&s, |_| true), Act::Bite);
        assert_eq!(pick(&s, |a| a != Act::Bite), Act::Step);
        assert_eq!(pick(&s, |a| !matches!(a, Act::Bite | Act::Step)), Act::Left);
        assert_eq!(pick(&s, |_| false), Act::Rest);
    }
}
