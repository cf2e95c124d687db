//! The view: one reading of the valley taken when a phase opens, answering two questions a
//! cell at a time: which plant stands here, and is any creature (other than me) standing here.
//!
//! Three builds answer the same questions, each a sibling of the one that replaced it. `Flat`
//! keeps one entry a cell in rows ringed with rock; `Unringed` is the same rows as they stood
//! before the second round, with no ring; `Hashed` is the view as first wired, two hash maps
//! keyed by the cell. Which one a phase reads is the design's choice, made when it opens.

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
    /// What each cell is made of, kept only by the retired `refill_rebuilt` (`--rebuilt`).
    land: Vec<Land>,
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
    /// new grid's bare ground, ring included, is worked out here once.
    fn fit(&mut self, g: &Valley, n: usize) {
        if self.cols != g.cols as i64 || self.rows != g.rows as i64 {
            self.cols = g.cols as i64;
            self.rows = g.rows as i64;
            self.wide = self.cols + 2;
            self.bare.clear();
            self.land.clear();
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
    }

    // ANCHOR: near
    /// Marks the 3x3 cells around a plant at (x, y) as having one in reach, and the cell and
    /// the four beside it as having one beside.
    fn mark_near(&mut self, x: i64, y: i64) {
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
            None => plants_near_by(|x, y| self.stand(x, y), x, y),
        }
    }
    // ANCHOR_END: near

    /// Threads every creature onto its cell's list, in roster order.
    fn link(&mut self, cells: &[(i64, i64)]) {
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
    // ANCHOR_END: at_slot

    #[inline]
    pub fn stand(&self, x: i64, y: i64) -> Option<u32> {
        self.slot(x, y).map(|s| self.stand[s]).filter(|&i| i != NONE)
    }
}

// ANCHOR: nine
/// Whether a plant stands on (x, y) or beside it, and anywhere in the 3x3 around it, asked
/// of `stand` one cell at a time: how every view answered before the flat rows kept the
/// answer in one byte (`--nine`).
fn plants_near_by(stand: impl Fn(i64, i64) -> Option<u32>, x: i64, y: i64) -> (bool, bool) {
    let any = |cells: &[(i64, i64)]| cells.iter().any(|&(dx, dy)| stand(x + dx, y + dy).is_some());
    let beside = any(&[(0, 0), (1, 0), (-1, 0), (0, 1), (0, -1)]);
    (beside, beside || any(&[(-1, -1), (1, -1), (-1, 1), (1, 1)]))
}
// ANCHOR_END: nine

// ANCHOR: rebuilt
impl Flat {
    /// The refill before the bare ground was kept (`--rebuilt`): the plants go in first, and
    /// then what every cell shows is worked out again from what it is made of.
    pub fn refill_rebuilt(&mut self, hab: &Habitat, cells: &[(i64, i64)]) {
        self.fit(&hab.ground, cells.len());
        if self.land.len() != self.bare.len() {
            self.land.clear();
            for y in -1..=self.rows {
                for x in -1..=self.cols {
                    self.land.push(hab.ground.at(x, y));
                }
            }
        }
        for (i, st) in hab.stands.iter().enumerate() {
            if let Some(s) = self.slot(st.x, st.y) {
                self.stand[s] = i as u32;
                self.mark_near(st.x, st.y);
            }
        }
        self.first.clear();
        self.first.extend(self.land.iter().zip(&self.stand).map(|(land, &st)| {
            SHOWS
                + match land {
                    Land::Water => Hit::Water,
                    Land::Rock => Hit::Rock,
                    Land::Ground if st != NONE => Hit::Plant,
                    Land::Ground => Hit::Nothing,
                } as u32
        }));
        self.link(cells);
    }
}
// ANCHOR_END: rebuilt

// ANCHOR: unringed
/// The flat rows as they stood before the second round (`--unringed`): a cell at (x, y) is
/// entry y * cols + x of each row, with no ring around the grid, so every cell a ray asks
/// about is first checked against the four edges; what each cell shows is worked out again at
/// every refill, and nothing is kept about the plants near a cell.
#[derive(Clone, Debug, Default)]
pub struct Unringed {
    cols: i64,
    rows: i64,
    land: Vec<Land>,
    stand: Vec<u32>,
    first: Vec<u32>,
    next: Vec<u32>,
}

impl Unringed {
    /// Where a cell sits in the rows, or None off the grid. Both ends of both coordinates are
    /// tested before the multiply: y * cols + x alone would read x = -1 as the last cell of
    /// the row above.
    fn slot(&self, x: i64, y: i64) -> Option<usize> {
        if x < 0 || y < 0 || x >= self.cols || y >= self.rows {
            None
        } else {
            Some((y * self.cols + x) as usize)
        }
    }

