//! Four brains stored side by side, thinking at once: one creature a lane.
//!
//! Each weight of a brain is kept next to the same weight of the other three, so the four
//! `f32` one step of a pass needs are 16 bytes in a row. The pack is kept unit by unit, each
//! unit's bias and then its weights in the order they are added, so a pass reads the pack
//! front to back exactly once: the twelve hidden units, then the six outputs. In every lane
//! each sum starts from its bias and adds its products in the order `Brain` adds them, with
//! the same `f64` arithmetic, so each lane's answer is its brain's answer to the bit.
//!
//! `Brain` carries all twelve hidden sums along while it walks the inputs; a pack finishes one
//! unit's sum before it starts the next. Each sum is added in the same order either way. The
//! reason for the change is the compiler: walking a unit's inputs is a chain of dependent
//! adds, which it leaves as written, with the four lanes of each step in one instruction,
//! where twelve independent sums invite it to vectorise across units and shuffle the lanes.

use std::array::from_fn;

use crate::beast::kind::{ACTS, HIDDEN, INPUTS, SETTLED};
use crate::beast::think::brain::Brain;
use crate::lanes::tanh::tanh;
use crate::lanes::{Isa, Lanes};

/// Brains in a pack: the creatures that think together.
pub const LANES: usize = 4;

// ANCHOR: layout
/// One unit of every lane's brain: its bias, then its weight from each of its `K` inputs.
#[derive(Clone, Copy, Debug, PartialEq)]
#[repr(C)]
struct Unit<const K: usize> {
    bias: [f32; LANES],
    weights: [[f32; LANES]; K],
}

/// One lane a brain, `LANES` brains. Aligned to a cache line, so no 16-byte step of a pass
/// straddles two.
#[derive(Clone, Debug, PartialEq)]
#[repr(C, align(64))]
pub struct Pack {
    hidden: [Unit<INPUTS>; HIDDEN],
    out: [Unit<HIDDEN>; ACTS],
}
// ANCHOR_END: layout

/// What each of a pack's creatures reads or holds, `LANES` of them in lane order.
pub type Each<T> = [T; LANES];

impl Pack {
    /// Up to `LANES` brains, lane by lane; lanes without one have every weight zero (and
    /// answer zeros, which nobody reads).
    pub fn new(brains: &[Brain]) -> Pack {
        assert!(brains.len() <= LANES, "{} brains for a pack of {LANES}", brains.len());
        let mut p = Pack {
            hidden: [Unit { bias: [0.0; LANES], weights: [[0.0; LANES]; INPUTS] }; HIDDEN],
            out: [Unit { bias: [0.0; LANES], weights: [[0.0; LANES]; HIDDEN] }; ACTS],
        };
        for (l, b) in brains.iter().enumerate() {
            p.set(l, b);
        }
        p
    }

    /// Puts brain `b` in lane `l`, in place of the one there.
    pub fn set(&mut self, l: usize, b: &Brain) {
        let (into_hidden, hidden_bias, into_out, out_bias) = b.parts();
        for (j, unit) in self.hidden.iter_mut().enumerate() {
            unit.bias[l] = hidden_bias[j];
            for (i, w) in unit.weights.iter_mut().enumerate() {
                w[l] = into_hidden[i][j];
            }
        }
        for (k, unit) in self.out.iter_mut().enumerate() {
            unit.bias[l] = out_bias[k];
            for (j, w) in unit.weights.iter_mut().enumerate() {
                w[l] = into_out[j][k];
            }
        }
    }

    /// Every brain of `brains`, `LANES` a pack in their order; the last pack may be short.
    pub fn all(brains: &[Brain]) -> Vec<Pack> {
        brains.chunks(LANES).map(Pack::new).collect()
    }

