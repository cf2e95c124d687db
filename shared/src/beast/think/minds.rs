//! The crowd's brains as the phase keeps them: four to a pack, lane by lane, so that four
//! creatures think at once in the look ahead; or apart, each thinking alone everywhere, as
//! before the third round (`--alone`).
//!
//! A creature that thinks alone in the walk, with packs, gathers its brain out of its lane
//! first. Keeping a second copy of every brain apart would spare that gather, a few hundred
//! times a tick, at the price of doubling the memory the crowd holds.
//!
//! Brains are numbered in founding order and never renumbered (unless `--slide` closes the
//! gaps the dead leave), so roster places think with brains in increasing order: the living
//! creatures of one pack are neighbours on the roster.

use crate::beast::kind::{ACTS, HIDDEN, INPUTS, SETTLED};
use crate::beast::think::brain::Brain;
use crate::beast::think::pack::{LANES, Pack};
use crate::lanes::Isa;

/// Every brain of the crowd, in one of two layouts.
#[derive(Clone, Debug)]
pub enum Minds {
    /// Brain b is lane b % LANES of pack b / LANES; `count` brains in all (the last pack may
    /// have lanes with no brain).
    Packed {
        /// The packs, four brains each.
        packs: Vec<Pack>,
        /// Brains in all.
        count: usize,
    },
    /// Brain b is the b-th, stored apart, and thinks one unit at a time (`--alone`).
    Alone(Vec<Brain>),
}

impl Minds {
    /// These brains, four to a pack. They are packed an eighth at a time, and each eighth let
    /// go before the next is packed, so a big crowd's brains are never held twice over.
    pub fn packed(mut brains: Vec<Brain>) -> Minds {
        let count = brains.len();
        let mut packs = Vec::with_capacity(count.div_ceil(LANES));
        let eighth = count.div_ceil(8).next_multiple_of(LANES);
        while !brains.is_empty() {
            let k = eighth.min(brains.len());
            packs.extend(Pack::all(&brains[..k]));
            brains.drain(..k);
            brains.shrink_to_fit();
        }
        Minds::Packed { packs, count }
    }

    /// Brain `b`, gathered from its lane if it is in a pack.
    fn alone(packs: &[Pack], b: usize) -> Brain {
        packs[b / LANES].brain(b % LANES)
    }

    /// A copy of brain `b`, for a reader who wants to look inside one pass.
    pub fn brain(&self, b: usize) -> Brain {
        match self {
            Minds::Packed { packs, .. } => Minds::alone(packs, b),
            Minds::Alone(a) => a[b].clone(),
        }
    }

    /// Brain `b`'s whole pass over `row`.
    #[inline]
    pub fn think(&self, isa: Isa, b: usize, row: &[f64; INPUTS]) -> [f64; ACTS] {
        match self {
            Minds::Packed { packs, .. } => {
                packs[b / LANES].lane_from(b % LANES, 0).think_in(isa, row)
            }
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
            Minds::Packed { packs, .. } => {
                packs[b / LANES].lane_from(b % LANES, SETTLED).finish_in(isa, sums, row)
            }
            Minds::Alone(a) => a[b].finish(*sums, row),
        }
    }

    /// Keeps the brains `keep` says yes to, in order, and closes the gaps: every later brain
    /// moves down a place, and in the packs from lane to lane and pack to pack (`--slide`).
    pub fn slide(&mut self, mut keep: impl FnMut(usize) -> bool) {
        match self {
            Minds::Alone(brains) => {
                let mut b = 0;
                brains.retain(|_| {
                    b += 1;
                    keep(b - 1)
                });
            }
            Minds::Packed { packs, count } => {
                // In place, as `retain` would: brain b moves down to place `to`.
                let mut to = 0;
                for b in 0..*count {
                    if keep(b) {
                        if to != b {
                            let brain = Minds::alone(packs, b);
                            packs[to / LANES].set(to % LANES, &brain);
                        }
                        to += 1;
                    }
                }
                packs.truncate(to.div_ceil(LANES));
                *count = to;
            }
        }
    }
}
