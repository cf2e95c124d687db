//! The world the book builds, in six groups. Each group is a folder whose `mod.rs` lists its
//! members and says what each holds; each member is a file holding one idea.
//!
//! The simulation, four groups that need nothing but `sha2`, `rand_pcg` and `libm` (build with
//! `--no-default-features` for them alone, as a page running the world in a browser does):
//!
//! - [`base`]: the foundations: vectors, bodies, numbered random streams, digests, the valley.
//! - [`lanes`]: arithmetic in SIMD lanes, every lane's bits the scalar bits; knows no brains.
//! - [`flock`]: chapter 2's world: the three rules, steering, neighbour queries, the herd.
//! - [`beast`]: chapter 3's world: creatures, their brains, their views, the phase, the ledger,
//!   and the design's history as one table.
//!
//! The shell, behind the default feature `shell`:
//!
//! - `shell`: what every chapter binary does around its experiments: command line (chapter 3's
//!   design among it), files, progress, the `designs` table, and the test helpers.
//! - `pictures`: the palette, frames saved as PNGs, the valley painted, charts, films.
//!
//! **Where a chapter's world lives.** A chapter's ticking world, its state and its tick, lives
//! here, in the group of its chapter (`flock::herd`, `beast::world`), so the tick the book
//! shows is the tick every experiment and test runs. The chapter's crate holds its scene
//! (which valley, which crowd, which seed, the weights it chose) and its experiments, one
//! subcommand a module. Chapter 1's body is a foundation, in `base`.
//!
//! Nothing here reads a clock, a thread id or a map's iteration order, so a run is decided by
//! its seed and its tick count alone. The groups use each other in one direction only (a test,
//! `tests/map.rs`, fails on any cycle), in the order above: `base` stands on nothing; `lanes`
//! and `flock` on `base`; `beast` on `base` and `lanes`; `shell` on `beast` (for the design's
//! flags); `pictures` on `base` and `shell`.

#![warn(missing_docs)]

pub mod base;
pub mod beast;
pub mod flock;
pub mod lanes;
#[cfg(feature = "shell")]
pub mod pictures;
#[cfg(feature = "shell")]
pub mod shell;

pub use base::{Body, Vec2};
