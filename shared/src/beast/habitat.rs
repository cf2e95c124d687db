//! The valley the creatures live in: chapter 2's terrain, plants standing on some of its
//! ground, litter where bodies were buried, and weather that speeds or slows the growth.

use crate::base::streams::{PLANTS, WEATHER};
use crate::base::{Land, Stream, Valley};
use crate::beast::kind::BULK;
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

/// The chance that a cell of ground carries a plant when the valley is founded.
pub const PLANT_CHANCE: f64 = 0.04;
/// The most grams a plant can hold.
pub const PLANT_CAP: f64 = 6.0;
/// Grams a plant grows in a tick of ordinary weather.
pub const GROWTH: f64 = 0.03;
/// Grams of litter a plant draws up in a tick, if it stands on any.
pub const DRAW: f64 = 0.05;
/// The share of a carcass that feeds the plant it falls on at once.
pub const FEED: f64 = 0.05;

/// A plant: the cell it stands on and its grams.
#[derive(Clone, Debug, PartialEq)]
pub struct Stand {
    /// Its cell, across.
    pub x: i64,
    /// Its cell, down.
    pub y: i64,
    /// The grams on it, up to `PLANT_CAP`.
    pub mass: Grams,
}

/// A plant's grams: an `f64` kept as its bits in an atomic, so that the threads of a walk by
/// bands may bite plants while the others read theirs. Only plain loads and stores: a bite
/// that must come before a read is put before it by the walk's waits, never by this cell.
#[derive(Debug, Default)]
pub struct Grams(AtomicU64);

impl Grams {
    /// Grams of `g`.
    pub fn new(g: f64) -> Grams {
        Grams(AtomicU64::new(g.to_bits()))
    }

    /// The grams now.
    #[inline]
    pub fn get(&self) -> f64 {
        f64::from_bits(self.0.load(Relaxed))
    }

    /// The grams from now on.
    #[inline]
    pub fn set(&self, g: f64) {
        self.0.store(g.to_bits(), Relaxed);
    }
}

impl Clone for Grams {
    fn clone(&self) -> Grams {
        Grams::new(self.get())
    }
}

impl PartialEq for Grams {
    fn eq(&self, other: &Grams) -> bool {
        self.get() == other.get()
    }
}

impl Stand {
    /// A bite of `took` grams comes off the plant.
    #[inline]
    pub fn bitten(&self, took: f64) {
        self.mass.set(self.mass.get() - took);
    }
}

/// The ground and everything on it that is not a creature.
#[derive(Clone, Debug)]
pub struct Habitat {
    /// The valley's ground, water and rock.
    pub ground: Valley,
    /// Every plant, in the row order they were founded in: the order they grow in.
    pub stands: Vec<Stand>,
    /// Grams of buried bodies, one entry a cell, row by row.
    pub litter: Vec<f64>,
    /// This tick's weather: growth is multiplied by it.
    pub weather: f64,
    /// Ticks run so far.
    pub now: u64,
    sky: Stream,
}

impl Habitat {
    /// Valley `seed` at `cols` by `rows`, with plants on about one ground cell in 25.
    pub fn new(seed: u64, cols: usize, rows: usize) -> Habitat {
        let ground = Valley::new(seed, cols, rows);
        let mut s = Stream::new(seed, PLANTS);
        let mut stands = Vec::new();
        for y in 0..rows as i64 {
            for x in 0..cols as i64 {
                if ground.at(x, y) == Land::Ground && s.chance(PLANT_CHANCE) {
                    stands.push(Stand { x, y, mass: Grams::new(s.between(1.0, PLANT_CAP)) });
                }
            }
        }
        Habitat {
            ground,
            stands,
            litter: vec![0.0; cols * rows],
            weather: 1.0,
            now: 0,
            sky: Stream::new(seed, WEATHER),
        }
    }

    /// The start of a tick: new weather, and every plant grows, in list order.
    pub fn grow(&mut self) {
        self.weather = self.sky.between(0.5, 1.5);
        let cols = self.ground.cols;
        for st in &mut self.stands {
            let cell = st.y as usize * cols + st.x as usize;
            let drawn = self.litter[cell].min(DRAW);
            self.litter[cell] -= drawn;
            st.mass.set((st.mass.get() + GROWTH * self.weather + drawn).min(PLANT_CAP));
        }
    }

    /// A body goes into the ground of its cell; a plant there takes a little of it at once.
    pub fn bury(&mut self, x: i64, y: i64, stand: Option<u32>) {
        if let Some(i) = stand {
            let st = &self.stands[i as usize];
            st.mass.set((st.mass.get() + BULK * FEED).min(PLANT_CAP));
        }
        if let Some(cell) = self.cell(x, y) {
            self.litter[cell] += BULK * (1.0 - FEED);
        }
    }

    /// The row index of a cell, or None off the grid.
    pub fn cell(&self, x: i64, y: i64) -> Option<usize> {
        let (c, r) = (self.ground.cols as i64, self.ground.rows as i64);
        (x >= 0 && y >= 0 && x < c && y < r).then(|| (y * c + x) as usize)
    }
}