    /// What a ray meets on cell (x, y): the first creature on the cell's list that is neither
    /// `me` nor gone, or else what the list ends on, which is what the cell shows; off the
    /// grid, rock.
    #[inline]
    pub fn at(&self, x: i64, y: i64, me: u32, gone: &[bool]) -> Hit {
        let Some(s) = self.slot(x, y) else { return Hit::Rock };
        let mut c = self.first[s];
        while c < SHOWS {
            if c != me && !gone[c as usize] {
                return Hit::Creature;
            }
            c = self.next[c as usize];
        }
        SHOWN[(c - SHOWS) as usize]
    }
    // ANCHOR_END: unringed

    pub fn refill(&mut self, hab: &Habitat, cells: &[(i64, i64)]) {
        let g = &hab.ground;
        if self.cols != g.cols as i64 || self.rows != g.rows as i64 {
            self.cols = g.cols as i64;
            self.rows = g.rows as i64;
            self.land.clear();
            for y in 0..self.rows {
                for x in 0..self.cols {
                    self.land.push(g.at(x, y));
                }
            }
        }
        self.stand.clear();
        self.stand.resize(g.cols * g.rows, NONE);
        self.next.clear();
        self.next.resize(cells.len(), NONE);
        for (i, st) in hab.stands.iter().enumerate() {
            if let Some(s) = self.slot(st.x, st.y) {
                self.stand[s] = i as u32;
            }
        }
        self.first.clear();
        self.first.extend(self.land.iter().zip(&self.stand).map(|(land, &st)| {
            SHOWS
                + match land {
                    Land::Water => Hit::Water,
                    Land::Rock => Hit::Rock,
                    Land::Ground if st != NONE => Hit::Plant,
                    Land::Ground => Hit::Nothing,
                } as u32
        }));
        for (i, &(x, y)) in cells.iter().enumerate() {
            if let Some(s) = self.slot(x, y) {
                self.next[i] = self.first[s];
                self.first[s] = i as u32;
            }
        }
    }

    #[inline]
    pub fn stand(&self, x: i64, y: i64) -> Option<u32> {
        self.slot(x, y).map(|s| self.stand[s]).filter(|&i| i != NONE)
    }
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
    crowd: std::collections::HashMap<(i64, i64), Vec<u32>>,
}

impl Hashed {
    /// What a ray meets on cell (x, y): every lookup hashes the pair of coordinates, once
    /// for the creatures and once more for a plant.
    pub fn at(&self, ground: &Valley, x: i64, y: i64, me: u32, gone: &[bool]) -> Hit {
        let land = ground.at(x, y);
        let off = x < 0 || y < 0 || x >= ground.cols as i64 || y >= ground.rows as i64;
        if off {
            return Hit::Rock;
        }
        if let Some(here) = self.crowd.get(&(x, y))
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
    // ANCHOR_END: hashed

    /// Empties both maps and fills them again. Clearing keeps the maps' tables but not the
    /// lists of creatures in them, which are made again cell by cell.
    pub fn refill(&mut self, hab: &Habitat, cells: &[(i64, i64)]) {
        self.stand.clear();
        self.crowd.clear();
        for (i, st) in hab.stands.iter().enumerate() {
            self.stand.insert((st.x, st.y), i as u32);
        }
        for (i, &c) in cells.iter().enumerate() {
            self.crowd.entry(c).or_default().push(i as u32);
        }
    }

    pub fn stand(&self, x: i64, y: i64) -> Option<u32> {
        self.stand.get(&(x, y)).copied()
    }
}

/// The one question a ray asks, so a fan can be cast against any build with the build
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

impl Look for Unringed {
    #[inline]
    fn at(&self, _ground: &Valley, x: i64, y: i64, me: u32, gone: &[bool]) -> Hit {
        Unringed::at(self, x, y, me, gone)
    }
}

impl Look for Hashed {
    #[inline]
    fn at(&self, ground: &Valley, x: i64, y: i64, me: u32, gone: &[bool]) -> Hit {
        Hashed::at(self, ground, x, y, me, gone)
    }
}

/// Which build a view is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Build {
    Flat,
    Unringed,
    Hashed,
}

/// Any build, behind one set of questions.
#[derive(Clone, Debug)]
pub enum View {
    Flat(Flat),
    Unringed(Unringed),
    Hashed(Hashed),
}

impl View {
    /// A view of this build holding nothing yet: `refill` fills it.
    pub fn empty(build: Build) -> View {
        match build {
            Build::Flat => View::Flat(Flat::default()),
            Build::Unringed => View::Unringed(Unringed::default()),
            Build::Hashed => View::Hashed(Hashed::default()),
        }
    }

