//! The bands of a phase: the valley cut by rows into one band per thread of the crew, each
//! band holding an equal share of the creatures as the phase opens, so that each thread walks
//! its own band in roster order.
//!
//! By the levels' rule ([`crate::beast::step::levels`]) a creature depends on an earlier one
//! only when their cells are within [`CLOSE`] of each other, or when one of them is at risk
//! and they are within [`WATCHED`]. So only a creature within `WATCHED` rows of another band
//! (a creature on a seam) can depend on a creature of another band, and only those have their
//! dependencies worked out, over the seams' rows alone. Such a creature waits, before its turn,
//! until every other band's thread has gone past the latest earlier creature of another band
//! it depends on: each thread says how far down the roster it has gone with a store that
//! releases what its turns wrote, read by the waiting thread with a load that acquires it.
//! Everything else a turn writes (a plant's grams, its own death) is read only by creatures
//! that depend on it, so the waits are all the ordering the walk needs.

use std::sync::atomic::{AtomicU32, AtomicU64, AtomicUsize, Ordering};

use crate::beast::act;
use crate::beast::creature::Eye;
use crate::beast::look::fan::WATCHED;
use crate::beast::step::deaths::Deaths;
use crate::beast::step::grid::Grid;
use crate::beast::step::levels::CLOSE;
use crate::beast::step::sight::{Sight, Snapshot};

// The seams are cut `WATCHED` rows wide on the promise that every dependency by `CLOSE` lies
// inside them too; the build fails the day a change to the kinds breaks it.
const _: () = assert!(CLOSE <= WATCHED, "a seam must hold every creature within CLOSE");

/// What a band's thread says once it has taken every creature of its band.
const ALL_DONE: u32 = u32::MAX;

/// How many times a waiting thread asks again before it gives its core away.
const SPINS: u32 = 256;

/// The bands of the phase under way, worked out as it opens, with what the walk's threads
/// tell each other while it runs. Every buffer keeps its room from tick to tick.
#[derive(Debug, Default)]
pub struct Bands {
    /// Each row's band, whether it is on a seam, and its creatures.
    rows_of: Vec<Row>,
    /// The roster places band by band, in roster order within each band.
    order: Vec<u32>,
    /// Where each band starts in `order`, and after the last band where `order` ends.
    starts: Vec<u32>,
    /// For each entry of `order`, one more than the latest earlier place of another band its
    /// creature depends on, or 0 when it depends on none.
    wait: Vec<u32>,
    /// Where each band's run in `order` is being filled.
    at: Vec<u32>,
    /// What each cell of a seam's row has seen so far this phase.
    marks: Vec<Cell>,
    /// The valley's grid of cells, as the phase opened.
    grid: Grid,
    /// The creatures standing within `WATCHED` rows of another band this phase.
    seams: usize,
    /// The creatures that depend on a creature of another band this phase.
    waits: usize,
    /// For each band, the roster place of the next creature its thread will take, or
    /// `ALL_DONE`: how far down the roster it has gone.
    next: Vec<Next>,
    /// The cells of each band's dead so far, packed, band b's from `starts[b]` on.
    fallen: Vec<AtomicU64>,
    /// How many of each band's dead its thread has told the others of.
    told: Vec<Told>,
}

/// One row of the valley as the bands cut it.
#[derive(Clone, Copy, Debug, Default)]
struct Row {
    /// The band it lies in. Bands are runs of rows, top to bottom.
    band: u32,
    /// Whether a row of another band lies within [`WATCHED`] of it.
    seam: bool,
    /// The creatures standing on it as the phase opens.
    creatures: u32,
}

/// What a cell of a seam's row has seen so far in the phase, as the roster comes.
#[derive(Clone, Copy, Debug, Default)]
struct Cell {
    /// One more than the latest roster place standing on it, or 0.
    last: u32,
    /// One more than the latest roster place at risk, of another band, whose [`WATCHED`]
    /// square holds it, or 0.
    watched: u32,
}

/// How far a band's thread has gone, on a cache line of its own: the others read it often.
#[derive(Debug, Default)]
#[repr(align(128))]
struct Next(AtomicU32);

/// How many deaths a band's thread has told of, on a cache line of its own.
#[derive(Debug, Default)]
#[repr(align(128))]
struct Told(AtomicUsize);

impl Bands {
    /// Room for the bands of `n` creatures on `crew` threads, asked for once so that no
    /// phase grows it.
    pub fn reserve(&mut self, n: usize, crew: usize) {
        self.order.reserve(n);
        self.wait.reserve(n);
        self.at.reserve(crew);
        self.fallen.reserve(n);
        self.starts.reserve(crew + 1);
        self.next.resize_with(crew, Next::default);
        self.told.resize_with(crew, Told::default);
    }

