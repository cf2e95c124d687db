//! A valley of creatures: plants that grow and get eaten, animals that look, think and act,
//! and the phase that steps all of them once a tick.
//!
//! One idea a file. `kind` holds the numbers every creature shares, `brain` the small network
//! each carries, `habitat` the valley they live in, `view` the reading of it taken when a phase
//! opens, `fan` the rays a creature looks with, `sense` the row of numbers its brain reads,
//! `act` the six things it can do, `roster` the crowd and its phase, and `crew` the threads that
//! cast fans side by side.

pub mod act;
pub mod brain;
pub mod crew;
pub mod fan;
pub mod habitat;
pub mod kind;
pub mod roster;
pub mod sense;
pub mod view;

pub use act::Act;
pub use brain::Brain;
pub use habitat::Habitat;
pub use roster::{Creature, Design, Roster, World};
pub use view::{Hit, View};

/// Stream numbers. Each random part of the creature world draws from its own.
pub const PLANT_STREAM: u64 = 11;
pub const SCATTER_STREAM: u64 = 12;
pub const WEATHER_STREAM: u64 = 13;
pub const BRAIN_STREAM: u64 = 14;
