//! Chapter 3's world: a valley of creatures, plants that grow and get eaten, animals that look,
//! think and act, and the phase that steps all of them once a tick.
//!
//! One idea a file, in three folders and the files beside them, listed here from the numbers
//! up to the world:
//!
//! - [`kind`]: the numbers every creature shares. [`design`]: the switches that put retired
//!   parts of the phase back. [`settings`]: how a world is run (threads, instructions).
//! - [`think`]: the small network each creature carries, and its passes, apart or in lanes.
//! - [`creature`]: one creature and its eye. [`habitat`]: the valley they live in.
//! - [`look`]: the views of the valley, the fans, and the sensor row. [`act`]: the six things
//!   a creature can do.
//! - [`step`]: the crowd, the state a tick moves forward, and the phase that steps it, with
//!   what it reads, the look ahead and its threads, its counts, its deaths, its levels and its
//!   bands.
//!   [`world`]: the valley and its crowd, founded and ticked.
//! - [`ledger`]: the counting allocator behind the allocation ledger.
//! - [`scene`]: the valley the crowd lives on, and how many creatures.

pub mod act;
pub mod creature;
pub mod design;
pub mod habitat;
pub mod kind;
pub mod ledger;
pub mod look;
pub mod scene;
pub mod settings;
pub mod step;
pub mod think;
pub mod world;

pub use creature::Creature;
pub use design::Design;
pub use settings::Settings;
pub use think::brain::Brain;
pub use world::{Moment, World};
