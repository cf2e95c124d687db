//! The view as it now stands: flat rows, one entry a cell, ringed with rock, and the quick cast
//! that the ring makes possible.

use super::View;
use crate::base::{Land, Valley};
use crate::beast::creature::Eye;
use crate::beast::habitat::Habitat;
use crate::beast::kind::{FAN, STEPS, STRIDE};
use crate::beast::look::fan::{self, Cast, Fan, OFFSETS, Ray, column};
use crate::beast::look::gone::Gone;
use crate::beast::look::hit::Hit;

/// No plant, no creature: the empty entry of a flat row or a list.
pub const NONE: u32 = u32::MAX;

/// The view in flat rows: a cell at (x, y) is one entry of each row, addressed like a pixel
/// in a picture one cell wider on every side. That ring of extra cells reads as rock, so a
/// ray that walks off the grid stops on the ring without a bounds check at every stride.
#[derive(Clone, Debug, Default)]
pub struct Flat {
    pub(super) cols: i64,
    pub(super) rows: i64,
    /// Entries in one row of the rows below: the grid's width and a ring cell at either end.
    pub(super) wide: i64,
    /// What each cell shows with no plant and nobody on it, coded as in `first`: worked out
    /// once for a grid, and copied into `first` at every refill.
    pub(super) bare: Vec<u32>,
    /// The plant on each cell, as an index into the habitat's stands, or NONE.
    pub(super) stand: Vec<u32>,
    /// Each cell's list: the first creature standing there (a roster place), and after the
    /// last creature, or at once on a cell nobody stands on, what a ray meets there instead,
    /// coded as `SHOWS + Hit`. So an empty cell is answered by one read.
    pub(super) first: Vec<u32>,
    /// For each roster place, what follows it in its cell's list.
    pub(super) next: Vec<u32>,
    /// For each cell, whether a plant stands on it or on one of the four cells beside it
    /// (`BESIDE`), and on any of the nine cells of a bite around it (`IN_REACH`): the two
    /// questions a creature's look ahead asks, answered by one read.
    pub(super) near: Vec<u8>,
}

/// Entries at or above this in a cell's list are not creatures but what the cell shows.
pub(super) const SHOWS: u32 = u32::MAX - 8;
/// What the cell shows, by its entry's distance above `SHOWS`.
pub(super) const SHOWN: [Hit; 5] = [Hit::Nothing, Hit::Creature, Hit::Plant, Hit::Water, Hit::Rock];

/// The bits of `Flat::near`.
const BESIDE: u8 = 1;
const IN_REACH: u8 = 2;

impl Flat {
    /// Where a cell sits in the rows, or None off the grid. Testing x against the width is
    /// what keeps x = -1 from being read as a cell of the row above.
    #[inline]
    pub(super) fn slot(&self, x: i64, y: i64) -> Option<usize> {
        if x < 0 || y < 0 || x >= self.cols || y >= self.rows {
            None
        } else {
            Some(self.ringed(x, y))
        }
    }

    // ANCHOR: ringed
    /// Where a cell of the grid, or of the ring of rock around it, sits in the rows. Only
    /// for cells known to be one or the other: a ray that started on the grid and moves a
    /// quarter cell a stride cannot get further off it than the ring before it stops.
    #[inline]
    pub fn ringed(&self, x: i64, y: i64) -> usize {
        ((y + 1) * self.wide + x + 1) as usize
    }
    // ANCHOR_END: ringed

    /// Whether a place lies on the grid, so that a ray cast from it is caught by the ring.
    #[inline]
    pub fn holds(&self, x: f64, y: f64) -> bool {
        x >= 0.0 && y >= 0.0 && x < self.cols as f64 && y < self.rows as f64
    }

    // ANCHOR: refill
    /// Points the rows at this habitat and these cells again. Memory is only asked for when
    /// the grid or the crowd is bigger than any before it.
    pub fn refill(&mut self, hab: &Habitat, cells: &[(i64, i64)]) {
        self.fit(&hab.ground, cells.len());
        self.first.clear();
        self.first.extend_from_slice(&self.bare);
        for (i, st) in hab.stands.iter().enumerate() {
            if let Some(s) = self.slot(st.x, st.y) {
                self.stand[s] = i as u32;
                if self.bare[s] == SHOWS + Hit::Nothing as u32 {
                    self.first[s] = SHOWS + Hit::Plant as u32;
                }
                self.mark_near(st.x, st.y);
            }
        }
        self.link(cells);
    }
    // ANCHOR_END: refill

