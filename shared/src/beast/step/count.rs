//! What a phase counts as it goes: every figure a fact, the same on every machine and crew.

use crate::beast::kind::STEPS;
use crate::beast::look::hit::Hit;
use crate::beast::step::ahead::Glance;
use crate::beast::step::sight::Sight;

/// What a phase counted as it went: every figure of it a fact, the same on every machine and
/// every crew.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Count {
    /// Creatures stepped.
    pub creature_ticks: u64,
    /// Creatures that ran their store down and were struck off.
    pub struck: u64,
    /// Fans read.
    pub fans: u64,
    /// The ray strides those fans took.
    pub steps: u64,
    /// The rays among them that met something.
    pub met: u64,
    /// Fans cast a second time because a death happened near them.
    pub recast: u64,
    /// Forward passes begun ahead, through the settled inputs, as the walk finds them (a pass
    /// cast again after a death counts here and again below).
    pub begun: u64,
    /// Forward passes thought to the end ahead, as the walk finds them.
    pub ahead: u64,
    /// Forward passes finished in the walk, from the sums begun ahead.
    pub finished: u64,
    /// Forward passes thought whole in the walk.
    pub whole: u64,
    /// Packs whose creatures were looked for ahead.
    pub packs: u64,
    /// The lanes of those packs that held a creature whose pass was begun.
    pub lanes: u64,
    /// The packs that thought to the end, for at least one lane.
    pub ended: u64,
}

impl Count {
    pub(super) fn add(&mut self, t: &Count) {
        self.creature_ticks += t.creature_ticks;
        self.struck += t.struck;
        self.fans += t.fans;
        self.steps += t.steps;
        self.met += t.met;
        self.recast += t.recast;
        self.begun += t.begun;
        self.ahead += t.ahead;
        self.finished += t.finished;
        self.whole += t.whole;
        self.packs += t.packs;
        self.lanes += t.lanes;
        self.ended += t.ended;
    }

    /// Counts what the look ahead left roster place `i`: the pass begun or ended, and, if its
    /// brains are packed, each pack once, at the first of its creatures in the roster.
    pub(super) fn ahead(&mut self, sight: &Sight, i: usize, g: &Glance) {
        self.begun += u64::from(g.begun);
        self.ahead += u64::from(g.ready);
        if let Some(p) = sight.pack_of(i) {
            if i == 0 || sight.pack_of(i - 1) != Some(p) {
                self.packs += 1;
                self.ended += u64::from(g.ended);
            }
            self.lanes += u64::from(g.begun);
        }
    }

    /// Counts one fan read: its strides, and the rays that met something.
    pub(super) fn read(&mut self, g: &Glance) {
        self.fans += 1;
        for ray in &g.fan {
            if ray.hit == Hit::Nothing {
                self.steps += STEPS as u64;
            } else {
                self.steps += u64::from(ray.steps);
                self.met += 1;
            }
        }
    }
}

/// The count of the latest tick and the count of every tick so far, kept apart.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counts {
    /// What the latest tick's phase counted.
    pub tick: Count,
    /// What every phase so far counted, added up.
    pub run: Count,
}
