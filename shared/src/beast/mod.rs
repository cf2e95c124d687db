//! Chapter 3's world: a valley of creatures, plants that grow and get eaten, animals that look,
//! think and act, and the phase that steps all of them once a tick.
//!
//! One idea a file, listed here from the numbers up to the world:
//!
//! - [`kind`]: the numbers every creature shares. [`design`]: the switches that put retired
//!   parts of the phase back. [`settings`]: how a world is run (threads, instructions).
//! - [`brain`]: the small network each creature carries. [`pack`]: four brains side by side,
//!   thinking at once in lanes. [`one`]: one brain's pass with its units in lanes.
//!   [`minds`]: the crowd's brains, four to a pack or apart.
//! - [`creature`]: one creature and its eye. [`habitat`]: the valley they live in.
//! - [`view`]: the reading of the valley taken when a phase opens, one view a file.
//! - [`fan`]: the rays a creature looks with. [`sense`]: the row of numbers its brain reads.
//!   [`act`]: the six things it can do.
//! - [`sight`]: everything the looking reads. [`ahead`]: the look ahead, before the walk.
//!   [`pool`]: the threads the look runs on for a whole run.
//! - [`roster`]: the crowd, the state a tick moves forward. [`phase`]: the phase that steps
//!   it, with only its threads, its scratch and its [`count`]s; `deaths`, its deaths.
//!   [`world`]: the valley and its crowd, founded and ticked.
//! - [`levels`]: which creatures may take their turns side by side, worked out as a phase
//!   opens.
//! - [`ledger`]: the counting allocator behind the allocation ledger.

pub mod act;
pub mod ahead;
pub mod brain;
pub mod count;
pub mod creature;
mod deaths;
pub mod design;
pub mod fan;
pub mod habitat;
pub mod kind;
pub mod ledger;
pub mod levels;
pub mod minds;
pub mod one;
pub mod pack;
pub mod phase;
pub mod pool;
pub mod roster;
pub mod sense;
pub mod settings;
pub mod sight;
pub mod view;
pub mod world;

pub use brain::Brain;
pub use creature::Creature;
pub use design::Design;
pub use settings::Settings;
pub use world::{Moment, World};
