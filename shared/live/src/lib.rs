//! The three chapters' worlds as the book's live pages run them.
//!
//! Built for `wasm32-unknown-unknown` (`just wasm`), this crate is the module each chapter page
//! loads: the library's core and nothing else, so the page steps the very tick the chapter
//! binaries step and its digests are the book's, bit for bit. The interface is plain C: numbers
//! in, numbers out, no imports and no glue, so a page needs only `WebAssembly.instantiate` and
//! a canvas, and a test needs only an interpreter.
//!
//! - [`slots`]: the worlds a page has founded, each behind a small whole number, its handle.
//! - [`tether`]: chapter 1: the tethered body under both steps, and the swarm of `swarm`.
//! - [`herd`]: chapter 2: the herd on its valley, with the weights and the query the page picks.
//! - [`crowd`]: chapter 3: the valley and its 3000 creatures, under any one switch.
//!
//! A `*_new` call founds a world and gives its handle; every other call on a world takes the
//! handle and gives back a number or the address of a view: a run of `f64`s (or bytes) in the
//! module's memory that the page reads at once, before its next call, since the next call may
//! grow the memory and so move it. A digest is 16 bytes of lower-case hex. A call that cannot do
//! what it is asked (a handle nobody holds, a herd of more walkers than the chapter allows, a
//! weight out of bounds, no such switch) gives 0 and changes nothing. The tables of switches and
//! the valleys are made once and never move.
//!
//! The scenes are the chapters' own, kept in the library where the chapters take them too:
//! chapter 1's window, tether and swarm (`world::base::window`), the herd's valley and weights
//! (`world::flock::scene`) and the crowd's valley (`world::beast::scene`). The module hands
//! the page the numbers it draws by ([`calls`]), so the page types none of a chapter's numbers.
//! The book's tests (`tests/live.rs`) hold the module's every digest to the chapter's own run.

#![warn(missing_docs)]

pub mod calls;
pub mod crowd;
pub mod herd;
pub mod slots;
pub mod tether;

/// A digest's 16 hex digits as bytes, for the page to read out of memory.
pub fn hex(digest: &str) -> [u8; 16] {
    let mut out = [b'0'; 16];
    for (o, b) in out.iter_mut().zip(digest.bytes()) {
        *o = b;
    }
    out
}
