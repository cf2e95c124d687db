//! The second round of the neighbour question: every body's neighbours heard at once, in index
//! order by construction, with no list and no sort anywhere.

use super::{Heard, Query, TooWide, squared_reach};
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
/// [`Tally`]: crate::flock::Tally
#[derive(Clone, Debug)]
pub struct Mailboxes {
    cols: usize,
    rows: usize,
    /// The widest radius answered: a bucket's width, like [`Buckets`](super::Buckets).
    cell: f64,
    /// The width and the height of one cell of the grid.
    wide: f64,
    high: f64,
    /// Cell `c`'s bodies sit at `start[c]..start[c + 1]` of the three arrays below.
    start: Vec<u32>,
    /// The bodies in cell order: their indices and their positions.
    who: Vec<u32>,
    xs: Vec<f64>,
    ys: Vec<f64>,
    /// Each body's cell, from `build`, and then where that cell is filling up to.
    home: Vec<u32>,
    next: Vec<u32>,
    /// Where one body's turn notes down the places in the arrays that are within its reach.
    hits: Vec<u32>,
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
            wide: cell / ACROSS as f64,
            high: cell,
            start: vec![0; cols * rows + 1],
            who: Vec::new(),
            xs: Vec::new(),
            ys: Vec::new(),
            home: Vec::new(),
            next: Vec::new(),
            hits: Vec::new(),
            tests: 0,
        }
    }

    /// The column (or row) of `n` that a coordinate falls in, cells being `step` wide, clamped
    /// onto the grid the way [`Buckets`](super::Buckets) clamps. Casting to a whole number
    /// rounds toward zero and sends anything below zero (and NaN) to zero: the floor, clamped.
    fn line(v: f64, step: f64, n: usize) -> usize {
        ((v / step) as u32).min(n as u32 - 1) as usize
    }

    // ANCHOR: span
    /// The first and last column (or row) that a body at `v` could have a neighbour in. A
    /// neighbour the rounded test keeps can stand a hair further than `r` away, so the span is
    /// widened by far more than any rounding, and by far less than could add a cell but by the
    /// rarest chance.
    fn span(v: f64, r: f64, step: f64, n: usize) -> (usize, usize) {
        let hair = (v.abs() + r) * 1e-12 + 1e-150;
        (Self::line(v - r - hair, step, n), Self::line(v + r + hair, step, n))
    }
    // ANCHOR_END: span

    /// Refuses a radius wider than a bucket, as [`Buckets`](super::Buckets) does, so the two
    /// answer exactly the same questions.
    fn fits(&self, r: f64) -> Result<(), TooWide> {
        if r.is_nan() || r > self.cell {
            Err(TooWide { radius: r, cell: self.cell })
        } else {
            Ok(())
        }
    }

    // ANCHOR: within
    /// Notes down in `hits` the place of every body within `r` of body `me`, which stands at
    /// `at`, and returns how many; `reach` is [`squared_reach`] of `r`. Every candidate is
    /// written down, and only those within reach are kept, by moving on past them: there is no
    /// branch for the processor to guess, and half the time guess wrong.
    fn within(&mut self, me: usize, at: Vec2, r: f64, reach: f64) -> usize {
        let (x0, x1) = Self::span(at.x, r, self.wide, self.cols);
        let (y0, y1) = Self::span(at.y, r, self.high, self.rows);
        let mut kept = 0;
        for y in y0..=y1 {
            let row = y * self.cols;
            let run = self.start[row + x0] as usize..self.start[row + x1 + 1] as usize;
            self.tests += run.len() as u64;
            for k in run {
                let (dx, dy) = (self.xs[k] - at.x, self.ys[k] - at.y);
                self.hits[kept] = k as u32;
                kept += usize::from((dx * dx + dy * dy <= reach) & (self.who[k] != me as u32));
            }
        }
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
            let x = Self::line(b.pos.x, self.wide, self.cols);
            let c = Self::line(b.pos.y, self.high, self.rows) * self.cols + x;
            self.start[c + 1] += 1;
            self.home.push(c as u32);
        }
        for c in 1..self.start.len() {
            self.start[c] += self.start[c - 1];
        }
        self.next.clear();
        self.next.extend_from_slice(&self.start[..self.start.len() - 1]);
        self.who.resize(bodies.len(), 0);
        self.xs.resize(bodies.len(), 0.0);
        self.ys.resize(bodies.len(), 0.0);
        self.hits.resize(bodies.len(), 0);
        for (i, b) in bodies.iter().enumerate() {
            let at = &mut self.next[self.home[i] as usize];
            let k = *at as usize;
            *at += 1;
            self.who[k] = i as u32;
            self.xs[k] = b.pos.x;
            self.ys[k] = b.pos.y;
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
        self.fits(r)?;
        let kept = self.within(i, bodies[i].pos, r, squared_reach(r));
        dst.clear();
        dst.extend(self.hits[..kept].iter().map(|&k| self.who[k as usize] as usize));
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
        self.fits(r)?;
        let reach = squared_reach(r);
        let tallies = heard.clear(bodies.len());
        for (j, b) in bodies.iter().enumerate() {
            let kept = self.within(j, b.pos, r, reach);
            for &k in &self.hits[..kept] {
                let k = k as usize;
                let d = Vec2::new(self.xs[k] - b.pos.x, self.ys[k] - b.pos.y);
                tallies[self.who[k] as usize].hear_from(d, d.len(), b);
            }
        }
        Ok(())
    }
    // ANCHOR_END: hear
}
