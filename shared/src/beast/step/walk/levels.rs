//! The walk by levels: each level's turns shared out among the crew's kept threads and taken
//! side by side, with a wait for the whole crew at the end of every level (`--levels`).

use super::turn::{Share, Walking, ready, take_turn};
use crate::beast::creature::Creature;
use crate::beast::habitat::Habitat;
use crate::beast::ledger;
use crate::beast::step::deaths::Deaths;
use crate::beast::step::levels::Levels;
use crate::beast::step::pool::Parts;
use crate::beast::step::sight::Sight;

/// A level of fewer turns than this is taken on the walk's own thread, every share in turn:
/// waking the crew would cost more than the turns. The order of a level's turns changes nothing.
const SMALL_LEVEL: usize = 32;

/// The walk by levels' scratch: the levels of the phase under way, and one share of a level's
/// turns a thread of the crew.
pub(in crate::beast::step) struct ByLevels {
    pub(in crate::beast::step) levels: Levels,
    shares: Vec<Share>,
}

impl ByLevels {
    /// Room for the levels of `n` creatures on `crew` threads, asked for once.
    pub(super) fn new(n: usize, crew: usize) -> ByLevels {
        let mut w = ByLevels { levels: Levels::default(), shares: Vec::new() };
        w.levels.reserve(n);
        ready(&mut w.shares, crew, n);
        w
    }

    // ANCHOR: by_levels_walk
    /// The walk by levels: each level's turns are shared out among the crew's kept threads
    /// and taken side by side against the world as the level found it; when the level ends its
    /// bites come off their plants and its dead fall, so the next level finds the world as the
    /// roster order would have left it for every creature in it.
    pub(super) fn walk(&mut self, w: Walking) {
        let Walking { sight, stripes, pool, crew, live, hab, deaths, count, .. } = w;
        ready(&mut self.shares, crew, live.len());
        for k in 0..self.levels.count() {
            let places = self.levels.level(k);
            let (seen, stripes, crowd, gone) = (&*hab, &*stripes, &*live, &deaths.gone);
            let cells = &deaths.cells;
            let shares = Parts::lend(self.shares.iter_mut());
            let job = |t: usize| {
                let Some(Share { turns, count, .. }) = shares.take(t) else { return };
                for &i in places.iter().skip(t).step_by(crew) {
                    let (i, c) = (i as usize, &crowd[i as usize]);
                    let near = Deaths::seen(sight, sight.eyes[i], cells);
                    turns.push(take_turn(sight, seen, gone, near, stripes, i, c, count));
                }
            };
            if places.len() < SMALL_LEVEL {
                (0..crew).for_each(job);
            } else {
                let pool = pool.expect("a crew of two looks on kept threads");
                pool.each(&job, ledger::counting());
            }
            end_level(&mut self.shares, live, sight, hab, deaths);
        }
        for share in &self.shares {
            count.add(&share.count);
        }
    }
    // ANCHOR_END: by_levels_walk
}

/// The end of a level: every turn its threads handed back is written into the world, the
/// creature into the roster, its bite off its plant, and its death, if it died.
fn end_level(
    shares: &mut [Share],
    live: &mut [Creature],
    sight: &Sight,
    hab: &mut Habitat,
    deaths: &mut Deaths,
) {
    for share in shares {
        for t in share.turns.drain(..) {
            let i = t.place as usize;
            live[i] = t.creature;
            if let Some((p, took)) = t.bite {
                hab.stands[p as usize].bitten(took);
            }
            if live[i].store <= 0.0 {
                deaths.fall(sight, hab, i, &mut live[i]);
            }
        }
    }
}