    /// Sizes the rows for this grid and a crowd of `n`, every plant and every list cleared; a
    /// new grid's bare ground, ring included, is worked out here once. Says whether the grid
    /// was new.
    pub(super) fn fit(&mut self, g: &Valley, n: usize) -> bool {
        let new = self.cols != g.cols as i64 || self.rows != g.rows as i64;
        if new {
            self.cols = g.cols as i64;
            self.rows = g.rows as i64;
            self.wide = self.cols + 2;
            self.bare.clear();
            for y in -1..=self.rows {
                for x in -1..=self.cols {
                    let hit = match g.at(x, y) {
                        Land::Water => Hit::Water,
                        Land::Rock => Hit::Rock,
                        Land::Ground => Hit::Nothing,
                    };
                    self.bare.push(SHOWS + hit as u32);
                }
            }
        }
        let cells = self.bare.len();
        self.stand.clear();
        self.stand.resize(cells, NONE);
        self.near.clear();
        self.near.resize(cells, 0);
        self.next.clear();
        self.next.resize(n, NONE);
        new
    }

    // ANCHOR: near
    /// Marks the 3x3 cells around a plant at (x, y) as having one in reach, and the cell and
    /// the four beside it as having one beside.
    pub(super) fn mark_near(&mut self, x: i64, y: i64) {
        for dy in -1..=1 {
            for dx in -1..=1 {
                let beside = if dx == 0 || dy == 0 { BESIDE } else { 0 };
                let at = self.ringed(x + dx, y + dy);
                self.near[at] |= IN_REACH | beside;
            }
        }
    }

    /// Whether a plant stands on cell (x, y) or one of the four beside it, and whether one
    /// stands anywhere in the 3x3 cells around it: one read on the grid, and off it the nine
    /// cells asked one by one.
    #[inline]
    pub fn plants_near(&self, x: i64, y: i64) -> (bool, bool) {
        match self.slot(x, y) {
            Some(s) => (self.near[s] & BESIDE != 0, self.near[s] & IN_REACH != 0),
            None => self.plants_near_nine(x, y),
        }
    }
    // ANCHOR_END: near

    /// Threads every creature onto its cell's list, in roster order.
    pub(super) fn link(&mut self, cells: &[(i64, i64)]) {
        for (i, &(x, y)) in cells.iter().enumerate() {
            if let Some(s) = self.slot(x, y) {
                self.next[i] = self.first[s];
                self.first[s] = i as u32;
            }
        }
    }

    /// What a ray meets on cell (x, y), leaving out creature `me` and the ones marked gone;
    /// off the grid, rock.
    #[inline]
    pub fn at(&self, x: i64, y: i64, me: u32, gone: &Gone) -> Hit {
        match self.slot(x, y) {
            Some(s) => self.at_slot(s, me, gone),
            None => Hit::Rock,
        }
    }

    /// The bytes of the rows a phase reads: what every cell shows and holds, ring included,
    /// what it shows bare (copied at every refill), the plants near it, and each creature's
    /// place in its cell's list.
    pub fn bytes(&self) -> usize {
        let words = self.bare.len() + self.stand.len() + self.first.len() + self.next.len();
        words * size_of::<u32>() + self.near.len() * size_of::<u8>()
    }

    // ANCHOR: at_slot
    /// What a ray meets on the cell at `s` in the rows.
    #[inline]
    pub fn at_slot(&self, s: usize, me: u32, gone: &Gone) -> Hit {
        let mut c = self.first[s];
        while c < SHOWS {
            if c != me && !gone.is(c as usize) {
                return Hit::Creature;
            }
            c = self.next[c as usize];
        }
        SHOWN[(c - SHOWS) as usize]
    }
    // ANCHOR_END: at_slot

    /// Cell (x, y)'s list as the rows thread it: the roster places standing there, in the order
    /// the list visits them, and what the bare cell shows after them; none off the grid. For the book's
    /// picture of the rows, not for the phase, which walks the list in `at_slot`.
    pub fn chain(&self, x: i64, y: i64) -> Option<(Vec<u32>, Hit)> {
        let mut c = self.first[self.slot(x, y)?];
        let mut places = Vec::new();
        while c < SHOWS {
            places.push(c);
            c = self.next[c as usize];
        }
        Some((places, SHOWN[(c - SHOWS) as usize]))
    }

