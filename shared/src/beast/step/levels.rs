//! The levels of a phase: which creatures may take their turns side by side.
//!
//! In its turn a creature writes only two things another creature reads: the grams of a plant
//! it bites, within [`REACH`] of its cell, and its own death, which later fans within sight
//! must see. So a creature depends on an earlier one in the roster when their cells are within
//! `2 * REACH` of each other (one may bite what the other reads), or when one of them is at
//! risk of dying and the other's fan may touch its cell ([`WATCHED`]). Its level is one more
//! than the highest level of the earlier creatures it depends on. Two creatures of one level
//! never depend on each other, so a level's turns can be taken on every thread at once, level
//! after level, and each creature meets exactly the plants and the deaths the roster order
//! gives it.

use crate::beast::act;
use crate::beast::kind::REACH;
use crate::beast::look::fan::WATCHED;
use crate::beast::step::grid::Grid;
use crate::beast::step::sight::Snapshot;

/// How far apart, across or down, two cells may be for a bite from one to touch a plant the
/// other reads: each reads and bites within [`REACH`] of its own cell.
pub const CLOSE: i64 = 2 * REACH;

/// The levels worked out when a phase opens, with the grids they are worked out on. Every
/// buffer keeps its room from tick to tick, and the crowd only shrinks, so after the first
/// phase none of them grows.
#[derive(Debug, Default)]
pub struct Levels {
    /// Each roster place's level, from 1.
    level: Vec<u32>,
    /// The roster places, level by level, in roster order within a level.
    order: Vec<u32>,
    /// Where each level starts in `order`, and after the last level where `order` ends.
    starts: Vec<u32>,
    /// The creatures at risk of dying this phase.
    risk: usize,
    /// For each cell, the highest level of a creature standing on it so far.
    top: Vec<u32>,
    /// For each cell, the highest level so far of a creature at risk whose cell is within
    /// [`WATCHED`] of it.
    watched: Vec<u32>,
    /// The valley's grid of cells, as the phase opened.
    grid: Grid,
}

impl Levels {
    /// Room for the levels of `n` creatures, asked for once so that no phase grows it.
    pub fn reserve(&mut self, n: usize) {
        self.level.reserve(n);
        self.order.reserve(n);
        self.starts.reserve(n + 2);
    }

    /// Works out the level of every creature in `snap`, in roster order, from the cells and
    /// stores the phase opened on.
    pub fn work_out(&mut self, snap: &Snapshot) {
        let (cols, rows) = (snap.ground.cols, snap.ground.rows);
        self.grid = Grid::new(cols, rows);
        for grid in [&mut self.top, &mut self.watched] {
            grid.clear();
            grid.resize(cols * rows, 0);
        }
        let n = snap.cells.len();
        self.level.clear();
        self.level.reserve(n);
        self.risk = 0;
        for (&cell, &store) in snap.cells.iter().zip(&snap.stores) {
            let l = self.place(self.grid.clamp(cell), act::at_risk(store));
            self.level.push(l);
        }
        self.group();
    }

    // ANCHOR: place
    /// The level of the next creature in the roster, standing on `cell`, at risk or not, and
    /// the grids brought up to date with it.
    fn place(&mut self, (x, y): (i64, i64), risky: bool) -> u32 {
        let at = self.grid.index(x, y);
        let mut under = self.highest(&self.top, (x, y), CLOSE).max(self.watched[at]);
        if risky {
            self.risk += 1;
            under = under.max(self.highest(&self.top, (x, y), WATCHED));
        }
        let l = under + 1;
        self.top[at] = l;
        if risky {
            let (xs, ys) = self.grid.square((x, y), WATCHED);
            for y in ys {
                for x in xs.clone() {
                    let k = self.grid.index(x, y);
                    self.watched[k] = self.watched[k].max(l);
                }
            }
        }
        l
    }
    // ANCHOR_END: place

    /// The highest entry of `grid` on the cells within `r` of (x, y), across and down.
    fn highest(&self, grid: &[u32], (x, y): (i64, i64), r: i64) -> u32 {
        let (xs, ys) = self.grid.square((x, y), r);
        let mut most = 0;
        for y in ys {
            let row = y * self.grid.cols;
            for x in xs.clone() {
                most = most.max(grid[(row + x) as usize]);
            }
        }
        most
    }

    /// Sorts the roster places by level, keeping roster order within each: a count of each
    /// level, then each place dropped into its level's run.
    fn group(&mut self) {
        let n = self.level.len();
        let levels = self.level.iter().copied().max().unwrap_or(0) as usize;
        self.starts.clear();
        self.starts.reserve(n + 2);
        self.starts.resize(levels + 2, 0);
        for &l in &self.level {
            self.starts[l as usize + 1] += 1;
        }
        for k in 1..self.starts.len() {
            self.starts[k] += self.starts[k - 1];
        }
        self.order.clear();
        self.order.resize(n, 0);
        for (i, &l) in self.level.iter().enumerate() {
            let at = &mut self.starts[l as usize];
            self.order[*at as usize] = i as u32;
            *at += 1;
        }
        // Each level's start has moved on to where the level ends, which is where the next
        // one starts; the last entry, the end once more, goes.
        self.starts.pop();
    }

    /// How many levels this phase has: the length of its longest chain of creatures, each
    /// depending on the one before.
    pub fn count(&self) -> usize {
        self.starts.len().saturating_sub(1)
    }

    /// The roster places of level `k`, counted from 0, in roster order.
    pub fn level(&self, k: usize) -> &[u32] {
        &self.order[self.starts[k] as usize..self.starts[k + 1] as usize]
    }

    /// Each roster place's level, from 1.
    pub fn of(&self) -> &[u32] {
        &self.level
    }

    /// The creatures at risk of dying this phase: the only ones that can.
    pub fn at_risk(&self) -> usize {
        self.risk
    }
}
