//! The thinking: the small network each creature carries, and the ways the crowd's passes are
//! worked through, one brain at a time or four side by side in lanes.
//!
//! - [`brain`]: one creature's network, 24 inputs, 12 hidden units, 6 scores.
//! - [`pack`]: four brains side by side, thinking at once in lanes.
//! - [`one`]: one brain's pass with its units in lanes.
//! - [`minds`]: the crowd's brains, four to a pack or apart.

pub mod brain;
pub mod minds;
pub mod one;
pub mod pack;