    /// Cuts the valley into `crew` bands and works out, for each creature on a seam, the
    /// latest creature of another band it depends on, from the cells and stores the phase
    /// opened on.
    pub fn work_out(&mut self, snap: &Snapshot, crew: usize) {
        let (cols, rows, n) = (snap.ground.cols, snap.ground.rows, snap.cells.len());
        self.grid = Grid::new(cols, rows);
        self.cut(snap, crew);
        for y in (0..rows).filter(|&y| self.rows_of[y].seam) {
            self.marks[y * cols..(y + 1) * cols].fill(Cell::default());
        }
        // Each place dropped into its band's run as the roster comes, and, on a seam, its
        // wait worked out.
        self.order.resize(n, 0);
        self.wait.resize(n, 0);
        let mut at = std::mem::take(&mut self.at);
        at.clear();
        at.extend_from_slice(&self.starts[..crew]);
        (self.seams, self.waits) = (0, 0);
        for (i, (&cell, &store)) in snap.cells.iter().zip(&snap.stores).enumerate() {
            let (x, y) = self.grid.clamp(cell);
            let Row { band, seam, .. } = self.rows_of[y as usize];
            let k = at[band as usize] as usize;
            at[band as usize] += 1;
            self.order[k] = i as u32;
            self.wait[k] = if seam { self.depends(i, (x, y), store, band) } else { 0 };
        }
        self.at = at;
        for t in 0..crew {
            *self.next[t].0.get_mut() = self.band(t).first().copied().unwrap_or(ALL_DONE);
            *self.told[t].0.get_mut() = 0;
        }
        // A slot is read only once its band has told of it, so none is cleared.
        if self.fallen.len() < n {
            self.fallen.resize_with(n, AtomicU64::default);
        }
    }

    // ANCHOR: depends
    /// One more than the latest earlier creature of another band that roster place `i`, on a
    /// seam at `cell` with `store` grams, depends on, or 0; the grids brought up to date with it.
    fn depends(&mut self, i: usize, (x, y): (i64, i64), store: f64, band: u32) -> u32 {
        self.seams += 1;
        let at = self.grid.index(x, y);
        let mut w = self.marks[at].watched.max(self.latest((x, y), CLOSE, band));
        if act::at_risk(store) {
            w = w.max(self.latest((x, y), WATCHED, band));
            self.mark((x, y), WATCHED, band, i as u32 + 1);
        }
        self.marks[at].last = i as u32 + 1;
        self.waits += usize::from(w > 0);
        w
    }
    // ANCHOR_END: depends

    // ANCHOR: cut
    /// Cuts the rows into `crew` bands, top to bottom, each closed once it holds its share of
    /// the creatures, and counts the creatures of each band into `starts`.
    fn cut(&mut self, snap: &Snapshot, crew: usize) {
        let (cols, rows, n) = (snap.ground.cols, snap.ground.rows, snap.cells.len());
        self.marks.resize(cols * rows, Cell::default());
        self.rows_of.clear();
        self.rows_of.resize(rows, Row::default());
        for &(_, y) in &snap.cells {
            self.rows_of[y.clamp(0, self.grid.rows - 1) as usize].creatures += 1;
        }
        self.starts.clear();
        self.starts.resize(crew + 1, 0);
        let (mut band, mut seen) = (0, 0);
        for row in &mut self.rows_of {
            row.band = band as u32;
            self.starts[band + 1] += row.creatures;
            seen += row.creatures as usize;
            while band + 1 < crew && seen * crew >= (band + 1) * n {
                band += 1;
            }
        }
        for b in 1..=crew {
            self.starts[b] += self.starts[b - 1];
        }
        let w = WATCHED as usize;
        for y in 0..rows {
            let band = |y: usize| self.rows_of[y].band;
            let b = band(y);
            self.rows_of[y].seam =
                band(y.saturating_sub(w)) != b || band((y + w).min(rows - 1)) != b;
        }
    }
    // ANCHOR_END: cut

    /// The highest `last` of the cells within `r` of (x, y), across and down, in rows
    /// of bands other than `band`.
    fn latest(&self, (x, y): (i64, i64), r: i64, band: u32) -> u32 {
        let (xs, ys) = self.grid.square((x, y), r);
        let mut most = 0;
        for y in ys.filter(|&y| self.rows_of[y as usize].band != band) {
            let row = (y * self.grid.cols) as usize;
            for x in xs.clone() {
                most = most.max(self.marks[row + x as usize].last);
            }
        }
        most
    }

