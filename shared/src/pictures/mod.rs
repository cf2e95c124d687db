//! Pictures of the world: the palette, frames of pixels saved as PNGs, a valley painted onto a
//! frame, charts drawn as SVG, and films, frames one after another in an animated PNG. Every
//! picture is the same bytes in every build, so the book check compares each to the byte.
//!
//! - [`palette`]: the named colours, and each kind of land's.
//! - [`frame`]: `Frame`, a grid of pixels, with its hash and its PNG.
//! - [`ground`]: a valley painted onto a frame.
//! - [`chart`]: `Chart`, every chart of the book, with its axes numbered and its key.
//! - [`film`]: `Film`, a moving picture, and the one limit on how long a filmed run may be.
//! - [`sketch`]: `Sketch`, a diagram of boxes, lines, dots and words written as SVG.

pub mod chart;
pub mod film;
pub mod frame;
pub mod ground;
pub mod palette;
pub mod sketch;

pub use frame::Frame;
