//! The crowd's scene: the valley, 150 cells across and 100 down, seed 5, with 3000 creatures,
//! so there are five cells of ground for each creature. The crowd's chapter and the book's
//! live page both take it from here, so the page's crowd is the chapter's.

/// The seed of the valley, and of its crowd.
pub const SEED: u64 = 5;
/// The valley's width in cells, whatever its length.
pub const COLS: usize = 150;
/// The valley's length in cells.
pub const ROWS: usize = 100;
/// The crowd.
pub const CROWD: usize = 3000;
