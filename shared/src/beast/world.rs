//! The world of chapter 3: the valley and its crowd, founded from a seed and stepped a tick at
//! a time, with the digest that says two runs are the same run.

use crate::base::streams::{BRAINS, SCATTER};
use crate::base::{Digest, Land, Stream};
use crate::beast::creature::Creature;
use crate::beast::design::Design;
use crate::beast::habitat::Habitat;
use crate::beast::kind::STORE;
use crate::beast::ledger;
use crate::beast::settings::Settings;
use crate::beast::step::bands::Bands;
use crate::beast::step::count::Counts;
use crate::beast::step::levels::Levels;
pub use crate::beast::step::phase::Moment;
use crate::beast::step::phase::Phase;
use crate::beast::step::roster::Roster;
use crate::beast::step::times::{Clock, Lane};
use crate::beast::think::brain::Brain;

/// The valley and its crowd: what a tick moves forward.
pub struct World {
    /// The valley: its ground, its plants, its litter and its weather.
    pub hab: Habitat,
    /// The creatures, in roster order: with the valley, all that a tick moves forward.
    pub roster: Roster,
    /// The phase that steps them: its threads, its scratch and what it counted.
    phase: Phase,
}

/// Ticks a world runs before its allocations are counted, and ticks they are counted over, in
/// [`World::warm_allocations`]: by the fifth tick every buffer has grown to what the crowd
/// needs.
pub const WARM: (u32, u32) = (5, 100);

impl World {
    /// Valley `seed` at `cols` by `rows` with `crowd` creatures scattered on stream
    /// [`SCATTER`] and brains drawn off stream [`BRAINS`] in roster order, stepped by `design`
    /// and run by `settings`.
    pub fn found(
        seed: u64,
        cols: usize,
        rows: usize,
        crowd: usize,
        design: Design,
        settings: Settings,
    ) -> Result<World, String> {
        let hab = Habitat::new(seed, cols, rows);
        let (mut live, brains) = scatter(&hab, seed, crowd)?;
        if design.cosines {
            live = live.into_iter().map(Creature::forgetful).collect();
        }
        let phase = Phase::new(live.len(), design, settings);
        Ok(World { hab, roster: Roster::new(live, brains, design), phase })
    }

    /// One tick: the weather and the plants, then the creature phase.
    pub fn tick(&mut self) {
        self.tick_watched(|_| {});
    }

    // ANCHOR: tick
    /// One tick, with `watch` told as the tick opens, as the phase opens and as it closes: the
    /// one sequence every run goes through, timed or counted or neither.
    pub fn tick_watched(&mut self, mut watch: impl FnMut(Moment)) {
        watch(Moment::TickOpens);
        self.hab.grow();
        watch(Moment::PhaseOpens);
        self.phase.step_watched(&mut self.roster, &mut self.hab, &mut watch);
        watch(Moment::PhaseCloses);
        self.hab.now += 1;
    }
    // ANCHOR_END: tick

    /// One tick, and the heap allocations made inside its phase, the crew's helpers' included:
    /// what the ledger counts (zero unless `ledger::Counting` is the global allocator).
    pub fn tick_counted(&mut self) -> u64 {
        let mut n = 0;
        self.tick_watched(|m| match m {
            Moment::PhaseOpens => ledger::start(),
            Moment::PhaseCloses => n = ledger::stop(),
            _ => {}
        });
        n + self.phase.pool_allocations()
    }

    /// The heap allocations of [`WARM`]'s counted ticks, after its warming ticks: what the
    /// ledger's promise of none once warm is tested on, by the library's tests and by the
    /// course's checks alike. Zero unless the counting allocator is installed.
    pub fn warm_allocations(&mut self) -> u64 {
        let (warm, counted) = WARM;
        for _ in 0..warm {
            self.tick();
        }
        let _ = self.phase.pool_allocations();
        (0..counted).map(|_| self.tick_counted()).sum()
    }

    /// What the latest tick's phase counted, and every phase so far.
    pub fn counts(&self) -> Counts {
        self.phase.counts()
    }

    /// Has every phase from now on work out its levels, even when its walk goes in roster
    /// order, so that a run may count them.
    pub fn watch_levels(&mut self) {
        self.phase.watch_levels();
    }

    /// The levels of the latest phase, if they were worked out.
    pub fn levels(&self) -> Option<&Levels> {
        self.phase.levels()
    }

