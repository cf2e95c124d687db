//! The view: one reading of the valley taken when a phase opens, answering two questions a
//! cell at a time: which plant stands here, and is any creature (other than me) standing here.
//!
//! Two builds answer the same questions. `Flat` keeps one entry a cell, addressed like a pixel;
//! `Hashed` is the design as first wired, two hash maps keyed by the cell. Only the flat one is
//! refilled in place; the hashed one is built new every time, which is how it was used.

use super::habitat::Habitat;
use crate::terra::{Land, Valley};

/// What a ray meets on a cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Hit {
    Nothing,
    Creature,
    Plant,
    Water,
    Rock,
}

impl Hit {
    /// The number the sensor row carries for it.
    pub fn code(self) -> f64 {
        match self {
            Hit::Nothing => 0.0,
            Hit::Creature => 1.0,
            Hit::Plant => 0.5,
            Hit::Water => -0.5,
            Hit::Rock => -1.0,
        }
    }
}

/// No plant, no creature: the empty entry of a flat row or a list.
pub const NONE: u32 = u32::MAX;

// ANCHOR: flat
/// The view in flat rows: a cell at (x, y) is one entry of each row, addressed like a pixel
/// in a picture one cell wider on every side. That ring of extra cells reads as rock, so a
/// ray that walks off the grid stops on the ring without a bounds check at every stride.
#[derive(Clone, Debug, Default)]
pub struct Flat {
    cols: i64,
    rows: i64,
    /// Entries in one row of the rows below: the grid's width and a ring cell at either end.
    wide: i64,
    /// What each cell shows with no plant and nobody on it, coded as in `first`: worked out
    /// once for a grid, and copied into `first` at every refill.
    bare: Vec<u32>,
    /// The plant on each cell, as an index into the habitat's stands, or NONE.
    stand: Vec<u32>,
    /// Each cell's list: the first creature standing there (a roster place), and after the
    /// last creature, or at once on a cell nobody stands on, what a ray meets there instead,
    /// coded as `SHOWS + Hit`. So an empty cell is answered by one read.
    first: Vec<u32>,
    /// For each roster place, what follows it in its cell's list.
    next: Vec<u32>,
    /// For each cell, whether a plant stands on it or on one of the four cells beside it
    /// (`BESIDE`), and on any of the nine cells of a bite around it (`IN_REACH`): the two
    /// questions a creature's look ahead asks, answered by one read.
    near: Vec<u8>,
}

/// Entries at or above this in a cell's list are not creatures but what the cell shows.
const SHOWS: u32 = u32::MAX - 8;
const SHOWN: [Hit; 5] = [Hit::Nothing, Hit::Creature, Hit::Plant, Hit::Water, Hit::Rock];

/// The bits of `Flat::near`.
const BESIDE: u8 = 1;
const IN_REACH: u8 = 2;

impl Flat {
    /// Where a cell sits in the rows, or None off the grid. Testing x against the width is
    /// what keeps x = -1 from being read as a cell of the row above.
    #[inline]
    fn slot(&self, x: i64, y: i64) -> Option<usize> {
        if x < 0 || y < 0 || x >= self.cols || y >= self.rows {
            None
        } else {
            Some(self.ringed(x, y))
        }
    }

    /// Where a cell of the grid, or of the ring of rock around it, sits in the rows. Only
    /// for cells known to be one or the other: a ray that started on the grid and moves a
    /// quarter cell a stride cannot get further off it than the ring before it stops.
    #[inline]
    pub fn ringed(&self, x: i64, y: i64) -> usize {
        ((y + 1) * self.wide + x + 1) as usize
    }

    /// Whether a place lies on the grid, so that a ray cast from it is caught by the ring.
    #[inline]
    pub fn holds(&self, x: f64, y: f64) -> bool {
        x >= 0.0 && y >= 0.0 && x < self.cols as f64 && y < self.rows as f64
    }