    // ANCHOR: lane_from
    /// What lane `l`'s brain needs for a pass that takes its inputs from `from` on: its weights
    /// from those inputs, its biases and its outputs, laid out as a `Brain` so one brain's pass
    /// in lanes can run it. The weights from the inputs before `from` are left zero, unread: a
    /// pass finished in the walk reads about a third of the brain, and gathers only that.
    pub fn lane_from(&self, l: usize, from: usize) -> Brain {
        let mut into_hidden = [[0.0; HIDDEN]; INPUTS];
        for (i, w) in into_hidden.iter_mut().enumerate().skip(from) {
            for (j, w) in w.iter_mut().enumerate() {
                *w = self.hidden[j].weights[i][l];
            }
        }
        let mut into_out = [[0.0; ACTS]; HIDDEN];
        for (j, w) in into_out.iter_mut().enumerate() {
            for (k, w) in w.iter_mut().enumerate() {
                *w = self.out[k].weights[j][l];
            }
        }
        Brain::from_parts((
            into_hidden,
            from_fn(|j| self.hidden[j].bias[l]),
            into_out,
            from_fn(|k| self.out[k].bias[l]),
        ))
    }
    // ANCHOR_END: lane_from

    /// The brain lane `l` thinks with.
    pub fn brain(&self, l: usize) -> Brain {
        Brain::from_parts((
            from_fn(|i| from_fn(|j| self.hidden[j].weights[i][l])),
            from_fn(|j| self.hidden[j].bias[l]),
            from_fn(|j| from_fn(|k| self.out[k].weights[j][l])),
            from_fn(|k| self.out[k].bias[l]),
        ))
    }

    /// One forward pass for every lane: `Brain::think` for each.
    pub fn think(&self, isa: Isa, rows: &Each<[f64; INPUTS]>) -> Each<[f64; ACTS]> {
        isa.run(
            #[inline(always)]
            || {
                let x = across(rows);
                let mut h = [Lanes::splat(0.0); HIDDEN];
                for (h, unit) in h.iter_mut().zip(&self.hidden) {
                    *h = unit.add(Lanes::widen(&unit.bias), &x, 0, INPUTS);
                }
                apart(self.squash_and_score(h))
            },
        )
    }

    // ANCHOR: settled
    /// The first part of a pass for every lane: `Brain::settled` for each.
    pub fn settled(&self, isa: Isa, rows: &Each<[f64; INPUTS]>) -> Each<[f64; HIDDEN]> {
        isa.run(
            #[inline(always)]
            || {
                let x = across(rows);
                let mut h = [Lanes::splat(0.0); HIDDEN];
                for (h, unit) in h.iter_mut().zip(&self.hidden) {
                    *h = unit.add(Lanes::widen(&unit.bias), &x, 0, SETTLED);
                }
                apart(h)
            },
        )
    }
    // ANCHOR_END: settled

    /// The rest of a pass for every lane from the sums `settled` left: `Brain::finish` for
    /// each.
    pub fn finish(
        &self,
        isa: Isa,
        sums: &Each<[f64; HIDDEN]>,
        rows: &Each<[f64; INPUTS]>,
    ) -> Each<[f64; ACTS]> {
        isa.run(
            #[inline(always)]
            || {
                let x = across(rows);
                let mut h = across(sums);
                for (h, unit) in h.iter_mut().zip(&self.hidden) {
                    *h = unit.add(*h, &x, SETTLED, INPUTS);
                }
                apart(self.squash_and_score(h))
            },
        )
    }

    /// Squashes the finished hidden sums and scores the actions from them, as `Brain` does.
    #[inline(always)]
    fn squash_and_score(&self, mut h: [Lanes<LANES>; HIDDEN]) -> [Lanes<LANES>; ACTS] {
        for h in &mut h {
            *h = tanh(*h);
        }
        let mut out = [Lanes::splat(0.0); ACTS];
        for (o, unit) in out.iter_mut().zip(&self.out) {
            *o = unit.add(Lanes::widen(&unit.bias), &h, 0, HIDDEN);
        }
        out
    }
}

