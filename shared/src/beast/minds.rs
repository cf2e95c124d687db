//! The crowd's brains as the phase keeps them: four to a pack, lane by lane, so that four
//! creatures think at once in the look ahead, and each apart as well, for the walk, where a
//! creature thinks alone; or only apart, each thinking alone everywhere, as before the third
//! round (`--alone`).
//!
//! Brains are numbered in founding order and never renumbered (unless `--slide` closes the
//! gaps the dead leave), so roster places think with brains in increasing order: the living
//! creatures of one pack are neighbours on the roster.

use super::brain::Brain;
use super::kind::{ACTS, HIDDEN, INPUTS};
use crate::lanes::Isa;
use crate::lanes::pack::{LANES, Pack};

/// Every brain of the crowd, in one of two layouts.
#[derive(Clone, Debug)]
pub enum Minds {
    /// Brain b is lane b % LANES of pack b / LANES, and `apart[b]`. A lane of a pack is
    /// spread over every cache line of it, so a creature thinking alone reads its brain apart,
    /// where it is 1.5 kB in a row.
    Packed { packs: Vec<Pack>, apart: Vec<Brain> },
    /// Brain b is the b-th, stored apart, and thinks one unit at a time (`--alone`).
    Alone(Vec<Brain>),
}

impl Minds {
    /// These brains, four to a pack and apart, or only apart.
    pub fn packed(apart: Vec<Brain>) -> Minds {
        Minds::Packed { packs: Pack::all(&apart), apart }
    }

    /// Brain `b`'s whole pass over `row`.
    #[inline]
    pub fn think(&self, isa: Isa, b: usize, row: &[f64; INPUTS]) -> [f64; ACTS] {
        match self {
            Minds::Packed { apart, .. } => apart[b].think_in(isa, row),
            Minds::Alone(a) => a[b].think(row),
        }
    }

    /// The rest of brain `b`'s pass from the sums `Brain::settled` left.
    #[inline]
    pub fn finish(
        &self,
        isa: Isa,
        b: usize,
        sums: &[f64; HIDDEN],
        row: &[f64; INPUTS],
    ) -> [f64; ACTS] {
        match self {
            Minds::Packed { apart, .. } => apart[b].finish_in(isa, sums, row),
            Minds::Alone(a) => a[b].finish(*sums, row),
        }
    }

    /// Keeps the brains `keep` says yes to, in order, and closes the gaps: every later brain
    /// moves down a place, and in the packs from lane to lane and pack to pack (`--slide`).
    pub fn slide(&mut self, mut keep: impl FnMut(usize) -> bool) {
        let apart = match self {
            Minds::Alone(a) | Minds::Packed { apart: a, .. } => a,
        };
        let mut b = 0;
        apart.retain(|_| {
            b += 1;
            keep(b - 1)
        });
        if let Minds::Packed { packs, apart } = self {
            for (b, brain) in apart.iter().enumerate() {
                packs[b / LANES].set(b % LANES, brain);
            }
            packs.truncate(apart.len().div_ceil(LANES));
        }
    }
}
