//! The buckets as first written, kept beside them to show what their order cost: the same
//! neighbours, measured in bucket order (`--unordered`).

use super::{Buckets, Query, TooWide, keep_within};
use crate::Body;

// ANCHOR: unordered
/// The buckets as first written: the same nine buckets gathered, and the candidates measured
/// in bucket order, unsorted. The same neighbours as `Buckets`, in another order, so the rules
/// add them up in another order and the world takes another path.
#[derive(Clone, Debug)]
pub struct Unordered(Buckets);

impl Query for Unordered {
    /// Gathers the nine buckets around body `i` and measures to each candidate as it comes.
    fn near(
        &mut self,
        bodies: &[Body],
        i: usize,
        r: f64,
        dst: &mut Vec<usize>,
    ) -> Result<(), TooWide> {
        let b = &mut self.0;
        b.gather(bodies, i, r)?;
        dst.clear();
        keep_within(bodies, i, r, b.candidates.iter().copied(), &mut b.tests, dst);
        Ok(())
    }
    // ANCHOR_END: unordered

    fn build(&mut self, bodies: &[Body]) {
        self.0.build(bodies);
    }

    fn count(&self) -> u64 {
        self.0.count()
    }

    fn reset(&mut self) {
        self.0.reset();
    }
}

impl Unordered {
    /// Unordered buckets for a grid of `cols` by `rows` cells, each `cell` world pixels wide.
    pub fn new(cols: usize, rows: usize, cell: f64) -> Unordered {
        Unordered(Buckets::new(cols, rows, cell))
    }
}
