//! Casting fans side by side.
//!
//! A fan reads the ground and the view taken when the phase opened, neither of which anything
//! writes until the walk begins, and writes only its own creature's buffer. Splitting the casting
//! among threads therefore changes who does the work but not a single result, however many
//! threads take part. Creature i belongs to stripe i % crew: interleaved stripes spread
//! the long rays and the short ones evenly, where blocks would hand one thread a crowded corner.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Barrier, Mutex, RwLock};
use std::thread::JoinHandle;

use super::act::{self, Act, Here};
use super::brain::Brain;
use super::fan::{self, BLANK_FAN, Eye, Fan};
use super::kind::{ACTS, HIDDEN, INPUTS};
use super::roster::Creature;
use super::sense;
use super::view::{Flat, View};
use crate::terra::Valley;

/// What the looking may read: the ground, the view, and every creature's eye, store and
/// brain as the phase opened. Nothing here is written between the phase's open and its end.
#[derive(Clone, Debug)]
pub struct Sight {
    pub ground: Valley,
    pub view: View,
    /// A second view, built only under the retired design that gave the minds their own.
    pub minds: Option<View>,
    pub cells: Vec<(i64, i64)>,
    pub eyes: Vec<Eye>,
    pub stores: Vec<f64>,
    /// Every brain the roster was founded with, in founding order, never moved: a brain is
    /// 1.5 kB, and closing the gap a death leaves in a crowd of them would move megabytes.
    pub brains: Vec<Brain>,
    /// For each roster place, which of `brains` it thinks with; struck off with its creature.
    pub mind: Vec<u32>,
    /// Nobody is gone before the walk: the marks the fans are cast against.
    pub nobody: Vec<bool>,
    /// Whether the ranking walk asks for written refusals (the retired design).
    pub wordy: bool,
}

impl Sight {
    /// The brain roster place `i` thinks with.
    #[inline]
    pub fn brain(&self, i: usize) -> &Brain {
        &self.brains[self.mind[i] as usize]
    }
}

impl Default for Sight {
    fn default() -> Sight {
        Sight {
            ground: Valley::new(0, 1, 1),
            view: View::Flat(Flat::default()),
            minds: None,
            cells: Vec::new(),
            eyes: Vec::new(),
            stores: Vec::new(),
            brains: Vec::new(),
            mind: Vec::new(),
            nobody: Vec::new(),
            wordy: false,
        }
    }
}

/// What the looking leaves for one creature: its fan, its six scores when they could be
/// worked out ahead, and its choice when that could be too.
#[derive(Clone, Copy, Debug)]
pub struct Glance {
    pub fan: Fan,
    /// The hidden sums through the settled part of the row, when `begun`.
    pub partial: [f64; HIDDEN],
    pub begun: bool,
    pub scores: [f64; ACTS],
    /// Whether `scores` is this tick's answer already.
    pub ready: bool,
    /// The action picked ahead, when `ready` and nothing the walk does can change the pick.
    pub choice: Option<Act>,
}

impl Glance {
    pub const BLANK: Glance = Glance {
        fan: BLANK_FAN,
        partial: [0.0; HIDDEN],
        begun: false,
        scores: [0.0; ACTS],
        ready: false,
        choice: None,
    };
}

// ANCHOR: ahead
/// Looks for roster place `i`: casts its fan and runs the brain through the settled part of
/// the row. If no plant stands on its cell or the four around it, it thinks to the end: those
/// five cells are all the row reads live, and with no plant on any of them the row is the same
/// whatever anyone eats first. If no plant stands anywhere within bite reach either, the pick
/// is settled too: the only test that reads what others change is the bite's, and with
/// nothing in reach its answer is no.
pub fn look_one(sight: &Sight, i: usize, g: &mut Glance) {
    let eye = sight.eyes[i];
    fan::cast(&sight.view, &sight.ground, eye, i as u32, &sight.nobody, &mut g.fan);
    let (x, y) = sight.cells[i];
    let (beside, in_reach) = sight.view.plants_near(x, y);
    let mut row = [0.0; INPUTS];
    sense::read_own(&mut row, &g.fan, sight.stores[i], eye.facing);
    g.partial = sight.brain(i).settled(&row);
    g.begun = true;
    g.ready = !beside;
    g.choice = None;
    if !g.ready {
        return;
    }
    sense::read_food(&mut row, |_, _| 0.0, (x, y));
    g.scores = sight.brain(i).finish(g.partial, &row);
    if !in_reach {
        let me = Creature {
            x: eye.x,
            y: eye.y,
            heading: eye.heading,
            facing: eye.facing,
            store: sight.stores[i],
            eaten: 0.0,
            dead: false,
        };
        // No plant in reach, so no plant is ever looked up: an empty list stands in for them.
        let here = Here { view: &sight.view, ground: &sight.ground, stands: &[] };
        g.choice = Some(act::pick(&g.scores, |a| act::allows(&me, i as u32, a, here, sight.wordy)));
    }
}
// ANCHOR_END: ahead