    /// Marks `place` as `watched` on the cells within `r` of (x, y) in rows of bands other than
    /// `band`.
    fn mark(&mut self, (x, y): (i64, i64), r: i64, band: u32, place: u32) {
        let (xs, ys) = self.grid.square((x, y), r);
        for y in ys {
            if self.rows_of[y as usize].band == band {
                continue;
            }
            let row = (y * self.grid.cols) as usize;
            for x in xs.clone() {
                let k = row + x as usize;
                self.marks[k].watched = self.marks[k].watched.max(place);
            }
        }
    }

    /// The roster places of band `b`, in roster order.
    pub fn band(&self, b: usize) -> &[u32] {
        &self.order[self.starts[b] as usize..self.starts[b + 1] as usize]
    }

    /// How many bands there are: the crew they were cut for.
    pub fn count(&self) -> usize {
        self.starts.len().saturating_sub(1)
    }

    /// The first row of each band after the first: where the seams are.
    pub fn seams_at(&self) -> Vec<usize> {
        (1..self.rows_of.len())
            .filter(|&y| self.rows_of[y].band != self.rows_of[y - 1].band)
            .collect()
    }

    /// The creatures on a seam this phase, and those of them that depend on another band.
    pub fn on_seams(&self) -> (usize, usize) {
        (self.seams, self.waits)
    }

    /// One more than the latest earlier place of another band the `k`-th creature of band
    /// `b` depends on, or 0.
    pub fn waits_for(&self, b: usize, k: usize) -> u32 {
        self.wait[self.starts[b] as usize + k]
    }

    // ANCHOR: wait
    /// Waits, on band `mine`'s thread, until every other band's thread has gone past the
    /// creatures before roster place `upto` (one more than the latest place it depends on):
    /// after that, whatever their turns wrote is there to read. Gives the core away between
    /// looks after a while, or at once when the crew has more threads than the machine cores
    /// (`awake` false). Says whether it had to wait at all.
    pub fn wait(&self, mine: usize, upto: u32, awake: bool) -> bool {
        let mut waited = false;
        for (b, next) in self.next.iter().enumerate().take(self.count()) {
            let mut spins = 0;
            while b != mine && next.0.load(Ordering::Acquire) < upto {
                waited = true;
                if awake && spins < SPINS {
                    spins += 1;
                    std::hint::spin_loop();
                } else {
                    std::thread::yield_now();
                }
            }
        }
        waited
    }
    // ANCHOR_END: wait

    /// Whether every other band's thread has gone past the creatures before `upto`: what
    /// [`Bands::wait`] waits for, asked once.
    pub fn ready(&self, mine: usize, upto: u32) -> bool {
        let others = self.next.iter().enumerate().take(self.count()).filter(|&(b, _)| b != mine);
        others.into_iter().all(|(_, next)| next.0.load(Ordering::Acquire) >= upto)
    }

    /// Band `mine`'s thread has taken every creature before roster place `next` (the next of
    /// its own, or none left): the others may read what those turns wrote.
    pub fn passed(&self, mine: usize, next: Option<u32>) {
        self.next[mine].0.store(next.unwrap_or(ALL_DONE), Ordering::Release);
    }

    /// Band `mine`'s thread tells the others that a creature of its band died on `cell`.
    pub fn fell(&self, mine: usize, (x, y): (i64, i64)) {
        let told = self.told[mine].0.load(Ordering::Relaxed);
        let packed = (u64::from(x as u32) << 32) | u64::from(y as u32);
        self.fallen[self.starts[mine] as usize + told].store(packed, Ordering::Relaxed);
        self.told[mine].0.store(told + 1, Ordering::Release);
    }

    // ANCHOR: sight
    /// Whether a creature any band has told of died within sight of `eye`: the deaths a fan
    /// must see are all told of before the creature whose fan it is may take its turn, and a
    /// death told of that it need not see is never within its sight.
    pub fn death_near(&self, sight: &Sight, eye: Eye) -> bool {
        (0..self.count()).any(|b| {
            let told = self.told[b].0.load(Ordering::Acquire);
            let start = self.starts[b] as usize;
            self.fallen[start..start + told].iter().any(|c| {
                let packed = c.load(Ordering::Relaxed);
                let cell =
                    (i64::from((packed >> 32) as u32 as i32), i64::from(packed as u32 as i32));
                Deaths::seen(sight, eye, &[cell])
            })
        })
    }
    // ANCHOR_END: sight
}
