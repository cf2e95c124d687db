//! Casting fans side by side.
//!
//! A fan reads the ground and the view taken when the phase opened, neither of which anything
//! writes until the walk begins, and writes only its own creature's buffer. Splitting the casting
//! among threads therefore changes who does the work but not a single result, however many
//! threads take part. The crowd is cut into stripes by pack: pack p, the creatures thinking
//! with its four brains, belongs to stripe p % crew (with brains kept apart, `--alone`,
//! creature i belongs to stripe i % crew). Interleaved stripes spread the long rays and the
//! short ones evenly, where blocks would hand one thread a crowded corner.

use std::panic::{self, AssertUnwindSafe};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Condvar, Mutex, RwLock};
use std::thread::JoinHandle;

use super::act::{self, Act, Here};
use super::brain::Brain;
use super::creature::Eye;
use super::design::Design;
use super::fan::{self, BLANK_FAN, Fan};
use super::kind::{ACTS, HIDDEN, INPUTS};
use super::minds::Minds;
use super::sense;
use super::view::{Flat, View};
use crate::lanes::Isa;
use crate::lanes::pack::{Each, LANES, Pack};
use crate::terra::Valley;

/// What the looking may read: the ground, the view, and every creature's eye, store and
/// brain as the phase opened, and the design they are all read by. Nothing here is written
/// between the phase's open and its end.
#[derive(Clone, Debug)]
pub struct Sight {
    pub design: Design,
    pub ground: Valley,
    pub view: View,
    /// The second view the checks read under `--twice`; otherwise they read `view`.
    pub second: Option<View>,
    pub cells: Vec<(i64, i64)>,
    pub eyes: Vec<Eye>,
    pub stores: Vec<f64>,
    /// Every brain the roster was founded with, in founding order. Never moved, unless a
    /// death slides the later ones down (`--slide`): a brain is 1.5 kB, and closing the gap a
    /// death leaves in a crowd of them moves megabytes.
    pub minds: Minds,
    /// For each roster place, which of the brains it thinks with; struck off with its
    /// creature.
    pub brain_of: Vec<u32>,
    /// For each pack, the first roster place that thinks with one of its brains, and after
    /// the last pack the crowd's size: pack p's creatures are places `starts[p]..starts[p + 1]`.
    /// Empty when the brains are kept apart.
    pub starts: Vec<u32>,
    /// The instructions the lanes run on.
    pub isa: Isa,
    /// Nobody is gone before the walk: the marks the fans are cast against.
    pub nobody: Vec<bool>,
}

impl Sight {
    /// What the looking reads for a crowd thinking with these brains, under this design, with
    /// the lanes on `isa`. The brains go four to a pack, or stay apart under `--alone`.
    pub fn new(design: Design, brains: Vec<Brain>, isa: Isa) -> Sight {
        Sight {
            design,
            ground: Valley::new(0, 1, 1),
            view: View::Flat(Flat::default()),
            second: None,
            cells: Vec::new(),
            eyes: Vec::new(),
            stores: Vec::new(),
            brain_of: (0..brains.len() as u32).collect(),
            // Room for every pack's start and the end, so no phase grows it.
            starts: Vec::with_capacity(brains.len().div_ceil(LANES) + 1),
            minds: if design.alone { Minds::Alone(brains) } else { Minds::packed(brains) },
            isa,
            nobody: Vec::new(),
        }
    }

    /// Works out which roster places each pack's creatures hold, for a phase about to open.
    pub fn seat_packs(&mut self) {
        self.starts.clear();
        if let Minds::Packed { packs, .. } = &self.minds {
            let mut i = 0;
            for p in 0..packs.len() {
                while i < self.brain_of.len() && (self.brain_of[i] as usize) / LANES < p {
                    i += 1;
                }
                self.starts.push(i as u32);
            }
            self.starts.push(self.brain_of.len() as u32);
        }
    }

