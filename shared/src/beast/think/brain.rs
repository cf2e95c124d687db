//! The network each creature thinks with: 24 numbers in, 12 hidden units squashed by tanh,
//! 6 bare scores out, one score an action.

use std::ops::Range;

use crate::base::Stream;
use crate::beast::kind::{ACTS, HIDDEN, INPUTS, SETTLED};

/// Weights and biases: every input into every hidden unit, a bias for each, every hidden
/// unit into every output, a bias for each.
pub const WEIGHTS: usize = HIDDEN * INPUTS + HIDDEN + ACTS * HIDDEN + ACTS;
/// Multiplications in one pass: every input into every hidden unit, every hidden into every
/// output.
pub const MULTIPLIES: usize = HIDDEN * INPUTS + ACTS * HIDDEN;
/// Additions in one pass: one per product. Every sum starts from its unit's bias, so the biases
/// add nothing of their own.
pub const ADDS: usize = MULTIPLIES;
/// tanh calls in one pass: one per hidden unit; the outputs stay bare.
pub const SQUASHES: usize = HIDDEN;
/// Bytes of weights a pass reads through the settled inputs, each weight once as an `f32`: the
/// hidden biases and the settled inputs' weights.
pub const SETTLED_BYTES: usize = (HIDDEN + SETTLED * HIDDEN) * size_of::<f32>();
/// Bytes of weights the rest of a pass reads: the live inputs' weights and everything into the
/// outputs.
pub const FINISH_BYTES: usize =
    ((INPUTS - SETTLED) * HIDDEN + ACTS * HIDDEN + ACTS) * size_of::<f32>();
/// Bytes of weights a whole pass reads: every weight of the brain once.
pub const BYTES: usize = WEIGHTS * size_of::<f32>();
const _: () = assert!(SETTLED_BYTES + FINISH_BYTES == BYTES);

// ANCHOR: brain
/// One creature's network. The weights are drawn in a fixed order (hidden unit by hidden unit,
/// its 24 input weights each; the 12 hidden biases; output by output, its 12 weights each;
/// the 6 output biases) but kept input by input, so a pass walks memory front to back, carries
/// every unit's sum along at once, and allocates nothing. Weights are kept as `f32`, which
/// halves the memory a crowd's brains take (a pass over 30,000 of them reads every byte once a
/// tick); every product and sum is worked in `f64`.
#[derive(Clone, Debug, PartialEq)]
pub struct Brain {
    /// `into_hidden[i][j]`: input i's weight into hidden unit j.
    pub(crate) into_hidden: [[f32; HIDDEN]; INPUTS],
    pub(crate) hidden_bias: [f32; HIDDEN],
    /// `into_out[j][k]`: hidden unit j's weight into output k.
    pub(crate) into_out: [[f32; ACTS]; HIDDEN],
    pub(crate) out_bias: [f32; ACTS],
}
// ANCHOR_END: brain

impl Brain {
    /// A brain of weights drawn uniformly from [-0.5, 0.5), in the order above, each rounded
    /// to the nearest `f32`.
    pub fn draw(s: &mut Stream) -> Brain {
        let mut s = || s.between(-0.5, 0.5) as f32;
        let mut b = Brain {
            into_hidden: [[0.0; HIDDEN]; INPUTS],
            hidden_bias: [0.0; HIDDEN],
            into_out: [[0.0; ACTS]; HIDDEN],
            out_bias: [0.0; ACTS],
        };
        for j in 0..HIDDEN {
            for i in 0..INPUTS {
                b.into_hidden[i][j] = s();
            }
        }
        for j in 0..HIDDEN {
            b.hidden_bias[j] = s();
        }
        for k in 0..ACTS {
            for j in 0..HIDDEN {
                b.into_out[j][k] = s();
            }
        }
        for k in 0..ACTS {
            b.out_bias[k] = s();
        }
        b
    }

    // ANCHOR: think
    /// One forward pass. Every hidden sum starts from its bias and adds the products in input
    /// order; the units are summed side by side, which changes nothing about any one sum, so
    /// the same row gives the same bits on every machine.
    pub fn think(&self, row: &[f64; INPUTS]) -> [f64; ACTS] {
        let mut h = self.hidden_bias.map(f64::from);
        self.add_inputs(&mut h, row, 0..INPUTS);
        self.squash_out(h)
    }

