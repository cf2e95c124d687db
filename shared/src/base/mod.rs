//! The foundations every chapter stands on: a vector, a body, numbered random streams, the
//! digest that says two runs are one run, and the valley. Nothing here draws, reads a clock or
//! knows a chapter; everything else in the crate stands on these.
//!
//! - [`vec`](mod@vec): `Vec2`, a place, a speed or a push.
//! - [`body`]: `Body`, a place, a speed and this tick's pushes, and the step that spends them.
//! - [`streams`]: `Stream`, numbered random streams, and the register of every number in use.
//! - [`digest`]: SHA-256 over the raw bits of a run's numbers.
//! - [`valley`]: `Valley`, ground, water and rock on a grid of cells.
//! - [`window`]: the 192 by 128 window the first bodies fly in, its tether and its swarm.
//! - [`switchboard`]: a chapter's design as one table of switches, each with its typed part.

pub mod body;
pub mod digest;
pub mod streams;
pub mod switchboard;
pub mod valley;
pub mod vec;
pub mod window;

pub use body::Body;
pub use digest::Digest;
pub use streams::Stream;
pub use valley::{CELL, Land, Valley};
pub use vec::Vec2;