    /// Where roster place `i`'s glance is kept when the looking is cut into `crew` stripes:
    /// which stripe, and where in it. With packs, a pack's four lanes sit side by side.
    #[inline]
    pub fn seat(&self, i: usize, crew: usize) -> (usize, usize) {
        match self.minds {
            Minds::Packed { .. } => {
                let b = self.brain_of[i] as usize;
                let p = b / LANES;
                (p % crew, p / crew * LANES + b % LANES)
            }
            Minds::Alone(_) => (i % crew, i / crew),
        }
    }

    /// The pack roster place `i`'s brain is in, if the brains are packed.
    #[inline]
    pub fn pack_of(&self, i: usize) -> Option<usize> {
        match self.minds {
            Minds::Packed { .. } => Some(self.brain_of[i] as usize / LANES),
            Minds::Alone(_) => None,
        }
    }

    /// Roster place `i`'s whole pass over `row`.
    #[inline]
    pub fn think(&self, i: usize, row: &[f64; INPUTS]) -> [f64; ACTS] {
        self.minds.think(self.isa, self.brain_of[i] as usize, row)
    }

    /// The rest of roster place `i`'s pass, from the sums the settled inputs left.
    #[inline]
    pub fn finish(&self, i: usize, sums: &[f64; HIDDEN], row: &[f64; INPUTS]) -> [f64; ACTS] {
        self.minds.finish(self.isa, self.brain_of[i] as usize, sums, row)
    }

    /// The view the checks read.
    pub fn checked(&self) -> &View {
        self.second.as_ref().unwrap_or(&self.view)
    }

    /// Casts roster place `i`'s fan against the view, leaving out everyone marked `gone`, by
    /// the cast the design asks for.
    pub fn cast(&self, i: usize, gone: &[bool], fan: &mut Fan) {
        let d = self.design;
        let how = if d.floor {
            fan::cast_floored
        } else if d.strides {
            fan::cast_strides
        } else {
            fan::cast
        };
        how(&self.view, &self.ground, self.eyes[i], i as u32, gone, fan);
    }