    /// Adds the products of the row's inputs `inputs` into the hidden sums, input by input.
    #[inline]
    fn add_inputs(&self, h: &mut [f64; HIDDEN], row: &[f64; INPUTS], inputs: Range<usize>) {
        for (x, w) in row[inputs.clone()].iter().zip(&self.into_hidden[inputs]) {
            for (hj, wj) in h.iter_mut().zip(w) {
                *hj += f64::from(*wj) * x;
            }
        }
    }

    /// Squashes the finished hidden sums with `tanh` and works the six scores out from them,
    /// each from its bias, hidden unit by hidden unit.
    #[inline]
    fn squash_out(&self, mut h: [f64; HIDDEN]) -> [f64; ACTS] {
        for hj in &mut h {
            *hj = libm::tanh(*hj);
        }
        let mut out = self.out_bias.map(f64::from);
        for (x, w) in h.iter().zip(&self.into_out) {
            for (ok, wk) in out.iter_mut().zip(w) {
                *ok += f64::from(*wk) * x;
            }
        }
        out
    }
    // ANCHOR_END: think

    /// The twelve hidden units of a pass over `row`, squashed: what `think` works its scores
    /// out from, summed and squashed the same way, for a reader who wants to see inside.
    pub fn hidden(&self, row: &[f64; INPUTS]) -> [f64; HIDDEN] {
        let mut h = self.hidden_bias.map(f64::from);
        self.add_inputs(&mut h, row, 0..INPUTS);
        h.map(libm::tanh)
    }

    // ANCHOR: split
    /// The first part of a pass: every hidden sum from its bias through the settled inputs.
    pub fn settled(&self, row: &[f64; INPUTS]) -> [f64; HIDDEN] {
        let mut h = self.hidden_bias.map(f64::from);
        self.add_inputs(&mut h, row, 0..SETTLED);
        h
    }

    /// The rest of a pass from the sums `settled` left: the live inputs, added in the same
    /// order a whole pass adds them, then the squash and the scores. `finish(settled(row),
    /// row)` is `think(row)` to the bit, however far apart the two halves ran.
    pub fn finish(&self, mut h: [f64; HIDDEN], row: &[f64; INPUTS]) -> [f64; ACTS] {
        self.add_inputs(&mut h, row, SETTLED..INPUTS);
        self.squash_out(h)
    }
    // ANCHOR_END: split
}

/// A brain's four blocks of weights, in the order they are kept: into the hidden units input
/// by input, the hidden biases, into the outputs hidden unit by hidden unit, the output biases.
pub(crate) type Parts =
    ([[f32; HIDDEN]; INPUTS], [f32; HIDDEN], [[f32; ACTS]; HIDDEN], [f32; ACTS]);

/// For `pack`, which keeps several brains' weights side by side.
impl Brain {
    pub(crate) fn parts(&self) -> Parts {
        (self.into_hidden, self.hidden_bias, self.into_out, self.out_bias)
    }

    pub(crate) fn from_parts((into_hidden, hidden_bias, into_out, out_bias): Parts) -> Brain {
        Brain { into_hidden, hidden_bias, into_out, out_bias }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_counts_the_book_prints() {
        assert_eq!((WEIGHTS, MULTIPLIES, ADDS, SQUASHES), (378, 360, 360, 12));
        assert_eq!((SETTLED_BYTES, FINISH_BYTES, BYTES), (1056, 456, 1512));
        assert_eq!(std::mem::size_of::<Brain>(), BYTES);
    }

    #[test]
    fn the_hidden_units_shown_are_the_ones_the_scores_come_from() {
        let mut s = Stream::new(3, crate::base::streams::BRAINS);
        let brain = Brain::draw(&mut s);
        let row: [f64; INPUTS] = std::array::from_fn(|k| (k as f64 - 11.5) / 12.0);
        let h = brain.hidden(&row);
        let mut sums = brain.hidden_bias.map(f64::from);
        brain.add_inputs(&mut sums, &row, 0..INPUTS);
        let scores = brain.squash_out(sums);
        assert_eq!(h.map(f64::to_bits), sums.map(|x| libm::tanh(x).to_bits()));
        assert_eq!(scores.map(f64::to_bits), brain.think(&row).map(f64::to_bits));
    }

    #[test]
    fn a_pass_is_repeatable_and_depends_on_the_row() {
        let b = Brain::draw(&mut Stream::new(5, crate::base::streams::BRAINS));
        let mut row = [0.25; INPUTS];
        let first = b.think(&row);
        assert_eq!(first, b.think(&row));
        row[3] = -1.0;
        assert_ne!(first, b.think(&row));
    }
}
