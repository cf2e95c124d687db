//! The grid of cells the levels and the bands work out their dependencies on: its size, the
//! square of cells within a reach of one cell, and a cell moved onto it.

/// A grid of `cols` by `rows` cells, row by row.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Grid {
    pub(super) cols: i64,
    pub(super) rows: i64,
}

impl Grid {
    /// The grid `cols` by `rows` cells.
    pub(super) fn new(cols: usize, rows: usize) -> Grid {
        Grid { cols: cols as i64, rows: rows as i64 }
    }

    /// The cells within `r` of (x, y) that lie on the grid, as a range across and one down.
    pub(super) fn square(
        self,
        (x, y): (i64, i64),
        r: i64,
    ) -> (std::ops::RangeInclusive<i64>, std::ops::RangeInclusive<i64>) {
        ((x - r).max(0)..=(x + r).min(self.cols - 1), (y - r).max(0)..=(y + r).min(self.rows - 1))
    }

    /// A cell moved onto the grid. A creature always stands on it, but were one ever off it,
    /// moving it in only brings it nearer the others: a dependency may be added, never lost.
    pub(super) fn clamp(self, (x, y): (i64, i64)) -> (i64, i64) {
        (x.clamp(0, self.cols - 1), y.clamp(0, self.rows - 1))
    }

    /// Where cell (x, y) is in a row-by-row buffer of the grid.
    pub(super) fn index(self, x: i64, y: i64) -> usize {
        (y * self.cols + x) as usize
    }
}