    /// The picker's question for roster place `i`, standing at `eye` with `store` grams:
    /// may it take action `a` now? Asked as a yes or a no, or (`--wordy`) as a refusal in full.
    pub fn allows(&self, i: usize, eye: &Eye, store: f64, a: Act, here: Here) -> bool {
        if self.design.wordy {
            act::legal(eye, store, i as u32, a, here).is_ok()
        } else {
            act::can(eye, store, a, here)
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
    /// Whether this creature's pack thought to the end ahead, for it or for another lane.
    pub ended: bool,
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
        ended: false,
        choice: None,
    };

    /// Casts the fan of roster place `i` afresh against the view as it now stands, and forgets
    /// everything worked out from the fan before.
    pub fn cast(&mut self, sight: &Sight, i: usize, gone: &[bool]) {
        sight.cast(i, gone, &mut self.fan);
        self.begun = false;
        self.ready = false;
        self.choice = None;
    }
}

// ANCHOR: ahead
/// Looks for roster place `i`, thinking with `brain`: casts its fan and runs the brain
/// through the settled part of the row. If no plant stands on its cell or the four around it,
/// it thinks to the end: those five cells are all the row reads live, and with no plant on any
/// of them the row is the same whatever anyone eats first. If no plant stands anywhere within
/// bite reach either, the pick is settled too: the only test that reads what others change is
/// the bite's, and with nothing in reach its answer is no.
pub fn look_one(sight: &Sight, brain: &Brain, i: usize, g: &mut Glance) {
    let mut row = [0.0; INPUTS];
    let found = prepare(sight, i, g, &mut row);
    if !found.begun {
        return;
    }
    g.partial = brain.settled(&row);
    g.begun = true;
    if !found.whole {
        return;
    }
    g.scores = brain.finish(g.partial, &row);
    g.ready = true;
    if !found.reach {
        settle_pick(sight, i, g);
    }
}
// ANCHOR_END: ahead

/// What the look ahead finds for one creature before its brain is asked anything.
#[derive(Clone, Copy, Default)]
struct Found {
    /// Its pass can be begun: the fan and the settled part of its row are read.
    begun: bool,
    /// No plant stands beside it, so its row is whole, the food read as none.
    whole: bool,
    /// A plant stands within bite reach.
    reach: bool,
}

/// Casts roster place `i`'s fan into `g` and reads as much of its row into `row` as can be
/// read before the walk: the settled part, unless the design leaves a creature next to a plant
/// its whole pass for its turn, and the food too where there is no plant beside it.
fn prepare(sight: &Sight, i: usize, g: &mut Glance, row: &mut [f64; INPUTS]) -> Found {
    g.cast(sight, i, &sight.nobody);
    let d = sight.design;
    let (x, y) = sight.cells[i];
    let (beside, reach) =
        if d.nine { sight.view.plants_near_nine(x, y) } else { sight.view.plants_near(x, y) };
    if beside && d.whole {
        return Found::default();
    }
    sense::read_own(row, &g.fan, sight.stores[i], sight.eyes[i].facing);
    if !beside {
        sense::read_food(row, |_, _| 0.0, (x, y));
    }
    Found { begun: true, whole: !beside, reach }
}

/// Picks ahead for roster place `i`, whose scores are ready and which has no plant in reach.
fn settle_pick(sight: &Sight, i: usize, g: &mut Glance) {
    // No plant in reach, so no plant is ever looked up: an empty list stands in for them.
    let (eye, store) = (sight.eyes[i], sight.stores[i]);
    let here = Here { view: sight.checked(), ground: &sight.ground, stands: &[] };
    g.choice = Some(act::pick(&g.scores, |a| sight.allows(i, &eye, store, a, here)));
}

// ANCHOR: pack
/// Looks for pack `p` (roster places `starts[p]..starts[p + 1]`) into its lanes' glances:
/// each creature's fan and row as `look_one` reads them, then one pass through the settled
/// inputs for all four lanes at once, and one to the end for all four if any lane's row is
/// whole. A lane with no creature, or with a row not yet whole, rides along and its answer is
/// dropped: no lane's numbers ever touch another's.
pub fn look_pack(sight: &Sight, pack: &Pack, p: usize, out: &mut [Glance; LANES]) {
    let places = sight.starts[p] as usize..sight.starts[p + 1] as usize;
    let lane = |i: usize| sight.brain_of[i] as usize % LANES;
    let mut rows: Each<[f64; INPUTS]> = [[0.0; INPUTS]; LANES];
    let mut found = [Found::default(); LANES];
    for i in places.clone() {
        found[lane(i)] = prepare(sight, i, &mut out[lane(i)], &mut rows[lane(i)]);
    }
    if !found.iter().any(|f| f.begun) {
        return;
    }
    let sums = pack.settled(sight.isa, &rows);
    let ended = found.iter().any(|f| f.whole);
    let scores = if ended { pack.finish(sight.isa, &sums, &rows) } else { [[0.0; ACTS]; LANES] };
    for i in places {
        let (g, f) = (&mut out[lane(i)], found[lane(i)]);
        g.ended = ended;
        if f.begun {
            (g.partial, g.begun) = (sums[lane(i)], true);
        }
        if f.whole {
            (g.scores, g.ready) = (scores[lane(i)], true);
            if !f.reach {
                settle_pick(sight, i, g);
            }
        }
    }
}
// ANCHOR_END: pack

// ANCHOR: stripe
/// Looks for stripe `k` of `crew` into `out`, in order: with packs, packs k, k + crew,
/// k + 2 crew, ..., four glances a pack; with brains apart, places k, k + crew, ...
pub fn look_stripe(sight: &Sight, k: usize, crew: usize, out: &mut Vec<Glance>) {
    match &sight.minds {
        Minds::Packed { packs, .. } => {
            let n = packs.len();
            out.resize(n.saturating_sub(k).div_ceil(crew) * LANES, Glance::BLANK);
            for (g, p) in out.chunks_exact_mut(LANES).zip((k..n).step_by(crew)) {
                let g: &mut [Glance; LANES] = g.try_into().expect("chunks are LANES long");
                look_pack(sight, &packs[p], p, g);
            }
        }
        Minds::Alone(brains) => {
            let n = sight.eyes.len();
            out.resize(n.saturating_sub(k).div_ceil(crew), Glance::BLANK);
            for (g, i) in out.iter_mut().zip((k..n).step_by(crew)) {
                look_one(sight, &brains[sight.brain_of[i] as usize], i, g);
            }
        }
    }
}
// ANCHOR_END: stripe

// ANCHOR: scoped
/// The wide look on threads made for this phase and gone at its end (`--scoped`).
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
// ANCHOR_END: scoped

// ANCHOR: pool
/// The wide cast on threads kept for the whole run: crew - 1 helpers each wait at a slot of
/// their own for a buffer to fill, the calling thread casts stripe 0 itself, and the buffers
/// change hands through the slots, so a tick spawns nothing and allocates nothing. A helper
/// whose stripe panics hands back the panic instead of the buffer, and the caller, once every
/// helper has handed back, panics with it.
pub struct Pool {
    crew: usize,
    helpers: Vec<(Arc<Slot>, JoinHandle<()>)>,
    /// Allocations the helpers made while the ledger was counting.
    allocations: Arc<AtomicU64>,
}
// ANCHOR_END: pool

impl Pool {
    pub fn new(sight: Arc<RwLock<Sight>>, crew: usize) -> Pool {
        let allocations = Arc::new(AtomicU64::new(0));
        let helpers = (1..crew)
            .map(|k| {
                let slot = Arc::new(Slot::default());
                let (s, sight, n) =
                    (Arc::clone(&slot), Arc::clone(&sight), Arc::clone(&allocations));
                (slot, std::thread::spawn(move || helper(&s, &sight, k, crew, &n)))
            })
            .collect();
        Pool { crew, helpers, allocations }
    }

