//! The second round of the neighbour question: every body's answer at once, in index order by
//! construction, with no sort anywhere.

use super::{Lists, Query, TooWide, squared_reach};
use crate::Body;

/// A mailbox for every body. Each tick the bodies are walked once in index order, and each one
/// posts its own index into the mailbox of every body it is near. Whatever order the posting
/// within one walk takes, a mailbox receives its letters walk by walk, so every mailbox ends in
/// ascending index order: the list `Everybody` gives, which no sort had to make.
///
/// To find whom to post to, the bodies are laid out in a grid of cells half a bucket wide, as
/// one flat array sorted by cell, so the cells of one row of the grid sit side by side in
/// memory. A body looks at the rows its reach covers, one contiguous run of bodies per row, and
/// compares squared distances against [`squared_reach`] instead of taking a root.
#[derive(Clone, Debug)]
pub struct Mailboxes {
    cols: usize,
    rows: usize,
    /// The widest radius answered: a bucket's width, like [`Buckets`](super::Buckets).
    cell: f64,
    /// The width and the height of one cell of the grid.
    wide: f64,
    high: f64,
    /// Cell `c`'s bodies are `at[start[c]..start[c + 1]]`, with `start` one longer than cells.
    start: Vec<u32>,
    /// The same bodies in cell order: their indices and positions, in three flat arrays.
    who: Vec<u32>,
    xs: Vec<f64>,
    ys: Vec<f64>,
    /// Where each body's cell begins filling, while the grid is being laid.
    next: Vec<u32>,
    /// Each body's cell, from `build`.
    home: Vec<u32>,
    /// The bodies of one run that are within reach, before they are posted to.
    hits: Vec<u32>,
    /// The answers for the one radius asked since `build`, for `near`.
    asked: Option<(f64, Lists)>,
    tests: u64,
}

impl Mailboxes {
    /// Mailboxes over a field of `cols` by `rows` buckets, each `cell` world pixels wide, like
    /// [`Buckets::new`](super::Buckets::new); the grid inside has twice as many cells each way.
    pub fn new(cols: usize, rows: usize, cell: f64) -> Mailboxes {
        Mailboxes::split(cols, rows, cell, 2, 2)
    }

    /// Each bucket split into `across` by `down` cells.
    pub fn split(cols: usize, rows: usize, cell: f64, across: usize, down: usize) -> Mailboxes {
        assert!(cols > 0 && rows > 0 && cell > 0.0, "mailboxes need a field with cells in it");
        assert!(across > 0 && down > 0, "a bucket splits into one cell at least");
        let (cols, rows) = (cols * across, rows * down);
        Mailboxes {
            cols,
            rows,
            cell,
            wide: cell / across as f64,
            high: cell / down as f64,
            start: vec![0; cols * rows + 1],
            who: Vec::new(),
            xs: Vec::new(),
            ys: Vec::new(),
            next: Vec::new(),
            home: Vec::new(),
            hits: Vec::new(),
            asked: None,
            tests: 0,
        }
    }

    /// The column (or row, with `n` rows) a coordinate falls in, clamped onto the grid like
    /// [`Buckets`](super::Buckets) clamps: never more cells apart than the coordinates are.
    /// Casting to a whole number rounds toward zero and sends anything below zero (and NaN) to
    /// zero, which is the floor, clamped at zero, without calling `floor`.
    fn line(v: f64, step: f64, n: usize) -> usize {
        ((v / step) as u32).min(n as u32 - 1) as usize
    }

    // ANCHOR: span
    /// The first and last column (or row) that a body at `v` could have a neighbour in. A
    /// neighbour the rounded test keeps can stand a hair further than `r` away, so the span is
    /// widened by far more than any rounding and far less than could ever add a cell but by
    /// the rarest chance.
    fn span(v: f64, r: f64, step: f64, n: usize) -> (usize, usize) {
        let hair = (v.abs() + r) * 1e-12 + 1e-150;
        (Self::line(v - r - hair, step, n), Self::line(v + r + hair, step, n))
    }
    // ANCHOR_END: span
}

