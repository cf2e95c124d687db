//! A global allocator that counts, for the allocation ledger.
//!
//! It hands every request to the system allocator and, on a thread that has switched the
//! ledger on, adds one to that thread's count. The switch and the count are per thread, so
//! tests running side by side in one process cannot add to each other's figures.
//!
//! A binary installs it with
//!
//! ```text
//! #[global_allocator]
//! static LEDGER: world::beast::ledger::Counting = world::beast::ledger::Counting;
//! ```
//!
//! Without that line nothing is counted, and `installed()` says so.

// A global allocator has to implement an unsafe trait; this is the only module that does, and
// it only forwards each call, unchanged, to the system allocator.
#![allow(unsafe_code)]

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

thread_local! {
    static ON: Cell<bool> = const { Cell::new(false) };
    static COUNT: Cell<u64> = const { Cell::new(0) };
}

/// The counting allocator.
pub struct Counting;

fn tally() {
    let _ = ON.try_with(|on| {
        if on.get() {
            let _ = COUNT.try_with(|c| c.set(c.get() + 1));
        }
    });
}

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        tally();
        // SAFETY: the caller's contract for `alloc` is passed on unchanged.
        unsafe { System.alloc(layout) }
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        tally();
        // SAFETY: as for `alloc`.
        unsafe { System.alloc_zeroed(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: `ptr` came from this allocator, which got it from `System`.
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        tally();
        // SAFETY: as for `dealloc`, and the caller's contract for `realloc` is unchanged.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

/// Starts counting this thread's allocations from zero.
pub fn start() {
    COUNT.with(|c| c.set(0));
    ON.with(|on| on.set(true));
}

/// Stops counting on this thread and returns the count since `start`.
pub fn stop() -> u64 {
    ON.with(|on| on.set(false));
    COUNT.with(Cell::get)
}

/// Whether this thread is counting now.
pub fn counting() -> bool {
    ON.with(Cell::get)
}

/// Whether this binary installed the counting allocator: one allocation made while counting
/// has to show up.
pub fn installed() -> bool {
    let was = counting();
    let before = COUNT.with(Cell::get);
    start();
    let probe = std::hint::black_box(Box::new(7u64));
    let n = stop();
    drop(probe);
    COUNT.with(|c| c.set(before));
    ON.with(|on| on.set(was));
    n > 0
}
