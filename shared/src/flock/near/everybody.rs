//! The first answer to "who is near?": every other body, measured one by one.

use super::{Query, TooWide, keep_within};
use crate::Body;

/// Every other body, measured one by one: n - 1 tests per body, n(n - 1) per tick. Slow, and
/// obviously right, so every other query is held to its answers.
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
