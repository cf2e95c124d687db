//! The world the book builds, in six groups. Each group is a folder whose `mod.rs` lists its
//! members and says what each holds; each member is a file holding one idea.
//!
//! - [`base`]: the foundations: vectors, bodies, numbered random streams, digests, the valley.
//! - [`pictures`]: the palette, frames saved as PNGs, the valley painted, charts, films.
//! - [`flock`]: chapter 2's world: the three rules, steering, neighbour queries, the herd.
//! - [`lanes`]: arithmetic in SIMD lanes, every lane's bits the scalar bits; knows no brains.
//! - [`beast`]: chapter 3's world: creatures, their brains, their views, the phase, the ledger.
//! - [`shell`]: what every chapter binary does around its experiments: command line, files,
//!   progress, the `designs` table, and the test helpers.
//!
//! **Where a chapter's world lives.** A chapter's ticking world, its state and its tick, lives
//! here, in the group of its chapter (`flock::herd`, `beast::world`), so the tick the book
//! shows is the tick every experiment and test runs. The chapter's crate holds its scene
//! (which valley, which crowd, which seed, the weights it chose) and its experiments, one
//! subcommand a module. Chapter 1's body is a foundation, in `base`.
//!
//! Nothing here reads a clock, a thread id or a map's iteration order, so a run is decided by
//! its seed and its tick count alone. The groups use each other in one direction only (a test,
//! `tests/map.rs`, fails on any cycle): `base` and `shell` stand on nothing; `pictures` on
//! `base` and `shell`; `flock` and `lanes` on `base`; `beast` on all but `flock` and `pictures`.

#![warn(missing_docs)]

pub mod base;
pub mod beast;
pub mod flock;
pub mod lanes;
pub mod pictures;
pub mod shell;

pub use base::{Body, Vec2};
