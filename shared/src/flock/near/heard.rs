//! What every body heard from its neighbours in one tick: the answer a query gives when it
//! answers for the whole crowd at once.

use crate::flock::rules::Tally;

/// One tally per body, each of its neighbours heard in ascending index order. The tallies
/// keep their memory from tick to tick, so a settled crowd refills them without allocating.
#[derive(Clone, Debug, Default)]
pub struct Heard {
    tallies: Vec<Tally>,
    /// Where body `i`'s tally is in `tallies`: at `place[i]`, or at `i` when this is empty.
    place: Vec<u32>,
    /// Where a query that answers one body at a time puts each list on its way in.
    pub(crate) one: Vec<usize>,
}

impl Heard {
    /// What body `i` heard.
    pub fn of(&self, i: usize) -> &Tally {
        match self.place.get(i) {
            Some(&k) => &self.tallies[k as usize],
            None => &self.tallies[i],
        }
    }

    /// How many neighbours all the bodies heard between them: each pair within reach twice.
    pub fn total(&self) -> u64 {
        self.tallies.iter().map(|t| u64::from(t.heard())).sum()
    }

    /// How many bodies listened.
    pub fn len(&self) -> usize {
        self.tallies.len()
    }

    /// Whether no body listened.
    pub fn is_empty(&self) -> bool {
        self.tallies.is_empty()
    }

    /// `n` tallies that have heard nothing yet.
    pub(crate) fn clear(&mut self, n: usize) -> &mut [Tally] {
        self.place.clear();
        self.tallies.clear();
        self.tallies.resize(n, Tally::default());
        &mut self.tallies
    }

    /// `place.len()` tallies that have heard nothing yet, body `i`'s to be filled at
    /// `place[i]`: a query that tallies in another order than the bodies' fills them in its
    /// own, and nobody sorts them back.
    pub(crate) fn clear_placed(&mut self, place: &[u32]) -> &mut [Tally] {
        self.clear(place.len());
        self.place.extend_from_slice(place);
        &mut self.tallies
    }
}
