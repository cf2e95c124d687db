//! The looking: what a creature sees of the valley, and the row of numbers it makes of it.
//!
//! - [`view`]: the reading of the valley taken when a phase opens, one view a file.
//! - [`hit`]: what a ray meets on a cell, whatever the view.
//! - [`fan`]: the rays a creature looks with. [`sense`]: the row of numbers its brain reads.
//! - [`gone`]: who is gone, the marks every fan is cast against.

pub mod fan;
pub mod gone;
pub mod hit;
pub mod sense;
pub mod view;
