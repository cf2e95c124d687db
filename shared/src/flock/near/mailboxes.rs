//! The second round of the neighbour question: every body's neighbours heard at once, in index
//! order by construction, with no list and no sort anywhere.

use super::{Heard, Query, TooWide, fits, squared_reach};
use crate::{Body, Vec2};

/// How many cells of the grid go across one bucket. Narrow cells trim the candidates at the
/// sides of a body's reach without adding rows to visit, since the cells of a row sit side by
/// side in memory. Rows stay a bucket high: every extra row is one more run to start and stop.
const ACROSS: usize = 4;

/// A mailbox for every body, which adds up its letters as they arrive. Each tick the bodies
/// take turns in index order, and each one writes to every body within reach of it: its vote,
/// its velocity and its position, added straight into that body's [`Tally`]. Within one turn
/// the letters go out in any order, but they go to different mailboxes, and the turns come in
/// index order: so every mailbox hears its neighbours in ascending index order, exactly as the
/// rules would from the list `Everybody` gives, which nobody had to make or sort.
///
/// To find whom to write to, the bodies are laid out in a grid of cells a quarter of a bucket
/// wide and a bucket high, as one flat array sorted by cell, so the cells of a row sit side by
/// side in memory. A body looks at the rows its reach covers, three at most, one run per row,
/// and compares squared distances against [`squared_reach`] instead of taking a root.
///
/// [`Tally`]: crate::flock::rules::Tally
#[derive(Clone, Debug)]
pub struct Mailboxes {
    cols: usize,
    rows: usize,
    /// The widest radius answered: a bucket's width, like [`Buckets`](super::Buckets).
    cell: f64,
    /// What a coordinate is multiplied by to give its column, and its row: one over the width
    /// and one over the height of a cell of the grid.
    to_col: f64,
    to_row: f64,
    /// Cell `c`'s bodies sit at `start[c]..start[c + 1]` of the two arrays below.
    start: Vec<u32>,
    /// The bodies in cell order: their indices and their positions.
    who: Vec<u32>,
    places: Vec<Vec2>,
    /// Each body's cell while `build` sorts, and then its place in the arrays above.
    home: Vec<u32>,
    /// Where each cell is filling up to, while `build` sorts.
    next: Vec<u32>,
    /// Where one body's turn notes down every body within its reach: the offset to it and its
    /// place in the arrays, side by side, so a candidate is one write to one array.
    found: Vec<(Vec2, u32)>,
    /// And then the weight of each one's vote.
    weights: Vec<f64>,
    tests: u64,
}

impl Mailboxes {
    /// Mailboxes over a field of `cols` by `rows` buckets, each `cell` world pixels wide, like
    /// [`Buckets::new`](super::Buckets::new). The grid inside has cells a quarter as wide and
    /// as high as a bucket: a body's reach then covers three rows at most, each one short run.
    pub fn new(cols: usize, rows: usize, cell: f64) -> Mailboxes {
        assert!(cols > 0 && rows > 0 && cell > 0.0, "mailboxes need a field with cells in it");
        let cols = cols * ACROSS;
        assert!(u32::try_from(cols * rows + 1).is_ok(), "too many cells for u32 places");
        Mailboxes {
            cols,
            rows,
            cell,
            to_col: ACROSS as f64 / cell,
            to_row: 1.0 / cell,
            start: vec![0; cols * rows + 1],
            who: Vec::new(),
            places: Vec::new(),
            home: Vec::new(),
            next: Vec::new(),
            found: Vec::new(),
            weights: Vec::new(),
            tests: 0,
        }
    }

    /// The column (or row) of `n` that a coordinate falls in, `to` being one over the cells'
    /// width, clamped onto the grid the way [`Buckets`](super::Buckets) clamps. Casting to a
    /// whole number rounds toward zero and sends anything below zero (and NaN) to zero: the
    /// floor, clamped. A multiplication is several times quicker than a division; where the
    /// cells are not a power of two wide it can put a place a rounding away from where the
    /// division would, but every place goes through this one function, which never decreases
    /// as `v` grows, so a body always stands in a cell its neighbours' spans cover.
    fn line(v: f64, to: f64, n: usize) -> usize {
        ((v * to) as u32).min(n as u32 - 1) as usize
    }

    // ANCHOR: span
    /// The first and last column (or row) that a body at `v` could have a neighbour in. A
    /// neighbour the rounded test keeps can stand a hair further than `r` away, so the span is
    /// widened by far more than any rounding, and by far less than could add a cell but by the
    /// rarest chance.
    fn span(v: f64, r: f64, to: f64, n: usize) -> (usize, usize) {
        let hair = (v.abs() + r) * 1e-12 + 1e-150;
        (Self::line(v - r - hair, to, n), Self::line(v + r + hair, to, n))
    }
    // ANCHOR_END: span

    // ANCHOR: within
    /// Notes down in `found` every body within reach of the body at place `mine`, which
    /// stands at `at`, with the offset to it, and returns how many; `reach` is
    /// [`squared_reach`] of `r`. Every candidate is written down, and only those within reach
    /// are kept, by moving on past them: there is no branch for the processor to guess, and
    /// half the time guess wrong. For the search the body's own place is made NaN, which every
    /// comparison finds false, so no candidate is asked whether it is the body.
    fn within(&mut self, mine: usize, at: Vec2, r: f64, reach: f64) -> usize {
        let (x0, x1) = Self::span(at.x, r, self.to_col, self.cols);
        let (y0, y1) = Self::span(at.y, r, self.to_row, self.rows);
        let mut kept = 0;
        let own = std::mem::replace(&mut self.places[mine], Vec2::new(f64::NAN, f64::NAN));
        for y in y0..=y1 {
            let row = y * self.cols;
            let run = self.start[row + x0] as usize..self.start[row + x1 + 1] as usize;
            self.tests += run.len() as u64;
            for (k, &p) in run.clone().zip(&self.places[run]) {
                let d = p.sub(at);
                self.found[kept] = (d, k as u32);
                kept += usize::from(d.x * d.x + d.y * d.y <= reach);
            }
        }
        self.places[mine] = own;
        self.tests -= 1; // the body itself, always among its own candidates, is no test
        kept
    }
    // ANCHOR_END: within
}