    /// Points the rows at this habitat and these cells again. Memory is only asked for when
    /// the grid or the crowd is bigger than any before it.
    pub fn refill(&mut self, hab: &Habitat, cells: &[(i64, i64)]) {
        let g = &hab.ground;
        if self.cols != g.cols as i64 || self.rows != g.rows as i64 {
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
        let n = self.bare.len();
        self.stand.clear();
        self.stand.resize(n, NONE);
        self.near.clear();
        self.near.resize(n, 0);
        self.next.clear();
        self.next.resize(cells.len(), NONE);
        self.first.clear();
        self.first.extend_from_slice(&self.bare);
        for (i, st) in hab.stands.iter().enumerate() {
            if let Some(s) = self.slot(st.x, st.y) {
                self.stand[s] = i as u32;
                if self.bare[s] == SHOWS + Hit::Nothing as u32 {
                    self.first[s] = SHOWS + Hit::Plant as u32;
                }
                for dy in -1..=1 {
                    for dx in -1..=1 {
                        let beside = if dx == 0 || dy == 0 { BESIDE } else { 0 };
                        let at = self.ringed(st.x + dx, st.y + dy);
                        self.near[at] |= IN_REACH | beside;
                    }
                }
            }
        }
        for (i, &(x, y)) in cells.iter().enumerate() {
            if let Some(s) = self.slot(x, y) {
                self.next[i] = self.first[s];
                self.first[s] = i as u32;
            }
        }
    }

    #[inline]
    pub fn at(&self, x: i64, y: i64, me: u32, gone: &[bool]) -> Hit {
        match self.slot(x, y) {
            Some(s) => self.at_slot(s, me, gone),
            None => Hit::Rock,
        }
    }

    /// What a ray meets on the cell at `s` in the rows.
    #[inline]
    pub fn at_slot(&self, s: usize, me: u32, gone: &[bool]) -> Hit {
        let mut c = self.first[s];
        while c < SHOWS {
            if c != me && !gone[c as usize] {
                return Hit::Creature;
            }
            c = self.next[c as usize];
        }
        SHOWN[(c - SHOWS) as usize]
    }

    #[inline]
    pub fn stand(&self, x: i64, y: i64) -> Option<u32> {
        self.slot(x, y).map(|s| self.stand[s]).filter(|&i| i != NONE)
    }

    /// Whether a plant stands on cell (x, y) or one of the four beside it, and whether one
    /// stands anywhere in the 3x3 cells around it.
    #[inline]
    pub fn plants_near(&self, x: i64, y: i64) -> (bool, bool) {
        let n = self.slot(x, y).map_or_else(|| self.plants_near_slow(x, y), |s| self.near[s]);
        (n & BESIDE != 0, n & IN_REACH != 0)
    }

    /// The same question for a cell off the grid, asked cell by cell.
    fn plants_near_slow(&self, x: i64, y: i64) -> u8 {
        let (beside, in_reach) = plants_near_by(|x, y| self.stand(x, y), x, y);
        (if beside { BESIDE } else { 0 }) | if in_reach { IN_REACH } else { 0 }
    }
}
// ANCHOR_END: flat

/// Whether a plant stands on (x, y) or beside it, and anywhere in the 3x3 around it, asked
/// of `stand` one cell at a time.
fn plants_near_by(stand: impl Fn(i64, i64) -> Option<u32>, x: i64, y: i64) -> (bool, bool) {
    let any = |cells: &[(i64, i64)]| cells.iter().any(|&(dx, dy)| stand(x + dx, y + dy).is_some());
    let beside = any(&[(0, 0), (1, 0), (-1, 0), (0, 1), (0, -1)]);
    (beside, beside || any(&[(-1, -1), (1, -1), (-1, 1), (1, 1)]))
}

// ANCHOR: hashed
/// The view as first wired: two hash maps keyed by cell, one giving the plant there and the
/// other the creatures there. Only ever looked up, never walked, so its order cannot leak into
/// a result.
#[allow(
    clippy::disallowed_types,
    reason = "the retired design the chapter measures: looked up by cell, never walked"
)]
#[derive(Clone, Debug, Default)]
pub struct Hashed {
    stand: std::collections::HashMap<(i64, i64), u32>,
    herd: std::collections::HashMap<(i64, i64), Vec<u32>>,
}

impl Hashed {
    pub fn new(hab: &Habitat, cells: &[(i64, i64)]) -> Hashed {
        let mut v = Hashed::default();
        for (i, st) in hab.stands.iter().enumerate() {
            v.stand.insert((st.x, st.y), i as u32);
        }
        for (i, &c) in cells.iter().enumerate() {
            v.herd.entry(c).or_default().push(i as u32);
        }
        v
    }

    pub fn at(&self, ground: &Valley, x: i64, y: i64, me: u32, gone: &[bool]) -> Hit {
        let land = ground.at(x, y);
        let off = x < 0 || y < 0 || x >= ground.cols as i64 || y >= ground.rows as i64;
        if off {
            return Hit::Rock;
        }
        if let Some(here) = self.herd.get(&(x, y))
            && here.iter().any(|&c| c != me && !gone[c as usize])
        {
            return Hit::Creature;
        }
        match land {
            Land::Water => Hit::Water,
            Land::Rock => Hit::Rock,
            Land::Ground if self.stand.contains_key(&(x, y)) => Hit::Plant,
            Land::Ground => Hit::Nothing,
        }
    }

    pub fn stand(&self, x: i64, y: i64) -> Option<u32> {
        self.stand.get(&(x, y)).copied()
    }
}
// ANCHOR_END: hashed

/// The one question a ray asks, so a fan can be cast against either build with the build
/// chosen once a fan rather than once a stride.
pub trait Look {
    fn at(&self, ground: &Valley, x: i64, y: i64, me: u32, gone: &[bool]) -> Hit;
}

impl Look for Flat {
    #[inline]
    fn at(&self, _ground: &Valley, x: i64, y: i64, me: u32, gone: &[bool]) -> Hit {
        Flat::at(self, x, y, me, gone)
    }
}

impl Look for Hashed {
    #[inline]
    fn at(&self, ground: &Valley, x: i64, y: i64, me: u32, gone: &[bool]) -> Hit {
        Hashed::at(self, ground, x, y, me, gone)
    }
}