    /// Takes every walk by bands from now on on one thread, in the order that strains its
    /// waits most, every wait one creature short if `short` ([`Phase::strain`]).
    #[doc(hidden)]
    pub fn strain(&mut self, short: bool) {
        self.phase.strain(short);
    }

    /// Takes every phase's times thread by thread from now on, by the run's `clock`: what
    /// [`World::lanes`] gives.
    pub fn keep_times(&mut self, clock: Clock) {
        self.phase.keep_times(clock);
    }

    /// Each thread's lane of the latest phase: when it looked and walked, how long it waited
    /// and cast again. None unless [`World::keep_times`] handed the world a clock.
    pub fn lanes(&self) -> Vec<Lane> {
        self.phase.lanes()
    }

    /// The bands of the latest phase, if its walk went by bands.
    pub fn bands(&self) -> Option<&Bands> {
        self.phase.bands()
    }

    /// The bytes of the flat rows the phase reads its view from, or None for the other builds.
    pub fn view_bytes(&self) -> Option<usize> {
        self.phase.view_bytes()
    }

    /// The turns of the latest phase before which a thread of the walk by bands had to wait
    /// for another: a matter of the threads' speeds, different on every run.
    pub fn stalls(&self) -> u64 {
        self.phase.stalls()
    }

    /// The roster places, as the latest phase opened, of the creatures that died in it, in
    /// the order they fell (each in its own turn, so in roster order).
    pub fn fallen(&self) -> impl Iterator<Item = usize> + '_ {
        self.phase.fallen()
    }

    // ANCHOR: digest
    /// SHA-256 over the ground (the litter on every cell), every plant's grams, and then for
    /// each living creature, roster first to last: x, y, heading, store, grams eaten.
    pub fn digest(&self) -> String {
        let mut d = Digest::new();
        d.u64(self.hab.ground.cols as u64).u64(self.hab.ground.rows as u64);
        for &g in &self.hab.litter {
            d.f64(g);
        }
        for st in &self.hab.stands {
            d.f64(st.mass.get());
        }
        d.u64(self.roster.live.len() as u64);
        for c in &self.roster.live {
            d.f64(c.x).f64(c.y).f64(c.heading).f64(c.store).f64(c.eaten);
        }
        d.hex(8)
    }
    // ANCHOR_END: digest
}

// ANCHOR: scatter
/// `n` creatures on `n` different ground cells, drawn on stream 12 until that many are taken,
/// each at its cell's middle with a heading off the same stream; then a brain each off stream
/// 14, in roster order.
pub fn scatter(hab: &Habitat, seed: u64, n: usize) -> Result<(Vec<Creature>, Vec<Brain>), String> {
    let g = &hab.ground;
    let [ground, _, _] = g.census();
    if n == 0 || n > ground {
        return Err(format!(
            "{n} creatures do not fit: the {}x{} valley has {ground} cells of ground, \
             give 1 to {ground}",
            g.cols, g.rows
        ));
    }
    let cells = (g.cols * g.rows) as u64;
    let mut taken = vec![false; g.cols * g.rows];
    let mut s = Stream::new(seed, SCATTER);
    let mut places = Vec::with_capacity(n);
    while places.len() < n {
        let i = s.below(cells) as usize;
        let (x, y) = ((i % g.cols) as i64, (i / g.cols) as i64);
        if taken[i] || g.at(x, y) != Land::Ground {
            continue;
        }
        taken[i] = true;
        places.push((x as f64 + 0.5, y as f64 + 0.5, s.between(0.0, std::f64::consts::TAU)));
    }
    let live =
        places.into_iter().map(|(x, y, heading)| Creature::new(x, y, heading, STORE)).collect();
    let mut minds = Stream::new(seed, BRAINS);
    let brains = (0..n).map(|_| Brain::draw(&mut minds)).collect();
    Ok((live, brains))
}
// ANCHOR_END: scatter

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn too_many_creatures_is_an_error() {
        let hab = Habitat::new(5, 12, 8);
        let [ground, _, _] = hab.ground.census();
        assert!(scatter(&hab, 5, ground).is_ok());
        let e = scatter(&hab, 5, ground + 1).unwrap_err();
        assert!(e.contains("do not fit"), "{e}");
        assert!(scatter(&hab, 5, 0).is_err());
    }
}