    /// A new view of this build, filled.
    pub fn new(build: Build, hab: &Habitat, cells: &[(i64, i64)]) -> View {
        let mut v = View::empty(build);
        v.refill(hab, cells);
        v
    }

    pub fn build(&self) -> Build {
        match self {
            View::Flat(_) => Build::Flat,
            View::Unringed(_) => Build::Unringed,
            View::Hashed(_) => Build::Hashed,
        }
    }

    /// Points the view at this habitat and these cells, each build in its own way.
    pub fn refill(&mut self, hab: &Habitat, cells: &[(i64, i64)]) {
        match self {
            View::Flat(f) => f.refill(hab, cells),
            View::Unringed(u) => u.refill(hab, cells),
            View::Hashed(h) => h.refill(hab, cells),
        }
    }

    /// What a ray meets on cell (x, y), leaving out creature `me` and the ones marked gone.
    /// Off the grid, the answer is always rock.
    #[inline]
    pub fn at(&self, ground: &Valley, x: i64, y: i64, me: u32, gone: &[bool]) -> Hit {
        match self {
            View::Flat(f) => f.at(x, y, me, gone),
            View::Unringed(u) => u.at(x, y, me, gone),
            View::Hashed(h) => h.at(ground, x, y, me, gone),
        }
    }

    /// The plant standing on cell (x, y), as an index into the habitat's stands.
    #[inline]
    pub fn stand(&self, x: i64, y: i64) -> Option<u32> {
        match self {
            View::Flat(f) => f.stand(x, y),
            View::Unringed(u) => u.stand(x, y),
            View::Hashed(h) => h.stand(x, y),
        }
    }

    /// Whether a plant stands on cell (x, y) or one of the four cells beside it, and whether
    /// one stands anywhere in the 3x3 cells a bite from there reaches: one read on flat rows.
    #[inline]
    pub fn plants_near(&self, x: i64, y: i64) -> (bool, bool) {
        match self {
            View::Flat(f) => f.plants_near(x, y),
            _ => self.plants_near_nine(x, y),
        }
    }

    /// The same question asked of the nine cells one by one, as every view once answered it.
    #[inline]
    pub fn plants_near_nine(&self, x: i64, y: i64) -> (bool, bool) {
        plants_near_by(|x, y| self.stand(x, y), x, y)
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

    const BUILDS: [Build; 3] = [Build::Flat, Build::Unringed, Build::Hashed];

    #[test]
    fn off_the_grid_reads_as_rock_in_every_build() {
        let hab = Habitat::new(5, 12, 8);
        // A creature on every cell of the left and right columns: a view that let x = -1
        // wrap to the row above would see one of them.
        let mut cells = Vec::new();
        for y in 0..8 {
            cells.push((0, y));
            cells.push((11, y));
        }
        let gone = vec![false; cells.len()];
        for build in BUILDS {
            let v = View::new(build, &hab, &cells);
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
    fn every_build_and_every_refill_answers_alike_on_random_valleys() {
        for seed in 0..12u64 {
            let mut s = Stream::new(seed, 99);
            let (hab, cells, gone) = random_scene(&mut s, seed, 3, (30, 20), 2);
            let (c, r) = (hab.ground.cols, hab.ground.rows);
            let hashed = View::new(Build::Hashed, &hab, &cells);
            let mut others: Vec<View> =
                [Build::Flat, Build::Unringed].map(|b| View::new(b, &hab, &cells)).into();
            // Views refilled after holding another crowd, by each refill there is.
            let mut refilled = View::new(Build::Flat, &hab, &[(0, 0)]);
            refilled.refill(&hab, &cells);
            let mut rebuilt = Flat::default();
            rebuilt.refill_rebuilt(&hab, &[(1, 1), (0, 0)]);
            rebuilt.refill_rebuilt(&hab, &cells);
            let mut maps = View::new(Build::Hashed, &hab, &[(2, 2)]);
            maps.refill(&hab, &cells);
            others.extend([refilled, View::Flat(rebuilt), maps]);
            for y in -2..r as i64 + 2 {
                for x in -2..c as i64 + 2 {
                    let me = s.index(cells.len()) as u32;
                    let want = hashed.at(&hab.ground, x, y, me, &gone);
                    let near = hashed.plants_near(x, y);
                    for v in &others {
                        assert_eq!(v.at(&hab.ground, x, y, me, &gone), want, "seed {seed} {x},{y}");
                        assert_eq!(v.stand(x, y), hashed.stand(x, y));
                        assert_eq!(v.plants_near(x, y), near, "seed {seed} {x},{y}");
                        assert_eq!(v.plants_near_nine(x, y), near);
                    }
                }
            }
        }
    }
}