impl Query for Mailboxes {
    // ANCHOR: build
    /// Sorts the bodies by cell, by counting: how many in each cell, where each cell starts,
    /// then each body into the next place of its cell. Bodies go in by index, so each cell's
    /// run is ascending, though nothing below needs it to be.
    fn build(&mut self, bodies: &[Body]) {
        self.asked = None;
        self.start.fill(0);
        self.home.clear();
        for b in bodies {
            let c = Self::line(b.pos.y, self.high, self.rows) * self.cols
                + Self::line(b.pos.x, self.wide, self.cols);
            self.start[c + 1] += 1;
            self.home.push(c as u32);
        }
        for c in 1..self.start.len() {
            self.start[c] += self.start[c - 1];
        }
        self.next.clear();
        self.next.extend_from_slice(&self.start[..self.start.len() - 1]);
        self.who.resize(bodies.len(), 0);
        self.hits.resize(bodies.len(), 0);
        self.xs.resize(bodies.len(), 0.0);
        self.ys.resize(bodies.len(), 0.0);
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

    /// One body's list, from the answers for everybody: the first question after `build`
    /// (or the first with another radius) works them all out.
    fn near(
        &mut self,
        bodies: &[Body],
        i: usize,
        r: f64,
        dst: &mut Vec<usize>,
    ) -> Result<(), TooWide> {
        let fresh = matches!(&self.asked, Some((asked, _)) if asked.to_bits() == r.to_bits());
        if !fresh {
            let mut lists = self.asked.take().map(|(_, l)| l).unwrap_or_default();
            self.everyone(bodies, r, &mut lists)?;
            self.asked = Some((r, lists));
        }
        let Some((_, lists)) = &self.asked else { unreachable!("answered just above") };
        dst.clear();
        dst.extend(lists.of(i).iter().map(|&j| j as usize));
        Ok(())
    }

    fn count(&self) -> u64 {
        self.tests
    }

    fn reset(&mut self) {
        self.tests = 0;
    }

    // ANCHOR: everyone
    /// Walks the bodies in index order; each posts its index to every body within `r` of it.
    fn everyone(&mut self, bodies: &[Body], r: f64, lists: &mut Lists) -> Result<(), TooWide> {
        if r.is_nan() || r > self.cell {
            return Err(TooWide { radius: r, cell: self.cell });
        }
        let reach = squared_reach(r);
        lists.clear(bodies.len());
        let mut gathered = 0;
        for (j, b) in bodies.iter().enumerate() {
            let (x0, x1) = Self::span(b.pos.x, r, self.wide, self.cols);
            let (y0, y1) = Self::span(b.pos.y, r, self.high, self.rows);
            // Every candidate is written down and only those within reach are kept, by moving
            // on past them: no branch for the processor to guess wrong.
            let mut kept = 0;
            for y in y0..=y1 {
                let row = y * self.cols;
                let run = self.start[row + x0] as usize..self.start[row + x1 + 1] as usize;
                gathered += run.len();
                let (xs, ys, who) = (&self.xs[run.clone()], &self.ys[run.clone()], &self.who[run]);
                for ((&x, &y), &i) in xs.iter().zip(ys).zip(who) {
                    let (dx, dy) = (x - b.pos.x, y - b.pos.y);
                    self.hits[kept] = i;
                    kept += usize::from(dx * dx + dy * dy <= reach);
                }
            }
            for &i in &self.hits[..kept] {
                if i != j as u32 {
                    lists.push(i as usize, j as u32);
                }
            }
        }
        // Every body is among its own candidates, and is not a test.
        self.tests += (gathered - bodies.len()) as u64;
        Ok(())
    }
    // ANCHOR_END: everyone
}
