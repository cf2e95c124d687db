//! The valley: a grid of cells that are ground, water or rock.
//!
//! One generator makes every valley in the book, from the 12 by 8 one that fits the window to
//! the 150 by 100 one chapter 3 fills with creatures. Its density of water and rock does not
//! depend on the size, so a bigger valley is the same kind of place, only more of it.
//!
//! A valley is only numbers here: its colours are in `pictures::palette` and its drawing in
//! `pictures::ground`, so the foundations never need a picture.

use super::streams::{self, Stream};

/// World pixels to a cell side: the size of a bucket in chapter 2 and of a creature's cell in
/// chapter 3, so a cell of the valley is the unit both chapters count in.
pub const CELL: f64 = 16.0;

/// What one cell of the valley is made of.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Land {
    /// Open ground: walkers cross it and creatures stand, graze and step on it.
    Ground,
    /// Water: no creature may step onto it, and a ray that meets it stops.
    Water,
    /// Bare rock, and every cell beyond the edge: a ray stops on it.
    Rock,
}

// ANCHOR: valley
/// A valley of `cols` by `rows` cells, stored row by row.
#[derive(Clone, Debug, PartialEq)]
pub struct Valley {
    /// Cells across.
    pub cols: usize,
    /// Cells down.
    pub rows: usize,
    land: Vec<Land>,
}
// ANCHOR_END: valley

/// Lattice spacing of the noise, in cells: features are a few cells across at every size.
const SPAN: usize = 4;
const WATER_BELOW: f64 = 0.30;
const ROCK_ABOVE: f64 = 0.72;

impl Valley {
    /// The valley of `seed`, `cols` by `rows` cells. Heights are smooth noise: a coarse lattice
    /// of random values every four cells, blended between; low ground floods and high ground is
    /// bare rock. Everything is plain arithmetic, so the same seed gives the same valley on
    /// every machine.
    pub fn new(seed: u64, cols: usize, rows: usize) -> Valley {
        assert!(cols > 0 && rows > 0, "a valley needs at least one cell");
        let (lw, lh) = (cols / SPAN + 2, rows / SPAN + 2);
        let mut s = Stream::new(seed, streams::TERRAIN);
        let lattice: Vec<f64> = (0..lw * lh).map(|_| s.unit()).collect();
        let ease = |t: f64| t * t * (3.0 - 2.0 * t);
        let mut land = Vec::with_capacity(cols * rows);
        for y in 0..rows {
            for x in 0..cols {
                let fx = (x as f64 + 0.5) / SPAN as f64;
                let fy = (y as f64 + 0.5) / SPAN as f64;
                let (ix, iy) = (fx as usize, fy as usize);
                let (tx, ty) = (ease(fx - ix as f64), ease(fy - iy as f64));
                let at = |i: usize, j: usize| lattice[j * lw + i];
                let top = at(ix, iy) + (at(ix + 1, iy) - at(ix, iy)) * tx;
                let bottom = at(ix, iy + 1) + (at(ix + 1, iy + 1) - at(ix, iy + 1)) * tx;
                let h = top + (bottom - top) * ty;
                land.push(if h < WATER_BELOW {
                    Land::Water
                } else if h > ROCK_ABOVE {
                    Land::Rock
                } else {
                    Land::Ground
                });
            }
        }
        Valley { cols, rows, land }
    }

    /// The land at a cell. Cells beyond the edge read as rock, so a
    /// caller can step one cell past an edge without a check of its own.
    pub fn at(&self, x: i64, y: i64) -> Land {
        if x < 0 || y < 0 || x >= self.cols as i64 || y >= self.rows as i64 {
            Land::Rock
        } else {
            self.land[y as usize * self.cols + x as usize]
        }
    }

    /// How many cells are of each kind: ground, water, rock.
    pub fn census(&self) -> [usize; 3] {
        let mut n = [0; 3];
        for l in &self.land {
            n[*l as usize] += 1;
        }
        n
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_seed_same_valley_other_seed_other_valley() {
        assert_eq!(Valley::new(5, 12, 8), Valley::new(5, 12, 8));
        assert_ne!(Valley::new(5, 40, 30), Valley::new(6, 40, 30));
    }

    #[test]
    fn off_the_grid_is_rock() {
        let v = Valley::new(5, 12, 8);
        for (x, y) in [(-1, 0), (0, -1), (12, 0), (0, 8), (-1, 3), (12, 7)] {
            assert_eq!(v.at(x, y), Land::Rock, "cell {x},{y}");
        }
    }

    #[test]
    fn every_size_is_mostly_ground_with_some_water_and_rock() {
        for (c, r) in [(12, 8), (150, 100), (150, 1000)] {
            let [g, w, k] = Valley::new(5, c, r).census();
            let n = (c * r) as f64;
            assert!(g as f64 > 0.55 * n, "{c}x{r}: ground {g}");
            if c * r > 1000 {
                assert!(w > 0 && k > 0, "{c}x{r}: water {w} rock {k}");
            }
        }
    }
}