// ANCHOR: add
impl<const K: usize> Unit<K> {
    /// `sum` plus the products of inputs `from..to` with their weights, added in input order.
    #[inline(always)]
    fn add(
        &self,
        mut sum: Lanes<LANES>,
        x: &[Lanes<LANES>; K],
        from: usize,
        to: usize,
    ) -> Lanes<LANES> {
        for (x, w) in x[from..to].iter().zip(&self.weights[from..to]) {
            sum = sum + Lanes::widen(w) * *x;
        }
        sum
    }
}
// ANCHOR_END: add

// The helpers below, like the passes above, use loops rather than `map` or `from_fn` over
// whole arrays: the compiler declines to inline those once their bodies grow, and code the
// chosen `Isa` calls rather than inlines is compiled for plain x86-64.

/// One array a creature into lane-major numbers.
#[inline(always)]
fn across<const K: usize>(each: &Each<[f64; K]>) -> [Lanes<LANES>; K] {
    let mut v = [Lanes::splat(0.0); K];
    for (k, v) in v.iter_mut().enumerate() {
        *v = Lanes(from_fn(|l| each[l][k]));
    }
    v
}

/// Lane-major numbers back into one array a creature.
#[inline(always)]
fn apart<const K: usize>(v: [Lanes<LANES>; K]) -> Each<[f64; K]> {
    let mut each = [[0.0; K]; LANES];
    for (k, v) in v.iter().enumerate() {
        for (e, x) in each.iter_mut().zip(v.0) {
            e[k] = x;
        }
    }
    each
}

/// The brains and rows the passes are timed on, by `crowd lanes --clock` and the pass bench:
/// `n` brains drawn as the valley draws them, and a row each of numbers in [-1.5, 1.5], the
/// range most of a sensor row lives in, also grouped four to a pack.
pub struct Sample {
    /// The brains, one a creature.
    pub brains: Vec<Brain>,
    /// The same brains, four to a pack.
    pub packs: Vec<Pack>,
    /// A row of inputs for each brain.
    pub rows: Vec<[f64; INPUTS]>,
    /// The same rows, four to a pack.
    pub grouped: Vec<Each<[f64; INPUTS]>>,
}

impl Sample {
    /// `n` brains and their rows; `n` a whole number of packs.
    pub fn draw(n: usize) -> Sample {
        use crate::base::Stream;
        use crate::base::streams::{BRAINS, PASS_BENCH};
        let mut minds = Stream::new(5, BRAINS);
        let brains: Vec<Brain> = (0..n).map(|_| Brain::draw(&mut minds)).collect();
        let packs = Pack::all(&brains);
        let mut s = Stream::new(1, PASS_BENCH);
        let rows: Vec<[f64; INPUTS]> = (0..n).map(|_| from_fn(|_| s.between(-1.5, 1.5))).collect();
        let grouped =
            rows.chunks(LANES).map(|r| r.try_into().expect("the crowd fills its packs")).collect();
        Sample { brains, packs, rows, grouped }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::base::Stream;

    #[test]
    fn a_pack_keeps_its_brains() {
        let mut s = Stream::new(1, crate::base::streams::PACK_CASES);
        let brains: Vec<Brain> = (0..LANES).map(|_| Brain::draw(&mut s)).collect();
        let p = Pack::new(&brains);
        for (l, b) in brains.iter().enumerate() {
            assert_eq!(&p.brain(l), b);
        }
        let short = Pack::all(&brains[..3]);
        assert_eq!(short.len(), 1);
        assert_eq!(short[0].brain(3).think(&[1.0; INPUTS]), [0.0; ACTS]);
    }

    #[test]
    fn a_pack_is_four_brains_in_a_row() {
        // Four lanes of a weight, 16 bytes, then the next weight: the layout the pass reads.
        assert_eq!(std::mem::size_of::<Pack>(), (378 * LANES * 4).next_multiple_of(64));
    }
}
