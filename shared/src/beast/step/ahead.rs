//! The look ahead: every creature's fan cast, and as much of its brain's pass thought as can
//! be, before the walk begins, on as many threads as the crew has.
//!
//! A fan reads the ground and the view taken when the phase opened, neither of which anything
//! writes until the walk begins, and writes only its own creature's buffer. Splitting the
//! casting among threads therefore changes who does the work but not a single result, however
//! many threads take part. The crowd is cut into stripes by pack: pack p, the creatures
//! thinking with its four brains, belongs to stripe p % crew (with brains kept apart,
//! `--alone`, creature i belongs to stripe i % crew). Interleaved stripes spread the long rays
//! and the short ones evenly, where blocks would hand one thread a crowded corner. The threads
//! the look runs on for a whole run are [`Pool`](crate::beast::step::pool::Pool)'s.

use crate::beast::act::{self, Act, Here};
use crate::beast::kind::{ACTS, HIDDEN, INPUTS};
use crate::beast::look::fan::{BLANK_FAN, Fan};
use crate::beast::look::gone::Gone;
use crate::beast::look::sense;
use crate::beast::step::sight::Sight;
use crate::beast::think::brain::Brain;
use crate::beast::think::minds::Minds;
use crate::beast::think::pack::{Each, LANES, Pack};

/// What the looking leaves for one creature: its fan, its six scores when they could be
/// worked out ahead, and its choice when that could be too.
#[derive(Clone, Copy, Debug)]
pub struct Glance {
    /// Its nine rays: cast ahead, or again in the walk when a death nearby changed them.
    pub fan: Fan,
    /// The hidden sums through the settled part of the row, when `begun`.
    pub partial: [f64; HIDDEN],
    /// Whether the pass was begun ahead, through the settled inputs.
    pub begun: bool,
    /// The brain's six scores, when `ready`.
    pub scores: [f64; ACTS],
    /// Whether `scores` is this tick's answer already.
    pub ready: bool,
    /// Whether this creature's pack thought to the end ahead, for it or for another lane.
    pub ended: bool,
    /// The action picked ahead, when `ready` and nothing the walk does can change the pick.
    pub choice: Option<Act>,
}

impl Glance {
    /// A glance with nothing looked at or thought yet.
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
    pub fn cast(&mut self, sight: &Sight, i: usize, gone: &Gone) {
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
    g.cast(sight, i, sight.nobody);
    let (x, y) = sight.cells[i];
    let (beside, reach) = if sight.design.nine {
        sight.view.plants_near_nine(x, y)
    } else {
        sight.view.plants_near(x, y)
    };
    if beside && sight.design.whole {
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
    let here = Here { view: sight.checked(), ground: sight.ground, stands: &[] };
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
    let from = sight.times.now();
    match &sight.minds {
        // ANCHOR: stripe_packs
        Minds::Packed { packs, .. } => {
            let n = packs.len();
            out.resize(n.saturating_sub(k).div_ceil(crew) * LANES, Glance::BLANK);
            for (g, p) in out.chunks_exact_mut(LANES).zip((k..n).step_by(crew)) {
                let g: &mut [Glance; LANES] = g.try_into().expect("chunks are LANES long");
                look_pack(sight, &packs[p], p, g);
            }
        }
        // ANCHOR_END: stripe_packs
        Minds::Alone(brains) => {
            let n = sight.eyes.len();
            out.resize(n.saturating_sub(k).div_ceil(crew), Glance::BLANK);
            for (g, i) in out.iter_mut().zip((k..n).step_by(crew)) {
                look_one(sight, &brains[sight.brain_of[i] as usize], i, g);
            }
        }
    }
    sight.times.looked(k, from);
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