/// Either build, behind one pair of questions.
#[derive(Clone, Debug)]
pub enum View {
    Flat(Flat),
    Hashed(Hashed),
}

impl View {
    /// A new view of one build or the other.
    pub fn build(hab: &Habitat, cells: &[(i64, i64)], maps: bool) -> View {
        if maps {
            View::Hashed(Hashed::new(hab, cells))
        } else {
            let mut f = Flat::default();
            f.refill(hab, cells);
            View::Flat(f)
        }
    }

    /// What a ray meets on cell (x, y), leaving out creature `me` and the ones marked gone.
    /// Off the grid, the answer is always rock.
    #[inline]
    pub fn at(&self, ground: &Valley, x: i64, y: i64, me: u32, gone: &[bool]) -> Hit {
        match self {
            View::Flat(f) => f.at(x, y, me, gone),
            View::Hashed(h) => h.at(ground, x, y, me, gone),
        }
    }

    /// The plant standing on cell (x, y), as an index into the habitat's stands.
    #[inline]
    pub fn stand(&self, x: i64, y: i64) -> Option<u32> {
        match self {
            View::Flat(f) => f.stand(x, y),
            View::Hashed(h) => h.stand(x, y),
        }
    }

    /// Whether a plant stands on cell (x, y) or one of the four cells beside it, and whether
    /// one stands anywhere in the 3x3 cells a bite from there reaches.
    #[inline]
    pub fn plants_near(&self, x: i64, y: i64) -> (bool, bool) {
        match self {
            View::Flat(f) => f.plants_near(x, y),
            View::Hashed(h) => plants_near_by(|x, y| h.stand(x, y), x, y),
        }
    }

    /// The grams standing on a cell right now: the plant is found in the view, its mass is
    /// read live from the habitat.
    #[inline]
    pub fn mass(&self, hab: &Habitat, x: i64, y: i64) -> f64 {
        self.stand(x, y).map_or(0.0, |i| hab.stands[i as usize].mass)
    }
}

/// A random valley for tests that compare two ways of looking: `least` plus up to `span`
/// cells each way, creatures on up to one cell in `thin`, and a fifth of them marked gone.
#[cfg(test)]
pub(crate) fn random_scene(
    s: &mut crate::rng::Stream,
    seed: u64,
    least: usize,
    span: (usize, usize),
    thin: usize,
) -> (Habitat, Vec<(i64, i64)>, Vec<bool>) {
    let (c, r) = (least + s.index(span.0), least + s.index(span.1));
    let hab = Habitat::new(seed, c, r);
    let n = s.index(c * r / thin) + 1;
    let cells: Vec<(i64, i64)> = (0..n).map(|_| (s.index(c) as i64, s.index(r) as i64)).collect();
    let gone = cells.iter().map(|_| s.chance(0.2)).collect();
    (hab, cells, gone)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::Stream;

    #[test]
    fn off_the_grid_reads_as_rock_in_both_builds() {
        let hab = Habitat::new(5, 12, 8);
        // A creature on every cell of the left and right columns: a view that let x = -1
        // wrap to the row above would see one of them.
        let mut cells = Vec::new();
        for y in 0..8 {
            cells.push((0, y));
            cells.push((11, y));
        }
        let gone = vec![false; cells.len()];
        for maps in [false, true] {
            let v = View::build(&hab, &cells, maps);
            for y in -1..=8 {
                for x in [-1, 12] {
                    assert_eq!(v.at(&hab.ground, x, y, NONE, &gone), Hit::Rock, "{x},{y}");
                }
            }
            for x in -1..=12 {
                for y in [-1, 8] {
                    assert_eq!(v.at(&hab.ground, x, y, NONE, &gone), Hit::Rock, "{x},{y}");
                }
            }
            assert_eq!(v.stand(-1, 3), None);
            assert_eq!(v.at(&hab.ground, 0, 3, NONE, &gone), Hit::Creature);
        }
    }

    #[test]
    fn flat_and_hashed_answer_alike_on_random_valleys() {
        for seed in 0..12u64 {
            let mut s = Stream::new(seed, 99);
            let (hab, cells, gone) = random_scene(&mut s, seed, 3, (30, 20), 2);
            let (c, r) = (hab.ground.cols, hab.ground.rows);
            let (flat, hashed) =
                (View::build(&hab, &cells, false), View::build(&hab, &cells, true));
            let mut refilled = View::build(&hab, &[(0, 0)], false);
            if let View::Flat(f) = &mut refilled {
                f.refill(&hab, &cells);
            }
            for y in -2..r as i64 + 2 {
                for x in -2..c as i64 + 2 {
                    let me = s.index(cells.len()) as u32;
                    let want = hashed.at(&hab.ground, x, y, me, &gone);
                    assert_eq!(flat.at(&hab.ground, x, y, me, &gone), want, "seed {seed} {x},{y}");
                    assert_eq!(refilled.at(&hab.ground, x, y, me, &gone), want);
                    assert_eq!(flat.stand(x, y), hashed.stand(x, y));
                }
            }
        }
    }
}
