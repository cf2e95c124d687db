//! Finding a body's neighbours: the question every herd rule starts with.
//!
//! Two answers to the same question live here. [`Everybody`] measures to every other body and
//! is obviously right; [`Buckets`] measures only to the bodies in nearby cells of a grid and is
//! much faster on a big crowd. Both must return the same neighbours *in the same order*, since
//! the rules add them up in that order and a different order is a different sum. A third,
//! [`Unordered`], is the buckets' retired design that broke that rule, kept to show what it
//! cost.

use crate::Body;

/// A neighbour search that could not give a correct answer, so gave none.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TooWide {
    pub radius: f64,
    pub cell: f64,
}

impl std::fmt::Display for TooWide {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "a neighbour radius of {} px is wider than the {} px buckets, so the nine buckets \
             around a body could miss some of its neighbours: use a radius of at most {}",
            self.radius, self.cell, self.cell
        )
    }
}

impl std::error::Error for TooWide {}

// ANCHOR: query
/// How a body finds its neighbours.
///
/// Each tick starts with one call to `build` over all the bodies; only after it do the
/// questions come. `near` then fills `dst` with the index of every body within `r` of body `i`,
/// not `i` itself, in ascending index order.
/// `count` is the number of distance tests made since `reset`: unlike a time, it is the same on
/// every machine, so it is the figure that compares two implementations honestly.
pub trait Query {
    fn build(&mut self, bodies: &[Body]);
    fn near(
        &mut self,
        bodies: &[Body],
        i: usize,
        r: f64,
        dst: &mut Vec<usize>,
    ) -> Result<(), TooWide>;
    fn count(&self) -> u64;
    fn reset(&mut self);
}
// ANCHOR_END: query

/// A boxed query is a query, so a program can pick one at run time from a flag.
impl<Q: Query + ?Sized> Query for Box<Q> {
    fn build(&mut self, bodies: &[Body]) {
        (**self).build(bodies)
    }
    fn near(
        &mut self,
        bodies: &[Body],
        i: usize,
        r: f64,
        dst: &mut Vec<usize>,
    ) -> Result<(), TooWide> {
        (**self).near(bodies, i, r, dst)
    }
    fn count(&self) -> u64 {
        (**self).count()
    }
    fn reset(&mut self) {
        (**self).reset()
    }
}

// ANCHOR: keep
/// Measures body `i` against each candidate in the order given and keeps those within `r`.
/// Both queries end here, so they cannot disagree about the edge, or about what a test is.
fn keep_within(
    bodies: &[Body],
    i: usize,
    r: f64,
    candidates: impl IntoIterator<Item = usize>,
    tests: &mut u64,
    dst: &mut Vec<usize>,
) {
    for j in candidates {
        if j != i {
            *tests += 1;
            if bodies[i].pos.dist(bodies[j].pos) <= r {
                dst.push(j);
            }
        }
    }
}
// ANCHOR_END: keep

/// Every other body, measured one by one: n - 1 tests per body, n(n - 1) per tick.
#[derive(Clone, Debug, Default)]
pub struct Everybody {
    tests: u64,
}

// ANCHOR: everybody
impl Query for Everybody {
    /// Nothing to prepare: every question is answered from the bodies themselves.
    fn build(&mut self, _: &[Body]) {}

    /// Walks the bodies in index order, so the answer is in index order for free.
    fn near(
        &mut self,
        bodies: &[Body],
        i: usize,
        r: f64,
        dst: &mut Vec<usize>,
    ) -> Result<(), TooWide> {
        dst.clear();
        keep_within(bodies, i, r, 0..bodies.len(), &mut self.tests, dst);
        Ok(())
    }

    fn count(&self) -> u64 {
        self.tests
    }

    fn reset(&mut self) {
        self.tests = 0;
    }
}
// ANCHOR_END: everybody

