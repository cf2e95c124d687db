//! Chapter 2 in the page: the herd on the book's valley, with the three weights, the number of
//! walkers and the neighbour query the reader picks. With the chapter's weights and 120
//! walkers it is the herd of `alone --rule all`, and every query gives the same digest.

use std::cell::RefCell;

use world::base::{CELL, Land, Valley, digest};
use world::flock::near::{Buckets, Everybody, Mailboxes, Query};
use world::flock::rules::Weights;
use world::flock::{Herd, Listen};

use crate::hex;
use crate::slots::Slots;

pub use world::flock::scene::{COLS, MOST_WALKERS, RADIUS, ROWS, SEED, WALKERS, WEIGHTS};

/// The most walkers the chapter puts on its valley.
pub const MOST: usize = MOST_WALKERS as usize;
/// The loudest a rule may be heard in the page.
pub const LOUDEST: f64 = 10.0;

/// Which neighbour query the walkers ask: the chapter's design and the two it replaced.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Asks {
    /// The mailboxes, the design as it stands.
    Mailboxes,
    /// The first round's nine buckets, candidates sorted.
    Buckets,
    /// Every walker against every other.
    Everybody,
}

impl Asks {
    /// The query named by the page's number for it: 0, 1 or 2.
    pub fn of(n: u32) -> Option<Asks> {
        [Asks::Mailboxes, Asks::Buckets, Asks::Everybody].get(n as usize).copied()
    }

    fn query(self) -> Box<dyn Query> {
        match self {
            Asks::Mailboxes => Box::new(Mailboxes::new(COLS, ROWS, CELL)),
            Asks::Buckets => Box::new(Buckets::new(COLS, ROWS, CELL)),
            Asks::Everybody => Box::new(Everybody::default()),
        }
    }
}

/// A herd on the valley, and what the page reads of it.
pub struct Walkers {
    /// The herd.
    pub herd: Herd<Box<dyn Query>>,
    view: Vec<f64>,
    digest: [u8; 16],
}

impl Walkers {
    /// `n` walkers hearing the rules at `weights`, asking `asks`, in one pass or in the first
    /// round's three; none for a crowd or a weight out of bounds.
    pub fn new(n: usize, weights: Weights, asks: Asks, three_passes: bool) -> Option<Walkers> {
        if !(1..=MOST).contains(&n) || !heard(weights) {
            return None;
        }
        let listen = if three_passes { Listen::ThreePasses } else { Listen::OnePass };
        let herd = Herd::new(SEED, n, COLS, ROWS, weights, RADIUS, asks.query()).listening(listen);
        Some(Walkers { herd, view: Vec::new(), digest: [0; 16] })
    }

    /// The rules heard at `weights` from the next tick on; false, and no change, for a weight
    /// out of bounds.
    pub fn weigh(&mut self, weights: Weights) -> bool {
        let ok = heard(weights);
        if ok {
            self.herd.weigh(weights);
        }
        ok
    }

    /// `n` ticks. Only a radius wider than a cell can stop a tick, and the page's is one cell.
    pub fn step(&mut self, n: u32) -> bool {
        (0..n).all(|_| self.herd.tick().is_ok())
    }

    /// Every walker's x, y, and velocity's x and y, in order.
    pub fn view(&mut self) -> &[f64] {
        self.view.clear();
        let (places, speeds) =
            (self.herd.bodies.iter().map(|b| b.pos), self.herd.bodies.iter().map(|b| b.vel));
        self.view.extend(places.zip(speeds).flat_map(|(at, go)| [at.x, at.y, go.x, go.y]));
        &self.view
    }

    /// The distance tests the query has made since the herd was founded.
    pub fn tests(&self) -> u64 {
        self.herd.query.count()
    }

    /// The chapter's digest of every position and velocity.
    pub fn digest(&mut self) -> &[u8; 16] {
        self.digest = hex(&digest::bodies(&self.herd.bodies));
        &self.digest
    }
}

/// Whether every weight is one the page may give: from 0 to [`LOUDEST`].
fn heard(w: Weights) -> bool {
    [w.separate, w.align, w.cohere].iter().all(|x| (0.0..=LOUDEST).contains(x))
}

/// The valley's cells, row by row, as [`land`] numbers them.
pub fn valley(seed: u64, cols: usize, rows: usize) -> Vec<u8> {
    let v = Valley::new(seed, cols, rows);
    (0..rows as i64)
        .flat_map(|y| (0..cols as i64).map(move |x| (x, y)))
        .map(|(x, y)| land(v.at(x, y)))
        .collect()
}

/// A cell's land as a number for the page: ground 0, water 1, rock 2.
pub fn land(l: Land) -> u8 {
    match l {
        Land::Ground => 0,
        Land::Water => 1,
        Land::Rock => 2,
    }
}

thread_local! {
    /// The page's herds.
    pub static HERDS: RefCell<Slots<Walkers>> = const { RefCell::new(Slots::new()) };
}
