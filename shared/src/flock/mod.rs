//! Chapter 2's world: walkers that steer by three rules heard from their neighbours, and the
//! ways of finding those neighbours.
//!
//! - [`rules`]: push apart, match heading, pull to the middle, their `Weights`, and the
//!   `Tally` a walker hears its neighbours into.
//! - [`steer`]: `Gait`, how a wish becomes a push, and `Wander`, a drifting heading.
//! - [`near`]: the `Query` every neighbour search answers, and the searches themselves.
//! - [`herd`]: `Herd`, the walkers and their tick.
//! - [`scene`]: the valley the herd walks on, its walkers and the rules' weights.

pub mod herd;
pub mod near;
pub mod rules;
pub mod scene;
pub mod steer;

pub use herd::{Herd, Listen};
