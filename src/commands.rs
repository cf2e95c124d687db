//! The command lines of the course's own binaries (`src/bin`), each parsed by [`crate::args`]
//! or, for `blocks`, by the chapters' shell. They live in the library, not beside each `main`,
//! so that a test walks them as it walks the chapters': a flag naming a file to write that is
//! not given the file parser fails it.

pub mod blocks;
pub mod browser;
pub mod challenge;
pub mod class;
pub mod hint;
pub mod pdf;
