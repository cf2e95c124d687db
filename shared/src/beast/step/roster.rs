//! The crowd in roster order: the living creatures, the order they take their turns in, and
//! their brains, which is all of the crowd a run keeps from tick to tick. The phase that steps
//! it ([`crate::beast::step::phase`]) keeps its threads, its scratch, its counts and its clock.

use crate::beast::creature::Creature;
use crate::beast::design::Design;
use crate::beast::think::brain::Brain;
use crate::beast::think::minds::Minds;
use crate::beast::think::pack::LANES;

/// The crowd, in roster order: the state a tick moves forward and the digest reads.
pub struct Roster {
    /// The living creatures, in roster order: the order they take their turns in.
    pub live: Vec<Creature>,
    /// Their brains, and which one each roster place thinks with.
    pub(super) brains: Brains,
}

/// The crowd's brains: every brain it was founded with, and which one each roster place
/// thinks with, struck off with its creature.
#[derive(Debug)]
pub struct Brains {
    /// Every brain the roster was founded with, in founding order. Never moved, unless a
    /// death slides the later ones down (`--slide`): a brain is 1.5 kB, and closing the gap a
    /// death leaves in a crowd of them moves megabytes.
    pub minds: Minds,
    /// For each roster place, which of the brains it thinks with; struck off with its
    /// creature.
    pub brain_of: Vec<u32>,
}

impl Brains {
    /// A crowd's brains in founding order, the i-th place thinking with the i-th: four to a
    /// pack, or kept apart under `--alone`.
    pub fn new(brains: Vec<Brain>, design: Design) -> Brains {
        Brains {
            brain_of: (0..brains.len() as u32).collect(),
            minds: if design.alone { Minds::Alone(brains) } else { Minds::packed(brains) },
        }
    }
}

impl Roster {
    /// A roster of these creatures, the i-th thinking with the i-th brain, under `design`.
    pub fn new(live: Vec<Creature>, brains: Vec<Brain>, design: Design) -> Roster {
        assert_eq!(live.len(), brains.len(), "one brain a creature");
        Roster { live, brains: Brains::new(brains, design) }
    }

    /// A copy of the brain roster place `i` thinks with, for the book's picture of one pass.
    pub fn brain(&self, i: usize) -> Brain {
        self.brains.minds.brain(self.brains.brain_of[i] as usize)
    }

    /// Which thread of a crew of `crew` looks ahead for roster place `i`: the stripe the
    /// phase's seats give it, for the book's picture of the stripes.
    pub fn stripe(&self, i: usize, crew: usize) -> usize {
        seat(&self.brains.minds, &self.brains.brain_of, i, crew).0
    }
}

/// Where roster place `i`'s glance is kept when the looking is cut into `crew` stripes: which
/// stripe, and where in it. With packs, a pack's four lanes sit side by side.
#[inline]
pub(super) fn seat(minds: &Minds, brain_of: &[u32], i: usize, crew: usize) -> (usize, usize) {
    match minds {
        Minds::Packed { .. } => {
            let b = brain_of[i] as usize;
            let p = b / LANES;
            (p % crew, p / crew * LANES + b % LANES)
        }
        Minds::Alone(_) => (i % crew, i / crew),
    }
}

// ANCHOR: strike
/// Takes the dead off the roster and their brains with them, each later brain sliding down
/// a place, so that place i thinks with brain i: how the dead were struck off before the list
/// of brain numbers (`--slide`).
pub(super) fn strike_off_sliding(live: &mut Vec<Creature>, brains: &mut Brains) {
    brains.minds.slide(|b| live.get(b).is_some_and(|c| !c.dead));
    live.retain(|c| !c.dead);
    brains.brain_of.truncate(live.len());
}

/// Takes the dead off the roster and their places off the list of brain numbers, keeping
/// everyone's order. The brains themselves stay where they were founded.
pub(super) fn strike_off(live: &mut Vec<Creature>, brains: &mut Brains) {
    let mut k = 0;
    brains.brain_of.retain(|_| {
        k += 1;
        !live[k - 1].dead
    });
    live.retain(|c| !c.dead);
}
// ANCHOR_END: strike
