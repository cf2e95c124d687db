//! What the walks share: a walk under way, the thread's share of a level or a band, the turn
//! taken beside others, and the choice every turn ends on.

use crate::beast::act::{self, Act, Here};
use crate::beast::creature::Creature;
use crate::beast::habitat::Habitat;
use crate::beast::kind::{INPUTS, UPKEEP};
use crate::beast::look::gone::Gone;
use crate::beast::look::sense;
use crate::beast::step::ahead::Glance;
use crate::beast::step::count::Count;
use crate::beast::step::deaths::Deaths;
use crate::beast::step::pool::Pool;
use crate::beast::step::sight::Sight;

/// A walk under way: what it reads (the sight the phase opened on, the crew's kept threads)
/// and what it writes (the glances looked ahead, the creatures, the valley, the deaths and
/// the tick's count).
pub(in crate::beast::step) struct Walking<'a> {
    pub sight: &'a Sight<'a>,
    /// One buffer of glances a stripe, where [`Sight::seat`] says; empty unless `ahead`.
    pub stripes: &'a mut [Vec<Glance>],
    /// Whether the fans were cast ahead; otherwise each is cast in its creature's turn.
    pub ahead: bool,
    /// The crew's kept threads, once the look ahead has made them.
    pub pool: Option<&'a Pool>,
    /// The threads the phase looks and walks on.
    pub crew: usize,
    /// Whether a thread waiting for another stays awake a while first.
    pub awake: bool,
    pub live: &'a mut [Creature],
    pub hab: &'a mut Habitat,
    pub deaths: &'a mut Deaths,
    pub count: &'a mut Count,
}

/// One thread's share of a level, or its band: the turns it took, for the walk to write back
/// when the level or the walk ends, what it counted, and how often it had to wait. Each share
/// has cache lines of its own: two threads counting into one line would pass it back and forth
/// at every count.
#[derive(Default)]
#[repr(align(128))]
pub(super) struct Share {
    pub(super) turns: Vec<Turn>,
    pub(super) count: Count,
    /// The turns of the walk by bands before which its thread found it had to wait.
    pub(super) stalls: u64,
}

/// A share for every one of `crew` threads, empty, each with room for its part of a level of
/// `room` turns (the largest there can be, so that no level grows one; none for the walk by
/// bands, whose turns have room of their own).
pub(super) fn ready(shares: &mut Vec<Share>, crew: usize, room: usize) {
    shares.resize_with(crew, Share::default);
    for s in shares {
        s.turns.reserve(room.div_ceil(crew));
        s.count = Count::default();
        s.stalls = 0;
    }
}

/// One creature's turn taken beside others: the creature as it ends its turn, and what it did
/// to the world, written back when its level or the walk ends.
pub(super) struct Turn {
    pub(super) place: u32,
    pub(super) creature: Creature,
    /// The plant it bit and the grams it took off it.
    pub(super) bite: Option<(u32, f64)>,
}

impl Turn {
    /// A turn not yet taken: what the walk by bands' room holds before its first walk.
    pub(super) fn blank() -> Turn {
        Turn { place: 0, creature: Creature::new(0.0, 0.0, 0.0, 0.0), bite: None }
    }
}

// ANCHOR: take_turn
/// Roster place `i`'s turn taken beside others, from `c` as its level or its band found it:
/// the walk's turn, step for step, with the bite handed back for the walk to take off its
/// plant. The deaths it is shown (`gone`, and `near`: whether one was within its sight) are
/// every death within its sight that the roster puts before it, and no other within its sight.
#[allow(clippy::too_many_arguments)]
pub(super) fn take_turn(
    sight: &Sight,
    hab: &Habitat,
    gone: &Gone,
    near: bool,
    stripes: &[Vec<Glance>],
    i: usize,
    c: &Creature,
    count: &mut Count,
) -> Turn {
    let (stripe, at) = sight.seat(i, stripes.len());
    // The glance looked ahead is shared by the crew's threads: a turn that must cast again
    // casts on its own copy, and the rest read it where it lies. (A wide walk never runs
    // under `--loose`, so near a death it always casts again.)
    let ahead = &stripes[stripe][at];
    count.ahead(sight, i, ahead);
    let mut again = None;
    let g = if near {
        let g = again.insert(*ahead);
        Deaths::look_again_if(near, sight, i, g, gone, count);
        &*g
    } else {
        ahead
    };
    count.read(g);
    let mut c = c.clone();
    let mut row = [0.0; INPUTS];
    let choice = choose(sight, hab, i, &c, g, &mut row, count);
    let bite = act::take(&mut c, choice, sight.view, &hab.stands);
    c.store -= UPKEEP;
    count.creature_ticks += 1;
    Turn { place: i as u32, creature: c, bite }
}
// ANCHOR_END: take_turn

/// Creature `i`'s choice of action in its turn: whatever the looking ahead left ready is taken
/// as it is; the rest of its row is read, and the rest of its pass thought, now, and counted.
pub(super) fn choose(
    sight: &Sight,
    hab: &Habitat,
    i: usize,
    c: &Creature,
    g: &Glance,
    row: &mut [f64; INPUTS],
    count: &mut Count,
) -> Act {
    let cell = sight.cells[i];
    let mut scores = g.scores;
    if !g.ready {
        let mass = |x, y| sight.view.mass(hab, x, y);
        if g.begun {
            sense::read_food(row, mass, cell);
            scores = sight.finish(i, &g.partial, row);
            count.finished += 1;
        } else {
            sense::read(row, &g.fan, mass, cell, c.store, c.facing());
            scores = sight.think(i, row);
            count.whole += 1;
        }
    }
    g.choice.unwrap_or_else(|| {
        let (eye, here) = (c.eye(), Here::new(sight.checked(), hab));
        act::pick(&scores, |a| sight.allows(i, &eye, c.store, a, here))
    })
}
