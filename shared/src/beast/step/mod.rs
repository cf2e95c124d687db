//! The stepping: the crowd a tick moves forward, the phase that moves it, and what the phase
//! runs on.
//!
//! - [`roster`]: the crowd and its brains, the state a tick moves forward.
//! - [`sight`]: everything the looking reads, written down as a phase opens.
//! - [`ahead`]: the look ahead, every fan cast before the walk; [`pool`]: the threads it runs
//!   on for a whole run.
//! - [`levels`]: which creatures may take their turns side by side, worked out as a phase
//!   opens; [`bands`]: the valley cut into one band of rows a thread, and the few creatures on
//!   the seams that must wait for another band; `grid`, the cells both work them out on.
//! - [`phase`]: the phase that steps the roster, with only its threads, its scratch, its
//!   [`count`]s and its clock; `walk`, the walks it may go by, in roster order, by levels and
//!   by bands, one sibling file each; `deaths`, the deaths of the phase under way; [`times`],
//!   the phase's times thread by thread, when a run hands it a clock.

pub mod ahead;
pub mod bands;
pub mod count;
mod deaths;
mod grid;
pub mod levels;
pub mod phase;
pub mod pool;
pub mod roster;
#[cfg(test)]
mod seam;
pub mod sight;
pub mod times;
mod walk;
