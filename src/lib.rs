//! The book's own machinery. The chapters live in their crates; this package checks that the
//! book tells the truth about them.
//!
//! - [`blocks`] finds every console block in `book/src`, runs the command on its first line and
//!   compares (or rewrites) the output beneath it, pictures included.
//! - [`includes`] checks every `{{#include}}` names a file and an anchor that exist and are not
//!   empty, because mdBook renders a wrong anchor as an empty block without a word.
//! - [`links`] checks every link to `page.md#heading` names a heading that is there, because
//!   mdBook renders a wrong one as a link to the top of the page, and the glossary is all such
//!   links.
//! - [`repo`] finds the repository from the working directory.
//! - [`challenge`] holds the course's challenges and the check of each one that asks for code.

// Chapter 3's allocation ledger runs in-process here too (the book check calls
// `crowd::run`), so every binary of this package counts allocations the way the crowd
// binary does. Counting is switched on per thread, only around a creature phase.
#[global_allocator]
static LEDGER: world::beast::ledger::Counting = world::beast::ledger::Counting;

pub mod blocks;
pub mod challenge;
pub mod includes;
pub mod links;
pub mod repo;
pub mod run;