/// The grid's cells as buckets of body indices, refilled once a tick. A body's neighbours can
/// only be in its own cell or the eight around it, as long as the radius is no wider than a
/// cell, and `near` refuses any radius that is.
#[derive(Clone, Debug)]
pub struct Buckets {
    cols: usize,
    rows: usize,
    cell: f64,
    buckets: Vec<Vec<usize>>,
    candidates: Vec<usize>,
    tests: u64,
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

// ANCHOR: buckets
impl Buckets {
    /// Pools the lists of the nine buckets around body `i`, one bucket after another, into
    /// `candidates`; refuses a radius wider than a bucket, which nine buckets cannot answer.
    fn gather(&mut self, bodies: &[Body], i: usize, r: f64) -> Result<(), TooWide> {
        if r.is_nan() || r > self.cell {
            return Err(TooWide { radius: r, cell: self.cell });
        }
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

impl Query for Buckets {
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

    fn count(&self) -> u64 {
        self.tests
    }

    fn reset(&mut self) {
        self.tests = 0;
    }
}
// ANCHOR_END: buckets

// ANCHOR: unordered
/// The buckets as first written: the same nine buckets gathered, and the candidates measured
/// in bucket order, unsorted. The same neighbours as `Buckets`, in another order, so the rules
/// add them up in another order and the world takes another path.
#[derive(Clone, Debug)]
pub struct Unordered(Buckets);

impl Unordered {
    pub fn new(cols: usize, rows: usize, cell: f64) -> Unordered {
        Unordered(Buckets::new(cols, rows, cell))
    }
}

impl Query for Unordered {
    fn build(&mut self, bodies: &[Body]) {
        self.0.build(bodies);
    }

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

    fn count(&self) -> u64 {
        self.0.count()
    }

    fn reset(&mut self) {
        self.0.reset();
    }
}
// ANCHOR_END: unordered

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Vec2;
    use crate::rng::Stream;

    fn crowd(seed: u64, n: usize, w: f64, h: f64) -> Vec<Body> {
        let mut s = Stream::new(seed, 77);
        (0..n)
            .map(|_| {
                // A few bodies off the grid on purpose: the clamp must not lose them.
                let p = Vec2::new(s.between(-20.0, w + 20.0), s.between(-20.0, h + 20.0));
                Body::new(p, Vec2::ZERO)
            })
            .collect()
    }

    #[test]
    fn both_queries_give_the_same_lists_for_random_crowds() {
        // A property test with our own streams: many crowds, sizes, grids and radii up to the
        // cell size, each case decided by its number so a failure can be replayed.
        let mut pick = Stream::new(11, 5);
        for case in 0..300 {
            let (cols, rows) = (1 + pick.index(9), 1 + pick.index(9));
            let cell = pick.between(4.0, 40.0);
            let n = pick.index(60);
            let r = if case % 10 == 0 { cell } else { pick.between(0.0, cell) };
            let bodies = crowd(case, n, cols as f64 * cell, rows as f64 * cell);
            let mut every = Everybody::default();
            let mut grid = Buckets::new(cols, rows, cell);
            every.build(&bodies);
            grid.build(&bodies);
            let (mut a, mut b) = (Vec::new(), Vec::new());
            for i in 0..n {
                every.near(&bodies, i, r, &mut a).unwrap();
                grid.near(&bodies, i, r, &mut b).unwrap();
                assert_eq!(a, b, "case {case}: body {i} of {n}, {cols}x{rows} cells of {cell}");
                assert!(a.windows(2).all(|w| w[0] < w[1]) && !a.contains(&i));
            }
        }
    }

    #[test]
    fn everybody_makes_n_times_n_minus_one_tests() {
        let bodies = crowd(1, 40, 100.0, 100.0);
        let mut q = Everybody::default();
        let mut dst = Vec::new();
        q.build(&bodies);
        for i in 0..bodies.len() {
            q.near(&bodies, i, 10.0, &mut dst).unwrap();
        }
        assert_eq!(q.count(), 40 * 39);
        q.reset();
        assert_eq!(q.count(), 0);
    }

    #[test]
    fn unordered_buckets_hold_the_same_set_in_another_order() {
        let bodies = crowd(2, 200, 64.0, 64.0);
        let mut sorted = Buckets::new(4, 4, 16.0);
        let mut loose = Unordered::new(4, 4, 16.0);
        sorted.build(&bodies);
        loose.build(&bodies);
        let (mut a, mut b) = (Vec::new(), Vec::new());
        let mut reordered = 0;
        for i in 0..bodies.len() {
            sorted.near(&bodies, i, 16.0, &mut a).unwrap();
            loose.near(&bodies, i, 16.0, &mut b).unwrap();
            reordered += usize::from(a != b);
            b.sort_unstable();
            assert_eq!(a, b);
        }
        assert!(reordered > 0, "the retired design must really answer in another order");
    }

    #[test]
    fn a_radius_wider_than_a_bucket_is_refused() {
        let bodies = crowd(3, 5, 32.0, 32.0);
        let mut q = Buckets::new(2, 2, 16.0);
        q.build(&bodies);
        let mut dst = Vec::new();
        let e = q.near(&bodies, 0, 16.5, &mut dst).unwrap_err();
        assert!(e.to_string().contains("at most 16"), "{e}");
        assert!(q.near(&bodies, 0, f64::NAN, &mut dst).is_err());
        assert!(q.near(&bodies, 0, 16.0, &mut dst).is_ok());
    }
}