    pub fn crew(&self) -> usize {
        self.crew
    }

    // ANCHOR: look
    /// Casts every fan into `stripes` (one buffer a stripe), looking at `sight` for stripe 0.
    /// `counting` passes the ledger's switch on to the helpers for this cast.
    pub fn look(&mut self, sight: &Sight, stripes: &mut [Vec<Glance>], counting: bool) {
        for ((slot, _), out) in self.helpers.iter().zip(&mut stripes[1..]) {
            slot.put(Hand::Work(std::mem::take(out), counting));
        }
        let mine = panic::catch_unwind(AssertUnwindSafe(|| {
            look_stripe(sight, 0, self.crew, &mut stripes[0]);
        }));
        let mut failed = mine.err();
        for ((slot, _), out) in self.helpers.iter().zip(&mut stripes[1..]) {
            match slot.take(|h| matches!(h, Hand::Done(_))) {
                Hand::Done(Ok(filled)) => *out = filled,
                Hand::Done(Err(p)) => failed = failed.or(Some(p)),
                _ => unreachable!("take waits for a filled buffer"),
            }
        }
        if let Some(p) = failed {
            panic::resume_unwind(p);
        }
    }
    // ANCHOR_END: look

    /// Allocations the helpers made while counting, since last asked.
    pub fn allocations(&self) -> u64 {
        self.allocations.swap(0, Ordering::SeqCst)
    }
}

/// What a helper's slot holds: whose move it is.
enum Hand {
    /// Nothing to do.
    Idle,
    /// A buffer for the helper to fill, and whether to count what filling it allocates.
    Work(Vec<Glance>, bool),
    /// The buffer filled, or the panic that stopped the filling, for the caller to take.
    Done(std::thread::Result<Vec<Glance>>),
    /// The pool is gone: the helper stops.
    Quit,
}

/// Where the caller and one helper hand a buffer to each other: a lock around the hand and a
/// condition variable to wait on it. Neither allocates once the threads exist.
struct Slot {
    hand: Mutex<Hand>,
    moved: Condvar,
}

impl Default for Slot {
    fn default() -> Slot {
        Slot { hand: Mutex::new(Hand::Idle), moved: Condvar::new() }
    }
}

impl Slot {
    /// Puts `h` in the slot and wakes whoever waits on it.
    fn put(&self, h: Hand) {
        *self.hand.lock().expect(SLOT) = h;
        self.moved.notify_all();
    }

