//! One brain's pass with its units in lanes: for the creatures that think alone, in their turn
//! of the walk, where there are no three others to think beside.
//!
//! `Brain` keeps its weights input by input, every unit's weight from one input side by side,
//! so four units' weights are one 16-byte read and four units' sums can be carried along in
//! the lanes, each adding its inputs in order, exactly as `Brain` adds them. The twelve hidden
//! units are three rows of lanes, squashed a row at a time; the six outputs are a row of four
//! and a row of two.

use crate::beast::kind::{ACTS, HIDDEN, INPUTS, SETTLED};
use crate::beast::think::brain::Brain;
use crate::lanes::tanh::tanh;
use crate::lanes::{Isa, Lanes};

/// Units a row of lanes.
const WIDE: usize = 4;
const ROWS: usize = HIDDEN / WIDE;
const _: () = assert!(ROWS * WIDE == HIDDEN && ACTS == WIDE + 2);

impl Brain {
    /// `Brain::think`, with the units in lanes on `isa`: the same bits.
    pub fn think_in(&self, isa: Isa, row: &[f64; INPUTS]) -> [f64; ACTS] {
        self.rest_in(isa, self.hidden_bias.map(f64::from), row, 0)
    }

    /// `Brain::finish`, with the units in lanes on `isa`: the same bits.
    pub fn finish_in(&self, isa: Isa, sums: &[f64; HIDDEN], row: &[f64; INPUTS]) -> [f64; ACTS] {
        self.rest_in(isa, *sums, row, SETTLED)
    }

    // ANCHOR: one
    /// The pass from the hidden sums through input `from` onwards.
    fn rest_in(&self, isa: Isa, h: [f64; HIDDEN], row: &[f64; INPUTS], from: usize) -> [f64; ACTS] {
        isa.run(
            #[inline(always)]
            || {
                let mut q = [Lanes::<WIDE>::splat(0.0); ROWS];
                for (r, q) in q.iter_mut().enumerate() {
                    *q = Lanes([h[r * WIDE], h[r * WIDE + 1], h[r * WIDE + 2], h[r * WIDE + 3]]);
                }
                for (x, w) in row[from..].iter().zip(&self.into_hidden[from..]) {
                    for (r, q) in q.iter_mut().enumerate() {
                        let w = [w[r * WIDE], w[r * WIDE + 1], w[r * WIDE + 2], w[r * WIDE + 3]];
                        *q = *q + Lanes::widen(&w) * *x;
                    }
                }
                for q in &mut q {
                    *q = tanh(*q);
                }
                let b = &self.out_bias;
                let mut four = Lanes::widen(&[b[0], b[1], b[2], b[3]]);
                let mut two = Lanes::widen(&[b[4], b[5]]);
                for (j, w) in self.into_out.iter().enumerate() {
                    let x = q[j / WIDE].0[j % WIDE];
                    four = four + Lanes::widen(&[w[0], w[1], w[2], w[3]]) * x;
                    two = two + Lanes::widen(&[w[4], w[5]]) * x;
                }
                let (f, t) = (four.0, two.0);
                [f[0], f[1], f[2], f[3], t[0], t[1]]
            },
        )
    }
    // ANCHOR_END: one
}
