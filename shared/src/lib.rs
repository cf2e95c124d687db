//! The world the book builds, one small module per idea.
//!
//! Every chapter is a binary on top of this crate. Anything two chapters share lives here, and
//! nothing here reads a clock, a thread id or a map's iteration order, so a run is decided by its
//! seed and its tick count alone.

pub mod beast;
pub mod chart;
pub mod cli;
pub mod designs;
pub mod digest;
pub mod field;
pub mod film;
pub mod flock;
pub mod lanes;
pub mod ledger;
pub mod near;
pub mod out;
pub mod progress;
pub mod render;
pub mod rng;
pub mod steer;
pub mod terra;
#[cfg(feature = "testing")]
pub mod testing;
pub mod vec;

pub use field::Body;
pub use vec::Vec2;
