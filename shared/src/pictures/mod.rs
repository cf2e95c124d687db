//! Pictures of the world: the palette, frames of pixels saved as PNGs, a valley painted onto a
//! frame, charts drawn as SVG, and films, frames one after another in an animated PNG. Every
//! picture is the same bytes in every build, so the book check compares each to the byte.
//!
//! - [`palette`]: the named colours, and each kind of land's.
//! - [`frame`]: `Frame`, a grid of pixels, with its hash and its PNG.
//! - [`ground`]: a valley painted onto a frame.
//! - [`chart`]: `Chart`, every chart of the book, with its axes numbered and its key; drawn
//!   from [`axis`] (`Axis`, what an axis measures and where it is numbered), [`numbers`] (each
//!   number written as a reader writes it) and [`clip`] (a line cut to what the chart shows).
//! - [`film`]: `Film`, a moving picture, and the one limit on how long a filmed run may be.
//! - [`sketch`]: `Sketch`, a diagram of boxes, lines, dots and words written as SVG.

pub mod axis;
pub mod chart;
pub mod clip;
pub mod film;
pub mod frame;
pub mod ground;
pub mod numbers;
pub mod palette;
pub mod sketch;

pub use frame::Frame;