    /// Waits until the slot holds a hand `wanted` accepts, and takes it, leaving it idle.
    fn take(&self, wanted: impl Fn(&Hand) -> bool) -> Hand {
        let hand = self.moved.wait_while(self.hand.lock().expect(SLOT), |h| !wanted(h));
        std::mem::replace(&mut *hand.expect(SLOT), Hand::Idle)
    }
}

/// Nothing panics while it holds a slot's lock, so a poisoned one is a bug worth a panic.
const SLOT: &str = "a crew's slot was left locked by a panic";

/// A kept thread: fills stripe `k` of `crew` for every buffer it is handed, until the pool
/// says quit. A panic in the stripe is caught and handed back, so the helper itself never
/// stops early and the caller never waits for a buffer that is not coming.
fn helper(slot: &Slot, sight: &RwLock<Sight>, k: usize, crew: usize, allocations: &AtomicU64) {
    loop {
        let (mut out, counting) = match slot.take(|h| matches!(h, Hand::Work(..) | Hand::Quit)) {
            Hand::Work(out, counting) => (out, counting),
            _ => return,
        };
        if counting {
            crate::ledger::start();
        }
        let filled = panic::catch_unwind(AssertUnwindSafe(|| {
            let sight = sight.read().expect("the sight is written only between phases");
            look_stripe(&sight, k, crew, &mut out);
        }));
        if counting {
            allocations.fetch_add(crate::ledger::stop(), Ordering::SeqCst);
        }
        slot.put(Hand::Done(filled.map(|()| out)));
    }
}

impl Drop for Pool {
    /// Tells every helper to quit and waits for it to finish.
    fn drop(&mut self) {
        for (slot, thread) in self.helpers.drain(..) {
            slot.put(Hand::Quit);
            // A helper catches its stripe's panics, so it always ends by returning.
            let _ = thread.join();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::beast::creature::Creature;
    use crate::beast::habitat::Habitat;
    use crate::beast::view::Build;
    use crate::rng::Stream;

    /// A sight of `n` creatures on a small valley, thinking with `brains` of them, kept
    /// apart, so that creature i is stripe i's.
    fn sight(n: usize, brains: usize) -> Sight {
        let hab = Habitat::new(5, 12, 8);
        let mut s = Stream::new(5, 14);
        let drawn = (0..n).map(|_| Brain::draw(&mut s)).collect();
        let mut sight = Sight::new(Design { alone: true, ..Design::NOW }, drawn, Isa::best());
        sight.brain_of.truncate(brains);
        let live: Vec<Creature> =
            (0..n).map(|i| Creature::new(0.5 + i as f64, 3.5, 0.3, 1.0)).collect();
        sight.cells = live.iter().map(Creature::cell).collect();
        sight.eyes = live.iter().map(Creature::eye).collect();
        sight.stores = live.iter().map(|c| c.store).collect();
        sight.nobody = vec![false; n];
        sight.ground = hab.ground.clone();
        sight.view = View::new(Build::Flat, &hab, &sight.cells);
        sight
    }

    /// Runs one look on a pool of two, where creature 1 (a helper's) or 0 (the caller's) has
    /// no brain, in a thread of its own: returns whether the look panicked, or None if it and
    /// the pool's drop did not finish within ten seconds.
    fn look_with_a_missing_brain(brains: usize) -> Option<bool> {
        let (tell, told) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            let shared = Arc::new(RwLock::new(sight(2, brains)));
            let mut pool = Pool::new(Arc::clone(&shared), 2);
            let mut stripes = vec![Vec::new(), Vec::new()];
            let looked = panic::catch_unwind(AssertUnwindSafe(|| {
                let s = shared.read().unwrap();
                pool.look(&s, &mut stripes, false);
            }));
            drop(pool);
            let _ = tell.send(looked.is_err());
        });
        told.recv_timeout(std::time::Duration::from_secs(10)).ok()
    }

    #[test]
    fn a_helper_that_panics_makes_the_caller_panic_and_nothing_hangs() {
        assert_eq!(look_with_a_missing_brain(1), Some(true), "a helper's panic");
        assert_eq!(look_with_a_missing_brain(0), Some(true), "the caller's own panic");
        assert_eq!(look_with_a_missing_brain(2), Some(false), "no panic at all");
    }
}
