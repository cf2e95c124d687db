//! Finding a body's neighbours: the question every herd rule starts with.
//!
//! Four answers to the same question live here, a file each. [`Everybody`] measures to every
//! other body and is obviously right; [`Buckets`] measures only to the bodies in nearby cells of
//! a grid and is much faster on a big crowd; [`Mailboxes`] answers for every body at once, in
//! one walk over the crowd in index order, and is faster again. All must hand over the same
//! neighbours *in the same order*, since the rules add them up in that order and a different
//! order is a different sum. [`Unordered`], the buckets' retired design that broke that rule,
//! is kept to show what it cost.
//!
//! This module holds what they all share: the [`Query`] they answer, the one test that keeps a
//! neighbour (`keep_within`), and the one rule for a radius too wide for the cells
//! ([`fits`]). Beside them, [`squared_reach`] turns a radius into a squared distance exactly,
//! and [`Heard`] is what every body heard in a tick.

use crate::Body;

mod buckets;
mod everybody;
mod heard;
mod mailboxes;
mod reach;
#[cfg(test)]
mod tests;
mod unordered;

pub use buckets::Buckets;
pub use everybody::Everybody;
pub use heard::Heard;
pub use mailboxes::Mailboxes;
pub use reach::squared_reach;
pub use unordered::Unordered;

/// A neighbour search that could not give a correct answer, so gave none: the radius asked
/// was wider than the cells it looks through.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TooWide {
    /// The radius asked for, in world pixels.
    pub radius: f64,
    /// The side of the cells the query looks through: the widest radius it answers.
    pub cell: f64,
}

impl std::fmt::Display for TooWide {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "a neighbour radius of {} px is wider than the {} px cells the buckets and the \
             mailboxes look through, so they could miss some of its neighbours: use a radius of \
             at most {}",
            self.radius, self.cell, self.cell
        )
    }
}

impl std::error::Error for TooWide {}

/// Refuses a radius that cells `cell` wide cannot answer: one wider than a cell, or not a
/// number. The buckets, the mailboxes and a chapter checking its radius before a run all ask
/// this, so they refuse exactly the same radii.
pub fn fits(radius: f64, cell: f64) -> Result<(), TooWide> {
    if radius.is_nan() || radius > cell { Err(TooWide { radius, cell }) } else { Ok(()) }
}

// ANCHOR: query
/// How a body finds its neighbours.
///
/// Each tick starts with one call to `build` over all the bodies; only after it do the
/// questions come. `near` then fills `dst` with the index of every body within `r` of body `i`,
/// not `i` itself, in ascending index order; `hear` asks it for every body at once.
/// `count` is the number of distance tests made since `reset`: unlike a time, it is the same on
/// every machine, so it is the figure that compares two implementations honestly.
pub trait Query {
    /// Gets ready for this tick's questions about `bodies`.
    fn build(&mut self, bodies: &[Body]);
    /// Fills `dst` with body `i`'s neighbours within `r`, in ascending index order.
    fn near(
        &mut self,
        bodies: &[Body],
        i: usize,
        r: f64,
        dst: &mut Vec<usize>,
    ) -> Result<(), TooWide>;
    /// The distance tests made since `reset`.
    fn count(&self) -> u64;
    /// Starts the count of distance tests again from zero.
    fn reset(&mut self);

    /// Every body's neighbours at once, each heard into its body's [`Tally`] in ascending index
    /// order: the same tallies as hearing the lists `near` gives, one body at a time, which is
    /// how the default makes them. A query that can do better overrides it.
    ///
    /// [`Tally`]: crate::flock::rules::Tally
    fn hear(&mut self, bodies: &[Body], r: f64, heard: &mut Heard) -> Result<(), TooWide> {
        hear_each(self, bodies, r, heard)
    }
}
// ANCHOR_END: query

// ANCHOR: hear_default
/// The default `hear`: asks `q` for one body's list at a time and feeds each to its tally.
fn hear_each<Q: Query + ?Sized>(
    q: &mut Q,
    bodies: &[Body],
    r: f64,
    heard: &mut Heard,
) -> Result<(), TooWide> {
    let mut found = std::mem::take(&mut heard.one);
    let tallies = heard.clear(bodies.len());
    let mut answer = Ok(());
    for (i, b) in bodies.iter().enumerate() {
        answer = q.near(bodies, i, r, &mut found);
        if answer.is_err() {
            break;
        }
        for &j in &found {
            tallies[i].hear(b, &bodies[j]);
        }
    }
    heard.one = found;
    answer
}
// ANCHOR_END: hear_default

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
    fn hear(&mut self, bodies: &[Body], r: f64, heard: &mut Heard) -> Result<(), TooWide> {
        (**self).hear(bodies, r, heard)
    }
}

// ANCHOR: keep
/// Measures body `i` against each candidate in the order given and keeps those within `r`.
/// Every query that makes lists ends here, so none can disagree about the edge, or about what
/// a test is.
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
