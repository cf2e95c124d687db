//! The worlds a page has founded, each behind a handle: a whole number the page keeps and hands
//! back. Handles start at 1, so 0 can mean "none", and a handle is never given out twice: a page
//! that keeps the handle of a world it let go finds no world behind it, never the next one. A
//! page runs on one thread, so each kind of world has one table of its own on that thread. Each
//! world is boxed, so founding another never moves it, nor the views and digests it keeps.

use std::cell::RefCell;
use std::collections::BTreeMap;
use std::thread::LocalKey;

/// One table of worlds of one kind, by handle, and the next handle to give.
pub struct Slots<T> {
    worlds: BTreeMap<u32, Box<T>>,
    next: u32,
}

impl<T> Slots<T> {
    /// No worlds yet.
    pub const fn new() -> Slots<T> {
        Slots { worlds: BTreeMap::new(), next: 1 }
    }

    /// Keeps `world` and gives its handle, one never given before; 0 once all four billion
    /// have been given.
    pub fn put(&mut self, world: T) -> u32 {
        let handle = self.next;
        if handle == u32::MAX {
            return 0;
        }
        self.next += 1;
        self.worlds.insert(handle, Box::new(world));
        handle
    }

    /// The world behind `handle`, if one is there.
    pub fn get(&mut self, handle: u32) -> Option<&mut T> {
        self.worlds.get_mut(&handle).map(|w| &mut **w)
    }

    /// Lets the world behind `handle` go; its handle is not given out again.
    pub fn free(&mut self, handle: u32) {
        self.worlds.remove(&handle);
    }
}

impl<T> Default for Slots<T> {
    fn default() -> Slots<T> {
        Slots::new()
    }
}

/// Whether `bytes` more of memory can be had now: asked for and given back at once, so a world
/// too big for what is left is refused (its handle 0) before it is built, rather than stopping
/// the module when an allocation half way through it fails.
pub fn room(bytes: usize) -> bool {
    let mut probe: Vec<u8> = Vec::new();
    probe.try_reserve_exact(bytes).is_ok()
}

/// Makes a world with `make` and keeps it in `table`, giving its handle; 0 when `make` gives
/// none (a value out of bounds), or when the `bytes` a world of its kind may take at most while
/// it is made cannot be had.
pub fn made<T: 'static>(
    table: &'static LocalKey<RefCell<Slots<T>>>,
    bytes: usize,
    make: impl FnOnce() -> Option<T>,
) -> u32 {
    if !room(bytes) {
        return 0;
    }
    make().map_or(0, |world| table.with(|t| t.borrow_mut().put(world)))
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
    fn handles_start_at_one_and_a_freed_handle_is_never_given_again() {
        let mut s = Slots::new();
        assert_eq!((s.put('a'), s.put('b')), (1, 2));
        assert!(s.get(0).is_none() && s.get(3).is_none());
        s.free(1);
        assert!(s.get(1).is_none());
        assert_eq!(s.put('c'), 3, "the freed handle 1 was given out again");
        assert!(s.get(1).is_none(), "the old handle finds the new world");
        assert_eq!(s.get(3), Some(&mut 'c'));
        s.free(99);
    }

    #[test]
    fn a_hundred_thousand_worlds_each_keep_their_own_handle() {
        let mut s = Slots::new();
        let handles: Vec<u32> = (0..100_000u32).map(|i| s.put(i)).collect();
        assert_eq!(handles.last(), Some(&100_000));
        assert_eq!(s.get(50_000), Some(&mut 49_999));
        s.next = u32::MAX;
        assert_eq!(s.put(0), 0, "no handle is left to give");
    }

    #[test]
    fn room_is_refused_past_what_can_be_had() {
        assert!(room(1 << 20));
        assert!(!room(usize::MAX / 2));
    }
}
