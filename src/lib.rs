//! The book's own machinery. The chapters live in their crates; this package checks that the
//! book tells the truth about them.
//!
//! - [`console`] reads a page's console blocks: fence, command, output.
//! - [`blocks`] runs the command of every console block in `book/src` and compares (or
//!   rewrites) the output beneath it, pictures included.
//! - [`figures`] reads every figure the prose quotes from its block, and finds those typed.
//! - [`aims`] reads every aim a page declares and holds it to the blocks that judge it on the
//!   design as it stands.
//! - [`run`] runs one such command in-process, as a reader's `cargo run` would.
//! - [`chapters`] lists the book's chapters once, in order, with each crate's entry points.
//! - [`measure`] reruns the timing blocks one at a time, each under [`world::shell::busy`], the
//!   watcher that says how much CPU the rest of the machine used while a timing ran.
//! - [`includes`] checks every `{{#include}}` names a file and an anchor that exist, are not
//!   empty and are at most 40 lines, because mdBook renders a wrong anchor as an empty block.
//! - [`links`] checks every link to `page.md#heading` names a heading that is there, because
//!   mdBook renders a wrong one as a link to the top of the page, and the glossary is all such
//!   links.
//! - [`quiz`] holds every figure a quiz answers with to a deterministic block of its page.
//! - [`challenge`] holds the course's challenges and the check of each one that asks for code;
//!   [`hints`] their hints, one file each; [`args`] the command line the course's binaries
//!   share, and [`commands`] each one's flags.
//! - `driver` (with the `browser` feature) starts chromedriver for the browser check and the
//!   quiz test.
//! - [`pdf`] prints the whole book to one PDF and reads it back.
//! - [`pictures`] holds every picture in the pages to its own size, given in the page, and to
//!   loading only when the reader nears it.
//! - [`terms`] holds every glossary term to its definition: no page, in reading order, uses
//!   one before the place that defines it.
//! - [`timed_rows`] holds every timed designs table to a row for each switch its stage has now.
//! - [`repo`] finds the repository from the working directory.

// Chapter 3's allocation ledger runs in-process here too (the book check calls
// `crowd::run`), so every binary of this package counts allocations the way the crowd
// binary does. Counting is switched on per thread, only around a creature phase.
#[global_allocator]
static LEDGER: world::beast::ledger::Counting = world::beast::ledger::Counting;

pub mod aims;
pub mod args;
pub mod blocks;
pub mod challenge;
pub mod chapters;
pub mod commands;
pub mod console;
#[cfg(feature = "browser")]
pub mod driver;
pub mod figures;
pub mod hints;
pub mod includes;
pub mod links;
pub mod markdown;
pub mod measure;
pub mod pdf;
pub mod pictures;
pub mod quiz;
pub mod repo;
pub mod run;
pub mod terms;
pub mod timed_rows;
