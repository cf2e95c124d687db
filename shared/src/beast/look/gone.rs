//! Who is gone: one mark per roster place, left out of every fan cast against them. The marks
//! are atomic so that the threads of a walk by bands can mark their own dead while the others
//! cast against the same marks; a plain load or store is all they take, and every order between
//! a death and a fan that must see it comes from the walk's own waits.

use std::sync::atomic::{AtomicBool, Ordering::Relaxed};

/// One mark per roster place: set when the creature there has died in this phase.
#[derive(Debug, Default)]
pub struct Gone(Vec<AtomicBool>);

impl Gone {
    /// Marks for `n` places, none of them gone.
    pub fn none(n: usize) -> Gone {
        let mut g = Gone::default();
        g.reset(n);
        g
    }

    /// Marks for the places `marks` says, for a test's scene.
    pub fn of(marks: &[bool]) -> Gone {
        Gone(marks.iter().map(|&m| AtomicBool::new(m)).collect())
    }

    /// Every mark cleared, for `n` places, keeping the room already asked for.
    pub fn reset(&mut self, n: usize) {
        self.0.truncate(n);
        for m in &mut self.0 {
            *m.get_mut() = false;
        }
        self.0.resize_with(n, AtomicBool::default);
    }

    /// Whether place `i` is gone.
    #[inline]
    pub fn is(&self, i: usize) -> bool {
        self.0[i].load(Relaxed)
    }

    /// Place `i` is gone from now on.
    #[inline]
    pub fn mark(&self, i: usize) {
        self.0[i].store(true, Relaxed);
    }

    /// The places gone, in roster order.
    pub fn places(&self) -> impl Iterator<Item = usize> + '_ {
        (0..self.0.len()).filter(|&i| self.is(i))
    }
}