    /// The plant on cell (x, y), as an index into the habitat's stands.
    #[inline]
    pub fn stand(&self, x: i64, y: i64) -> Option<u32> {
        self.slot(x, y).map(|s| self.stand[s]).filter(|&i| i != NONE)
    }
}

impl Flat {
    // ANCHOR: quick
    /// The same cast on flat rows, for an eye on the grid: the same strides to the same places,
    /// the same cells asked in the same order, the same rays. What leaves the stride loop is the
    /// work of turning a place into a cell. A stride moves less than a cell, so the cell it lands
    /// in is the last one asked about or its neighbour, and comparing the place with the last
    /// cell's edges tells which: the cell and its place in the rows step by one, with no whole
    /// number worked out and no bounds checked. The flat rows are ringed with rock, and a ray
    /// that reaches the ring stops there.
    fn cast_quick(&self, eye: Eye, me: u32, gone: &Gone, fan: &mut Fan) {
        let (ch, sh) = eye.facing;
        let (ex, ey) = (column(eye.x), column(eye.y));
        let home = self.ringed(ex, ey);
        let down = self.ringed(ex, ey + 1) - home;
        let offsets: &[(f64, f64); FAN] = &OFFSETS;
        for (ray, &(co, so)) in fan.iter_mut().zip(offsets) {
            let dx = (ch * co - sh * so) * STRIDE;
            let dy = (sh * co + ch * so) * STRIDE;
            *ray = Ray::BLANK;
            // The cell the eye is in, or the one the last stride asked about: where it sits in
            // the rows, and its left and top edges (whole numbers, so exact as f64).
            let mut at = home;
            let (mut left, mut top) = (ex as f64, ey as f64);
            // The first stride asks even if it is still in the eye's cell.
            let mut ask = true;
            let mut k = 1;
            // ANCHOR_END: quick
            // ANCHOR: stride
            while k <= STEPS {
                let (x, y) = (eye.x + dx * k as f64, eye.y + dy * k as f64);
                if x < left {
                    (left, at, ask) = (left - 1.0, at - 1, true);
                } else if x >= left + 1.0 {
                    (left, at, ask) = (left + 1.0, at + 1, true);
                }
                if y < top {
                    (top, at, ask) = (top - 1.0, at - down, true);
                } else if y >= top + 1.0 {
                    (top, at, ask) = (top + 1.0, at + down, true);
                }
                if ask {
                    let hit = self.at_slot(at, me, gone);
                    if hit != Hit::Nothing {
                        *ray = Ray { hit, steps: k as u8 };
                        break;
                    }
                    ask = false;
                }
                k += 1;
            }
            // ANCHOR_END: stride
        }
    }
}

impl View for Flat {
    fn refill(&mut self, hab: &Habitat, cells: &[(i64, i64)]) {
        Flat::refill(self, hab, cells);
    }

    #[inline]
    fn at(&self, _ground: &Valley, x: i64, y: i64, me: u32, gone: &Gone) -> Hit {
        Flat::at(self, x, y, me, gone)
    }

    #[inline]
    fn stand(&self, x: i64, y: i64) -> Option<u32> {
        Flat::stand(self, x, y)
    }

    /// By the quick cast for an eye on the grid (the ring stops every ray), stride by stride
    /// for any other, or when the design asks for strides.
    fn cast(&self, _ground: &Valley, eye: Eye, me: u32, gone: &Gone, rays: &mut Fan, how: Cast) {
        if how == Cast::Quick && self.holds(eye.x, eye.y) {
            self.cast_quick(eye, me, gone, rays);
        } else {
            fan::cast_by(how, eye, rays, |x, y| Flat::at(self, x, y, me, gone));
        }
    }

    #[inline]
    fn plants_near(&self, x: i64, y: i64) -> (bool, bool) {
        Flat::plants_near(self, x, y)
    }

    fn bytes(&self) -> Option<usize> {
        Some(Flat::bytes(self))
    }

    fn renew(&mut self) {
        *self = Flat::default();
    }
}
