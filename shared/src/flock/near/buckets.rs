//! The grid's answer to "who is near?": only the bodies in the nine cells around a body, sorted
//! back into index order.

use super::{Query, TooWide, fits, keep_within};
use crate::Body;

/// The grid's cells as buckets of body indices, refilled once a tick. A body's neighbours can
/// only be in its own cell or the eight around it, as long as the radius is no wider than a
/// cell, and `near` refuses any radius that is.
#[derive(Clone, Debug)]
pub struct Buckets {
    cols: usize,
    rows: usize,
    cell: f64,
    buckets: Vec<Vec<usize>>,
    /// The nine buckets' lists of one question, pooled: `Unordered` measures them as they are.
    pub(super) candidates: Vec<usize>,
    /// Distance tests since the last reset.
    pub(super) tests: u64,
}

impl Buckets {
    /// Buckets for a grid of `cols` by `rows` cells, each `cell` world pixels wide.
    pub fn new(cols: usize, rows: usize, cell: f64) -> Buckets {
        assert!(cols > 0 && rows > 0 && cell > 0.0, "buckets need a grid with cells in it");
        Buckets {
            cols,
            rows,
            cell,
            buckets: vec![Vec::new(); cols * rows],
            candidates: Vec::new(),
            tests: 0,
        }
    }

    // ANCHOR: cell_of
    /// The cell a position stands in. A position off the grid counts as standing in the
    /// nearest edge cell: clamping never moves two bodies more than one cell further apart, so
    /// no neighbour is lost by it.
    fn cell_of(&self, b: &Body) -> (usize, usize) {
        let at = |v: f64, n: usize| (libm::floor(v / self.cell).max(0.0) as usize).min(n - 1);
        (at(b.pos.x, self.cols), at(b.pos.y, self.rows))
    }
    // ANCHOR_END: cell_of
}

// ANCHOR: gather
impl Buckets {
    /// Pools the lists of the nine buckets around body `i`, one bucket after another, into
    /// `candidates`; refuses a radius wider than a bucket, which nine buckets cannot answer.
    pub(super) fn gather(&mut self, bodies: &[Body], i: usize, r: f64) -> Result<(), TooWide> {
        fits(r, self.cell)?;
        self.candidates.clear();
        let (cx, cy) = self.cell_of(&bodies[i]);
        for y in cy.saturating_sub(1)..=(cy + 1).min(self.rows - 1) {
            for x in cx.saturating_sub(1)..=(cx + 1).min(self.cols - 1) {
                self.candidates.extend_from_slice(&self.buckets[y * self.cols + x]);
            }
        }
        Ok(())
    }
}
// ANCHOR_END: gather

impl Buckets {
    /// The candidates for body `i` in the order the nine buckets are gathered, bucket by bucket
    /// (the list `near` sorts and measures), and the cell the body is filed under: for the
    /// book's picture of one walker's cells. Counts no distance test.
    pub fn candidates(
        &mut self,
        bodies: &[Body],
        i: usize,
        r: f64,
    ) -> Result<(Vec<usize>, (usize, usize)), TooWide> {
        self.gather(bodies, i, r)?;
        Ok((
            self.candidates.iter().copied().filter(|&j| j != i).collect(),
            self.cell_of(&bodies[i]),
        ))
    }
}

impl Query for Buckets {
    // ANCHOR: fill
    /// Empties every bucket and drops each body into its cell's, in index order, so every
    /// bucket's list is ascending. The lists keep their memory from tick to tick.
    fn build(&mut self, bodies: &[Body]) {
        for b in &mut self.buckets {
            b.clear();
        }
        for (i, b) in bodies.iter().enumerate() {
            let (x, y) = self.cell_of(b);
            self.buckets[y * self.cols + x].push(i);
        }
    }
    // ANCHOR_END: fill

    // ANCHOR: buckets
    /// Gathers the nine buckets around body `i`, puts the candidates in index order, and
    /// measures to each. Nine ascending lists one after another are not ascending, so the sort
    /// is what makes this answer the same list `Everybody` gives.
    fn near(
        &mut self,
        bodies: &[Body],
        i: usize,
        r: f64,
        dst: &mut Vec<usize>,
    ) -> Result<(), TooWide> {
        self.gather(bodies, i, r)?;
        self.candidates.sort_unstable();
        dst.clear();
        keep_within(bodies, i, r, self.candidates.iter().copied(), &mut self.tests, dst);
        Ok(())
    }
    // ANCHOR_END: buckets

    fn count(&self) -> u64 {
        self.tests
    }

    fn reset(&mut self) {
        self.tests = 0;
    }
}