impl Query for Mailboxes {
    // ANCHOR: build
    /// Sorts the bodies by cell, by counting: how many in each cell, where each cell starts,
    /// then each body into the next place of its cell. Bodies go in by index, so each cell's
    /// run is ascending.
    fn build(&mut self, bodies: &[Body]) {
        self.start.fill(0);
        self.home.clear();
        for b in bodies {
            let x = Self::line(b.pos.x, self.to_col, self.cols);
            let c = Self::line(b.pos.y, self.to_row, self.rows) * self.cols + x;
            self.start[c + 1] += 1;
            self.home.push(c as u32);
        }
        for c in 1..self.start.len() {
            self.start[c] += self.start[c - 1];
        }
        self.next.clear();
        self.next.extend_from_slice(&self.start[..self.start.len() - 1]);
        self.who.resize(bodies.len(), 0);
        self.places.resize(bodies.len(), Vec2::ZERO);
        self.found.resize(bodies.len(), (Vec2::ZERO, 0));
        self.weights.resize(bodies.len(), 0.0);
        for (i, b) in bodies.iter().enumerate() {
            let at = &mut self.next[self.home[i] as usize];
            let k = *at as usize;
            *at += 1;
            self.home[i] = k as u32;
            self.who[k] = i as u32;
            self.places[k] = b.pos;
        }
    }
    // ANCHOR_END: build

    /// One body's list, the slow way round: the rows its reach covers, then a sort, since the
    /// cells of a row are not in index order. `hear` never asks this.
    fn near(
        &mut self,
        bodies: &[Body],
        i: usize,
        r: f64,
        dst: &mut Vec<usize>,
    ) -> Result<(), TooWide> {
        fits(r, self.cell)?;
        let kept = self.within(self.home[i] as usize, bodies[i].pos, r, squared_reach(r));
        dst.clear();
        dst.extend(self.found[..kept].iter().map(|&(_, k)| self.who[k as usize] as usize));
        dst.sort_unstable();
        Ok(())
    }

    fn count(&self) -> u64 {
        self.tests
    }

    fn reset(&mut self) {
        self.tests = 0;
    }

    // ANCHOR: hear
    /// Bodies take turns in index order; in its turn each one writes to every body within `r`.
    fn hear(&mut self, bodies: &[Body], r: f64, heard: &mut Heard) -> Result<(), TooWide> {
        fits(r, self.cell)?;
        let reach = squared_reach(r);
        // The mailboxes sit in cell order, like the bodies in the arrays, so the letters of
        // one turn land side by side in memory, not scattered over the whole crowd.
        let inbox = heard.clear_placed(&self.home);
        for (j, b) in bodies.iter().enumerate() {
            let kept = self.within(self.home[j] as usize, b.pos, r, reach);
            let found = &self.found[..kept];
            // Every vote's weight first, in a loop of its own that the compiler turns into
            // packed roots and divisions, two a register: they are the dearest part of a letter.
            for (w, (d, _)) in self.weights[..kept].iter_mut().zip(found) {
                let r = d.len();
                *w = 1.0 / (r * r);
            }
            for (&(d, k), &w) in found.iter().zip(&self.weights) {
                let far = d.x * d.x + d.y * d.y > 0.0; // the same test as the root's `r > 0.0`
                inbox[k as usize].hear_weighed(d, far.then_some(w), b);
            }
        }
        Ok(())
    }
    // ANCHOR_END: hear
}

#[cfg(test)]
mod span_tests {
    use super::Mailboxes;

    /// A walker nearer the field's edge than its sight, whose reach ends a rounding short of
    /// the next cell: the hair must carry the span into that cell, where a neighbour the
    /// rounded test keeps could stand. Each part of the hair is needed: the share of the place
    /// and the radius for a span of ordinary size, the floor of 1e-150 for a tiny one.
    #[test]
    fn the_hair_carries_a_span_a_rounding_short_of_a_cell_into_it() {
        // Cells 16 wide; the walker at 0.5, seeing 15.5 less 1e-11: its reach ends 1e-11 short
        // of the second column, and (0.5 + r) * 1e-12 is 1.6e-11.
        let r = 15.5 - 1e-11;
        assert!(0.5 + r < 16.0);
        assert_eq!(Mailboxes::span(0.5, r, 1.0 / 16.0, 4), (0, 1));
        // Cells 2^-465 (about 1e-140) wide, the walker at 0, seeing 5e-151 short of a cell:
        // only the floor of the hair reaches the second column.
        let cell = libm::ldexp(1.0, -465);
        let r = cell - 5e-151;
        assert!(r < cell);
        assert_eq!(Mailboxes::span(0.0, r, 1.0 / cell, 4), (0, 1));
        // And a reach well inside its cell stays there.
        assert_eq!(Mailboxes::span(0.5, 14.0, 1.0 / 16.0, 4), (0, 0));
    }
}