// ANCHOR: stripe
/// Looks for stripe `k` of `crew`: places k, k + crew, k + 2 crew, ... into `out`, in order.
pub fn look_stripe(sight: &Sight, k: usize, crew: usize, out: &mut Vec<Glance>) {
    let n = sight.eyes.len();
    out.resize(n.saturating_sub(k).div_ceil(crew), Glance::BLANK);
    for (g, i) in out.iter_mut().zip((k..n).step_by(crew)) {
        look_one(sight, i, g);
    }
}

/// The wide look on threads made for this phase and gone at its end.
pub fn look_scoped(sight: &Sight, crew: usize, stripes: &mut [Vec<Glance>]) {
    let Some((first, rest)) = stripes.split_first_mut() else { return };
    if rest.is_empty() {
        return look_stripe(sight, 0, 1, first);
    }
    std::thread::scope(|s| {
        for (k, out) in rest.iter_mut().enumerate() {
            s.spawn(move || look_stripe(sight, k + 1, crew, out));
        }
        look_stripe(sight, 0, crew, first);
    });
}
// ANCHOR_END: stripe

/// What the calling thread and the kept threads share.
struct Shared {
    sight: Arc<RwLock<Sight>>,
    crew: usize,
    /// One fan buffer a helper, swapped with the roster's after each cast.
    bufs: Vec<Mutex<Vec<Glance>>>,
    go: Barrier,
    done: Barrier,
    quit: AtomicBool,
    counting: AtomicBool,
    allocations: AtomicU64,
}

// ANCHOR: pool
/// The wide cast on threads kept for the whole run: crew - 1 helpers wait at a barrier, the
/// calling thread casts stripe 0 itself, and the buffers change hands by swapping, so a tick
/// spawns nothing and allocates nothing.
pub struct Pool {
    shared: Arc<Shared>,
    helpers: Vec<JoinHandle<()>>,
}

impl Pool {
    pub fn new(sight: Arc<RwLock<Sight>>, crew: usize) -> Pool {
        let shared = Arc::new(Shared {
            sight,
            crew,
            bufs: (0..crew).map(|_| Mutex::new(Vec::new())).collect(),
            go: Barrier::new(crew),
            done: Barrier::new(crew),
            quit: AtomicBool::new(false),
            counting: AtomicBool::new(false),
            allocations: AtomicU64::new(0),
        });
        let helpers = (1..crew)
            .map(|k| {
                let sh = Arc::clone(&shared);
                std::thread::spawn(move || helper(&sh, k))
            })
            .collect();
        Pool { shared, helpers }
    }

    pub fn crew(&self) -> usize {
        self.shared.crew
    }

    /// Casts every fan into `stripes` (one buffer a stripe). `counting` passes the ledger's
    /// switch on to the helpers for this cast.
    pub fn look(&mut self, stripes: &mut [Vec<Glance>], counting: bool) {
        let sh = &*self.shared;
        sh.counting.store(counting, Ordering::SeqCst);
        sh.go.wait();
        {
            let sight = sh.sight.read().unwrap_or_else(|e| e.into_inner());
            look_stripe(&sight, 0, sh.crew, &mut stripes[0]);
        }
        sh.done.wait();
        for (k, mine) in stripes.iter_mut().enumerate().skip(1) {
            let mut theirs = sh.bufs[k].lock().unwrap_or_else(|e| e.into_inner());
            std::mem::swap(mine, &mut *theirs);
        }
    }

    /// Allocations the helpers made while counting, since last asked.
    pub fn allocations(&self) -> u64 {
        self.shared.allocations.swap(0, Ordering::SeqCst)
    }
}
// ANCHOR_END: pool

fn helper(sh: &Shared, k: usize) {
    loop {
        sh.go.wait();
        if sh.quit.load(Ordering::SeqCst) {
            return;
        }
        let counting = sh.counting.load(Ordering::SeqCst);
        if counting {
            crate::ledger::start();
        }
        {
            let sight = sh.sight.read().unwrap_or_else(|e| e.into_inner());
            let mut out = sh.bufs[k].lock().unwrap_or_else(|e| e.into_inner());
            look_stripe(&sight, k, sh.crew, &mut out);
        }
        if counting {
            sh.allocations.fetch_add(crate::ledger::stop(), Ordering::SeqCst);
        }
        sh.done.wait();
    }
}

impl Drop for Pool {
    fn drop(&mut self) {
        self.shared.quit.store(true, Ordering::SeqCst);
        self.shared.go.wait();
        for h in self.helpers.drain(..) {
            let _ = h.join();
        }
    }
}
