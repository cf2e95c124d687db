//! The walk by bands: the valley cut into one band of rows a thread of the crew, each thread
//! taking its band's creatures in roster order and waiting only where a creature on a seam
//! depends on one of another band ([`crate::beast::step::bands`]).

use super::turn::{Share, Turn, Walking, ready, take_turn};
use crate::beast::creature::Creature;
use crate::beast::ledger;
use crate::beast::step::bands::Bands;
use crate::beast::step::count::Count;
use crate::beast::step::deaths::Deaths;
use crate::beast::step::pool::Parts;
use crate::beast::step::sight::Sight;

/// The walk by bands' scratch: the bands of the phase under way, one share a thread, and the
/// turns, band after band.
pub(in crate::beast::step) struct ByBands {
    pub(in crate::beast::step) bands: Bands,
    shares: Vec<Share>,
    /// Room for the whole crowd's turns, asked for once, since one band may hold every
    /// creature.
    turns: Vec<Turn>,
    /// The walk taken on one thread in the order that strains its waits most, for the tests
    /// ([`crate::beast::step::phase::Phase::strain`]); None for the crew's threads.
    pub(super) trial: Option<Trial>,
    /// The latest walk's stalls ([`crate::beast::step::phase::Phase::stalls`]).
    pub(super) stalls: u64,
}

impl ByBands {
    /// Room for the bands and the turns of `n` creatures on `crew` threads, asked for once.
    pub(super) fn new(n: usize, crew: usize) -> ByBands {
        let mut w = ByBands {
            bands: Bands::default(),
            shares: Vec::new(),
            turns: Vec::new(),
            trial: None,
            stalls: 0,
        };
        w.bands.reserve(n, crew);
        w.turns.resize_with(n, Turn::blank);
        ready(&mut w.shares, crew, 0);
        w
    }

    // ANCHOR: by_bands_walk
    /// The walk by bands: each thread of the crew takes the creatures of its own band in
    /// roster order, against the view the phase opened on and the grams as they stand, biting
    /// plants and marking its dead as it goes. A creature on a seam first waits for the other
    /// bands to pass the creatures it depends on; nobody else waits. When every band is done,
    /// the creatures are written back into the roster and the dead are struck off as ever.
    pub(super) fn walk(&mut self, w: Walking) {
        let Walking { sight, stripes, pool, crew, awake, live, hab, deaths, count, .. } = w;
        ready(&mut self.shares, crew, 0);
        let (seen, stripes, crowd) = (&*hab, &*stripes, &*live);
        let (bands, gone) = (&self.bands, &deaths.gone);
        // The turn of band t's k-th creature, once it may be taken, into `into`.
        let turn = |t: usize, k: usize, share: &mut Share, into: &mut Turn| {
            let mine = bands.band(t);
            let i = mine[k] as usize;
            let near = bands.death_near(sight, sight.eyes[i]);
            let from = if near { sight.times.now() } else { None };
            let count = &mut share.count;
            let turn = take_turn(sight, seen, gone, near, stripes, i, &crowd[i], count);
            sight.times.turned_near_death(t, from);
            if let Some((p, took)) = turn.bite {
                seen.stands[p as usize].bitten(took);
            }
            if turn.creature.store <= 0.0 {
                gone.mark(i);
                bands.fell(t, sight.cells[i]);
            }
            *into = turn;
            bands.passed(t, mine.get(k + 1).copied());
        };
        // ANCHOR_END: by_bands_walk
        // ANCHOR: by_bands_job
        let runs = runs(&mut self.turns[..crowd.len()], bands);
        match self.trial {
            None => {
                let (runs, shares) = (Parts::lend(runs), Parts::lend(self.shares.iter_mut()));
                let job = |t: usize| {
                    // Were this thread to stop early, the others must not wait for it for ever.
                    let _done = Done(bands, t);
                    let began = sight.times.now();
                    let Some(share) = shares.take(t) else { return };
                    for (k, into) in runs.take(t).unwrap_or_default().iter_mut().enumerate() {
                        let upto = bands.waits_for(t, k);
                        if upto > 0 {
                            let from = sight.times.now();
                            share.stalls += u64::from(bands.wait(t, upto, awake));
                            sight.times.waited(t, from);
                        }
                        turn(t, k, share, into);
                    }
                    sight.times.walked(t, began);
                };
                let pool = pool.expect("a crew of two looks on kept threads");
                pool.each(&job, ledger::counting());
            }
            Some(trial) => trial.walk(bands, &mut self.shares, runs.collect(), turn),
        }
        // ANCHOR_END: by_bands_job
        self.end(live, sight, deaths, count);
    }

    /// The end of the walk by bands: every turn written back into the roster, band after band,
    /// and its death written down if it died; the threads' counts added up.
    fn end(
        &mut self,
        live: &mut [Creature],
        sight: &Sight,
        deaths: &mut Deaths,
        count: &mut Count,
    ) {
        for t in &self.turns[..live.len()] {
            let i = t.place as usize;
            live[i].clone_from(&t.creature);
            if live[i].store <= 0.0 {
                deaths.fell(sight, i, &mut live[i]);
            }
        }
        self.stalls = 0;
        for share in &self.shares {
            count.add(&share.count);
            self.stalls += share.stalls;
        }
    }
}

/// Each band's run of `turns`, band after band.
fn runs<'a>(turns: &'a mut [Turn], bands: &'a Bands) -> impl Iterator<Item = &'a mut [Turn]> {
    let mut rest = turns;
    (0..bands.count()).map(move |b| {
        let (mine, later) = std::mem::take(&mut rest).split_at_mut(bands.band(b).len());
        rest = later;
        mine
    })
}

/// Says, when dropped, that band `.1`'s thread has taken all it will: at the end of its band,
/// or when a panic stops it, so that no other thread waits for it for ever (the panic is
/// raised once every thread has finished).
struct Done<'a>(&'a Bands, usize);

impl Drop for Done<'_> {
    fn drop(&mut self) {
        self.0.passed(self.1, None);
    }
}

/// The walk by bands on one thread, always the latest creature its waits let go
/// ([`crate::beast::step::phase::Phase::strain`]).
#[derive(Clone, Copy, Debug)]
pub(super) struct Trial {
    /// Whether every wait is one creature short.
    pub(super) short: bool,
}

impl Trial {
    /// Takes one turn at a time: of the bands whose next creature its waits let go, the one
    /// whose next creature comes latest in the roster.
    fn walk(
        self,
        bands: &Bands,
        shares: &mut [Share],
        mut runs: Vec<&mut [Turn]>,
        turn: impl Fn(usize, usize, &mut Share, &mut Turn),
    ) {
        let crew = bands.count();
        let mut at = vec![0; crew];
        let next = |t: usize, k: usize| bands.band(t).get(k).copied();
        loop {
            let free = (0..crew).filter(|&t| {
                next(t, at[t]).is_some() && {
                    let upto = bands.waits_for(t, at[t]).saturating_sub(u32::from(self.short));
                    bands.ready(t, upto)
                }
            });
            let Some(t) = free.max_by_key(|&t| next(t, at[t])) else { break };
            turn(t, at[t], &mut shares[t], &mut runs[t][at[t]]);
            at[t] += 1;
        }
        for (t, &k) in at.iter().enumerate() {
            assert_eq!(k, bands.band(t).len(), "the waits of the walk by bands never end");
        }
    }
}
