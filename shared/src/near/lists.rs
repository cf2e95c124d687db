//! Every body's neighbour list, for one tick: what a query hands back when it answers for the
//! whole crowd at once.

/// One list of neighbour indices per body, each in ascending index order. The lists keep their
/// memory from tick to tick, so a settled crowd refills them without allocating.
#[derive(Clone, Debug, Default)]
pub struct Lists {
    lists: Vec<Vec<u32>>,
    /// Where a query that answers one body at a time puts each answer on its way in.
    pub(crate) one: Vec<usize>,
}

impl Lists {
    /// The neighbours of body `i`, in ascending index order.
    pub fn of(&self, i: usize) -> &[u32] {
        &self.lists[i]
    }

    /// How many bodies the lists are for.
    pub fn len(&self) -> usize {
        self.lists.len()
    }

    pub fn is_empty(&self) -> bool {
        self.lists.is_empty()
    }

    /// `n` empty lists. Indices are kept as `u32`, half the memory of `usize`, so a crowd may
    /// have at most `u32::MAX` bodies.
    pub(crate) fn clear(&mut self, n: usize) {
        assert!(u32::try_from(n).is_ok(), "a crowd of {n} is too big for u32 indices");
        self.lists.resize_with(n, Vec::new);
        for l in &mut self.lists {
            l.clear();
        }
    }

    /// Adds body `j` at the end of body `i`'s list.
    #[inline]
    pub(crate) fn push(&mut self, i: usize, j: u32) {
        self.lists[i].push(j);
    }

    /// Body `i`'s whole list at once, from a query that answers one body at a time.
    pub(crate) fn fill(&mut self, i: usize, found: &[usize]) {
        self.lists[i].extend(found.iter().map(|&j| j as u32));
    }
}
