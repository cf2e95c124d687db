//! A valley of creatures: plants that grow and get eaten, animals that look, think and act,
//! and the phase that steps all of them once a tick.
//!
//! One idea a file, and each file uses only the ones named before it here: `kind` holds the numbers
//! every creature shares, `design` the switches that put retired parts of the phase back,
//! `brain` the small network each creature carries, `creature` one creature and its eye,
//! `habitat` the valley they live in, `view` the reading of it taken when a phase opens, `fan`
//! the rays a creature looks with, `sense` the row of numbers its brain reads, `act` the six
//! things it can do, `crew` the looking done ahead on several threads, and `roster` the crowd
//! and its phase.

pub mod act;
pub mod brain;
pub mod creature;
pub mod crew;
pub mod design;
pub mod fan;
pub mod habitat;
pub mod kind;
pub mod roster;
pub mod sense;
pub mod view;

pub use act::Act;
pub use brain::Brain;
pub use creature::Creature;
pub use design::Design;
pub use habitat::Habitat;
pub use roster::{Moment, Roster, World};
pub use view::{Hit, View};

/// Stream numbers. Each random part of the creature world draws from its own.
pub const PLANT_STREAM: u64 = 11;
pub const SCATTER_STREAM: u64 = 12;
pub const WEATHER_STREAM: u64 = 13;
pub const BRAIN_STREAM: u64 = 14;
