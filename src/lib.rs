//! The book's own machinery. The chapters live in their crates; this package checks that the
//! book tells the truth about them.
//!
//! - [`blocks`] finds every console block in `book/src`, runs the command on its first line and
//!   compares (or rewrites) the output beneath it, pictures included.
//! - [`includes`] checks every `{{#include}}` names a file and an anchor that exist and are not
//!   empty, because mdBook renders a wrong anchor as an empty block without a word.

pub mod blocks;
pub mod includes;
pub mod run;
