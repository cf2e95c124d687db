//! The network each creature thinks with: 24 numbers in, 12 hidden units squashed by tanh,
//! 6 bare scores out, one score an action.

use super::kind::{ACTS, HIDDEN, INPUTS};
use crate::rng::Stream;

/// Weights feeding the hidden layer (a row of INPUTS for each hidden unit), then its biases,
/// then the weights feeding the outputs, then their biases.
pub const WEIGHTS: usize = HIDDEN * INPUTS + HIDDEN + ACTS * HIDDEN + ACTS;
/// Multiplications in one pass: every input into every hidden unit, every hidden into every
/// output.
pub const MULTIPLIES: usize = HIDDEN * INPUTS + ACTS * HIDDEN;
/// Additions in one pass: one per product, and one bias per unit.
pub const ADDS: usize = MULTIPLIES + HIDDEN + ACTS;
/// tanh calls in one pass: one per hidden unit; the outputs stay bare.
pub const SQUASHES: usize = HIDDEN;

// ANCHOR: brain
/// One creature's network. The weights live in one flat array in a fixed order, so a pass
/// reads memory front to back and allocates nothing.
#[derive(Clone, Debug, PartialEq)]
pub struct Brain {
    w: Box<[f64; WEIGHTS]>,
}

impl Brain {
    /// A brain of weights drawn uniformly from [-0.5, 0.5), in storage order.
    pub fn draw(s: &mut Stream) -> Brain {
        let mut w = Box::new([0.0; WEIGHTS]);
        for x in w.iter_mut() {
            *x = s.between(-0.5, 0.5);
        }
        Brain { w }
    }

    /// One forward pass. Each sum starts from its bias and adds the products in input order,
    /// so the same row gives the same bits on every machine.
    pub fn think(&self, row: &[f64; INPUTS]) -> [f64; ACTS] {
        let (hidden_w, rest) = self.w.split_at(HIDDEN * INPUTS);
        let (hidden_b, rest) = rest.split_at(HIDDEN);
        let (out_w, out_b) = rest.split_at(ACTS * HIDDEN);
        let mut h = [0.0; HIDDEN];
        for (j, hj) in h.iter_mut().enumerate() {
            let mut sum = hidden_b[j];
            for (w, x) in hidden_w[j * INPUTS..(j + 1) * INPUTS].iter().zip(row) {
                sum += w * x;
            }
            *hj = libm::tanh(sum);
        }
        let mut out = [0.0; ACTS];
        for (k, ok) in out.iter_mut().enumerate() {
            let mut sum = out_b[k];
            for (w, x) in out_w[k * HIDDEN..(k + 1) * HIDDEN].iter().zip(&h) {
                sum += w * x;
            }
            *ok = sum;
        }
        out
    }
}
// ANCHOR_END: brain

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_counts_the_book_prints() {
        assert_eq!((WEIGHTS, MULTIPLIES, ADDS, SQUASHES), (378, 360, 378, 12));
    }

    #[test]
    fn a_pass_is_repeatable_and_depends_on_the_row() {
        let b = Brain::draw(&mut Stream::new(5, 14));
        let mut row = [0.25; INPUTS];
        let first = b.think(&row);
        assert_eq!(first, b.think(&row));
        row[3] = -1.0;
        assert_ne!(first, b.think(&row));
    }
}
