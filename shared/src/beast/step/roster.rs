//! The crowd in roster order: the living creatures, the order they take their turns in, and
//! their brains, which is all of the crowd a run keeps from tick to tick. The phase that steps
//! it ([`crate::beast::step::phase`]) keeps only its threads, its scratch and its counts.

use std::sync::{Arc, RwLock};

use crate::beast::creature::Creature;
use crate::beast::design::Design;
use crate::beast::step::sight::Sight;
use crate::beast::step::times::{Clock, Lane};
use crate::beast::think::brain::Brain;
use crate::lanes::Isa;

/// What the sight's lock says if a phase panicked while it held the lock to write.
pub(super) const POISONED: &str =
    "a phase panicked while it wrote the crowd's reading of the world";

/// The crowd, in roster order: the state a tick moves forward and the digest reads.
pub struct Roster {
    /// The living creatures, in roster order: the order they take their turns in.
    pub live: Vec<Creature>,
    /// Their brains and the crowd's reading of the world as the latest phase opened, shared
    /// with the crew's threads, which read it while the walk's thread holds it too.
    pub(super) sight: Arc<RwLock<Sight>>,
}

impl Roster {
    /// A roster of these creatures, the i-th thinking with the i-th brain, under `design`,
    /// their lanes on `isa`.
    pub fn new(live: Vec<Creature>, brains: Vec<Brain>, design: Design, isa: Isa) -> Roster {
        assert_eq!(live.len(), brains.len(), "one brain a creature");
        Roster { live, sight: Arc::new(RwLock::new(Sight::new(design, brains, isa))) }
    }

    /// The design the crowd is stepped by.
    pub fn design(&self) -> Design {
        self.sight.read().expect(POISONED).design
    }

    /// The bytes of the flat rows the phase reads its view from, or None for the other builds.
    pub fn view_bytes(&self) -> Option<usize> {
        self.sight.read().expect(POISONED).view.bytes()
    }

    /// A copy of the brain roster place `i` thinks with, for the book's picture of one pass.
    pub fn brain(&self, i: usize) -> Brain {
        self.sight.read().expect(POISONED).brain(i)
    }

    /// Takes the phase's times thread by thread from now on, by the run's `clock`.
    pub fn keep_times(&self, clock: Clock) {
        self.sight.write().expect(POISONED).times.keep(clock);
    }

    /// Each thread's lane of the latest phase; none without a clock.
    pub fn lanes(&self) -> Vec<Lane> {
        self.sight.read().expect(POISONED).times.lanes()
    }

    /// Which thread of a crew of `crew` looks ahead for roster place `i`: the stripe the
    /// phase's seats give it, for the book's picture of the stripes.
    pub fn stripe(&self, i: usize, crew: usize) -> usize {
        self.sight.read().expect(POISONED).seat(i, crew).0
    }
}

// ANCHOR: strike
/// Takes the dead off the roster and their brains with them, each later brain sliding down
/// a place, so that place i thinks with brain i: how the dead were struck off before the list
/// of brain numbers (`--slide`).
pub(super) fn strike_off_sliding(live: &mut Vec<Creature>, sight: &mut Sight) {
    sight.minds.slide(|b| live.get(b).is_some_and(|c| !c.dead));
    live.retain(|c| !c.dead);
    sight.brain_of.truncate(live.len());
}

/// Takes the dead off the roster and their places off the list of brain numbers, keeping
/// everyone's order. The brains themselves stay where they were founded.
pub(super) fn strike_off(live: &mut Vec<Creature>, sight: &mut Sight) {
    let mut k = 0;
    sight.brain_of.retain(|_| {
        k += 1;
        !live[k - 1].dead
    });
    live.retain(|c| !c.dead);
}
// ANCHOR_END: strike
