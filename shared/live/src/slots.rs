//! The worlds a page has founded, each behind a handle: a small whole number the page keeps and
//! hands back. Handles start at 1, so 0 can mean "none". A page runs on one thread, so each kind
//! of world has one table of its own on that thread. Each world is boxed, so founding another
//! never moves it, nor the views and digests it keeps.

use std::cell::RefCell;
use std::thread::LocalKey;

/// One table of worlds of one kind.
pub struct Slots<T>(Vec<Option<Box<T>>>);

impl<T> Slots<T> {
    /// No worlds yet.
    pub const fn new() -> Slots<T> {
        Slots(Vec::new())
    }

    /// Keeps `world` and gives its handle, reusing the place of one let go.
    pub fn put(&mut self, world: T) -> u32 {
        let at = match self.0.iter().position(Option::is_none) {
            Some(free) => free,
            None => {
                self.0.push(None);
                self.0.len() - 1
            }
        };
        self.0[at] = Some(Box::new(world));
        at as u32 + 1
    }

    /// The world behind `handle`, if one is there.
    pub fn get(&mut self, handle: u32) -> Option<&mut T> {
        let at = (handle as usize).checked_sub(1)?;
        self.0.get_mut(at)?.as_deref_mut()
    }

    /// Lets the world behind `handle` go; its handle may be given out again.
    pub fn free(&mut self, handle: u32) {
        if let Some(slot) = (handle as usize).checked_sub(1).and_then(|at| self.0.get_mut(at)) {
            *slot = None;
        }
    }
}

impl<T> Default for Slots<T> {
    fn default() -> Slots<T> {
        Slots::new()
    }
}

/// Keeps `world` in `table` and gives its handle.
pub fn put<T: 'static>(table: &'static LocalKey<RefCell<Slots<T>>>, world: T) -> u32 {
    table.with(|t| t.borrow_mut().put(world))
}

/// `f` of the world behind `handle` in `table`, or `none` when nobody holds that handle.
pub fn with<T: 'static, R>(
    table: &'static LocalKey<RefCell<Slots<T>>>,
    handle: u32,
    none: R,
    f: impl FnOnce(&mut T) -> R,
) -> R {
    table.with(|t| t.borrow_mut().get(handle).map_or(none, f))
}

/// Lets the world behind `handle` in `table` go.
pub fn free<T: 'static>(table: &'static LocalKey<RefCell<Slots<T>>>, handle: u32) {
    table.with(|t| t.borrow_mut().free(handle));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn handles_start_at_one_and_a_freed_place_is_used_again() {
        let mut s = Slots::new();
        assert_eq!((s.put('a'), s.put('b')), (1, 2));
        assert!(s.get(0).is_none() && s.get(3).is_none());
        s.free(1);
        assert!(s.get(1).is_none());
        assert_eq!(s.put('c'), 1);
        assert_eq!(s.get(1), Some(&mut 'c'));
        s.free(99);
    }
}
