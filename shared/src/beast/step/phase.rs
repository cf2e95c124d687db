//! The creature phase: each tick every creature looks, reads its row, picks an action and
//! takes it, in roster order, and the dead are struck off at the close. The phase owns what it
//! needs to do that (its threads, its scratch, its counts and its clock) and the settings it
//! was made with; the crowd it steps is the [`Roster`], handed to it each tick.

use crate::beast::design::Design;
use crate::beast::habitat::Habitat;
use crate::beast::ledger;
use crate::beast::settings::{Look, Settings};
use crate::beast::step::ahead::{Glance, look_scoped};
use crate::beast::step::bands::Bands;
use crate::beast::step::count::{Count, Counts};
use crate::beast::step::deaths::Deaths;
use crate::beast::step::levels::Levels;
use crate::beast::step::pool::Pool;
use crate::beast::step::roster::{Roster, strike_off, strike_off_sliding};
use crate::beast::step::sight::{Sight, Snapshot};
use crate::beast::step::times::{Clock, Lane, Times};
pub use crate::beast::step::walk::Walk;
use crate::beast::step::walk::Walker;
use crate::beast::step::walk::turn::Walking;
use crate::lanes::Isa;

/// The phase: the settings it was made with, the crew's threads, what it keeps between ticks
/// so that no tick allocates, and what it counted and timed.
pub struct Phase {
    /// The design every part of the phase is read by.
    design: Design,
    /// The instructions the brains' lanes run on.
    isa: Isa,
    /// The threads the fans are cast on, and the glances they cast.
    crew: Crew,
    /// What the phase writes down as it opens: the view and every creature's cell, eye and
    /// store.
    snap: Snapshot,
    /// The walk, chosen when the phase is made, with its scratch.
    walker: Walker,
    deaths: Deaths,
    /// Whether the levels are worked out even for a walk not by levels: for a run that counts
    /// them.
    watch: bool,
    /// The levels worked out for such a run.
    watched: Levels,
    /// The phase's times thread by thread, when a run hands it a clock.
    times: Times,
    /// What the phases counted.
    counts: Counts,
}

/// The crew's threads and what they cast: how the phase looks, worked out once, the kept
/// threads once the first look ahead has made them, and one buffer of glances a stripe
/// (where creature i's is kept, [`Sight::seat`] says).
struct Crew {
    look: Look,
    /// Whether the crew's threads stay awake a while between jobs ([`Settings::awake`]).
    awake: bool,
    pool: Option<Pool>,
    stripes: Vec<Vec<Glance>>,
}

/// The moments of a tick that `World::tick_watched` tells its onlooker about.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Moment {
    /// Before the weather and the plants.
    TickOpens,
    /// After the plants have grown, before any creature moves.
    PhaseOpens,
    /// The phase has opened (its view, and its levels or bands if the walk goes by them): the
    /// look ahead begins.
    LookAhead,
    /// The look ahead is done: the walk begins.
    Walk,
    /// The walk is done: the close begins, the burials and the striking off.
    Close,
    /// After the last creature's turn and the burials.
    PhaseCloses,
}

impl Phase {
    /// The phase for a crowd of `n` founded under `design`, run by `settings`: how it looks
    /// and how it walks are worked out here, once.
    pub fn new(n: usize, design: Design, settings: Settings) -> Phase {
        let look = settings.look(design);
        Phase {
            design,
            isa: settings.isa,
            crew: Crew { look, awake: settings.awake(), pool: None, stripes: Vec::new() },
            snap: Snapshot::new(design, n),
            walker: Walker::new(Walk::of(look.threads(), design), n, look.threads()),
            deaths: Deaths::default(),
            watch: false,
            watched: Levels::default(),
            times: Times::default(),
            counts: Counts::default(),
        }
    }

    /// What the latest tick's phase counted, and every phase so far.
    pub fn counts(&self) -> Counts {
        self.counts
    }

    /// The roster places, as the latest phase opened, of the creatures that died in it.
    pub fn fallen(&self) -> impl Iterator<Item = usize> + '_ {
        self.deaths.gone.places()
    }

    /// Works out the levels at every phase from now on, even when the walk goes in roster
    /// order, so that a run may count them.
    pub fn watch_levels(&mut self) {
        self.watch = true;
    }

    /// The levels of the latest phase, if they were worked out.
    pub fn levels(&self) -> Option<&Levels> {
        self.walker.levels().or(self.watch.then_some(&self.watched))
    }

    /// The bands of the latest phase, if its walk went by bands.
    pub fn bands(&self) -> Option<&Bands> {
        self.walker.bands()
    }

    /// The turns of the latest phase before which a thread of the walk by bands found it had
    /// to wait for another: how often the seams stalled a thread, which depends on the
    /// threads' speeds and so is never part of a run's deterministic report.
    pub fn stalls(&self) -> u64 {
        self.walker.stalls()
    }

    /// Takes every walk by bands from now on on the calling thread, one turn at a time, always
    /// the creature latest in the roster of those whose waits let them go (with every wait one
    /// creature short if `short`): a schedule the crew's threads could take, and the one that
    /// puts every creature the waits let go early before those it comes after in the roster. For the
    /// tests that prove the waits enough, and that one creature fewer is not.
    #[doc(hidden)]
    pub fn strain(&mut self, short: bool) {
        self.walker.strain(short);
    }

    /// Takes the phase's times thread by thread from now on, by the run's `clock`.
    pub fn keep_times(&mut self, clock: Clock) {
        self.times.keep(clock);
    }

    /// Each thread's lane of the latest phase; none without a clock.
    pub fn lanes(&self) -> Vec<Lane> {
        self.times.lanes()
    }

    /// The bytes of the flat rows the phase reads its view from, or None for the other builds.
    pub fn view_bytes(&self) -> Option<usize> {
        self.snap.view.bytes()
    }

    /// Allocations the pool's threads made while the ledger was counting, since last asked.
    pub fn pool_allocations(&self) -> u64 {
        self.crew.pool.as_ref().map_or(0, Pool::allocations)
    }

    /// The phase with nobody watching its parts ([`Phase::step_watched`]).
    pub fn step(&mut self, roster: &mut Roster, hab: &mut Habitat) {
        self.step_watched(roster, hab, &mut |_| {});
    }

    // ANCHOR: phase
    /// Steps every creature once, in roster order: each looks, reads its row, picks an action
    /// and takes it. A store at or below zero is a death; the dead are buried and struck off
    /// when the phase closes. `watch` is told as each part begins, for a run that times the
    /// parts: the clock is the run's, and the library reads none.
    pub fn step_watched(
        &mut self,
        roster: &mut Roster,
        hab: &mut Habitat,
        watch: &mut dyn FnMut(Moment),
    ) {
        self.open(roster, hab);
        watch(Moment::LookAhead);
        let sight = self.snap.sight(&roster.brains, &self.times, self.design, self.isa);
        let ahead = self.crew.look_ahead(&sight);
        watch(Moment::Walk);
        self.walker.walk(Walking {
            sight: &sight,
            stripes: &mut self.crew.stripes,
            ahead,
            pool: self.crew.pool.as_ref(),
            crew: self.crew.look.threads(),
            awake: self.crew.awake,
            live: &mut roster.live,
            hab,
            deaths: &mut self.deaths,
            count: &mut self.counts.tick,
        });
        watch(Moment::Close);
        self.close(roster, hab);
    }
    // ANCHOR_END: phase

    /// Opens the phase: nobody has died yet, and every creature's cell, eye and store are
    /// written down before anybody moves, with the view of the world they will all read, and
    /// the levels or the bands the walk goes by, if it goes wide.
    fn open(&mut self, roster: &Roster, hab: &Habitat) {
        self.counts.tick = Count::default();
        let n = roster.live.len();
        let d = &mut self.deaths;
        d.gone.reset(n);
        d.cells.clear();
        d.cells.reserve(n);
        d.unburied.clear();
        d.unburied.reserve(n);
        self.snap.open(&roster.live, &roster.brains, hab, self.design);
        let threads = self.crew.look.threads();
        self.times.open(threads);
        if self.watch && self.walker.levels().is_none() {
            self.watched.work_out(&self.snap);
        }
        self.walker.open(&self.snap, threads);
    }

    /// Closes the phase: the dead not yet buried go into the ground, in roster order, and
    /// every dead creature is struck off the roster, keeping everyone else's order.
    fn close(&mut self, roster: &mut Roster, hab: &mut Habitat) {
        // A walk by levels lets its dead fall level by level: their burials go in roster order.
        self.deaths.unburied.sort_unstable();
        for &i in &self.deaths.unburied {
            let (x, y) = roster.live[i as usize].cell();
            hab.bury(x, y, self.snap.view.stand(x, y));
        }
        let dead = self.deaths.cells.len();
        if dead > 0 {
            if self.design.slide {
                strike_off_sliding(&mut roster.live, &mut roster.brains);
            } else {
                strike_off(&mut roster.live, &mut roster.brains);
            }
        }
        self.counts.tick.struck = dead as u64;
        self.counts.run.add(&self.counts.tick);
    }
}

impl Crew {
    /// Casts every fan before the walk, and thinks ahead for every creature whose row cannot
    /// change, on the crew's threads; says whether it did, which it does unless the design
    /// casts each fan in the walk.
    fn look_ahead(&mut self, sight: &Sight) -> bool {
        let crew = self.look.threads();
        match self.look {
            Look::InTurn => return false,
            Look::Kept(_) if crew > 1 => {
                self.stripes.resize_with(crew, Vec::new);
                let awake = self.awake;
                let pool = self.pool.get_or_insert_with(|| Pool::new(crew, awake));
                pool.look(sight, &mut self.stripes, ledger::counting());
            }
            Look::Scoped(_) | Look::Kept(_) => {
                self.stripes.resize_with(crew, Vec::new);
                look_scoped(sight, crew, &mut self.stripes);
            }
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use crate::beast::design::Design;
    use crate::beast::settings::Settings;
    use crate::beast::world::World;
    use crate::lanes::Isa;

    /// Small enough for Miri, which checks every read of the turns the threads lend each
    /// other: a tiny crowd, half of it starving, walked one tick by bands on two and three
    /// threads and by levels on three, the same to the digest as the walk in roster order.
    #[test]
    fn a_tiny_crowd_walked_on_two_and_three_threads_is_the_walk_in_roster_order() {
        let walked = |design: Design, crew: usize| {
            let mut w = World::found(7, 8, 6, 6, design, Settings::new(crew, Isa::PLAIN))
                .expect("the crowd fits");
            for (i, c) in w.roster.live.iter_mut().enumerate() {
                c.store = [0.001, 5.0][i % 2];
            }
            w.tick();
            w
        };
        let serial = walked(Design { serial: true, ..Design::default() }, 1);
        let levels = Design { levels: true, ..Design::default() };
        let mut waited = Vec::new();
        let bands = Design::default();
        for (walk, design, crew) in
            [("bands", bands, 2), ("bands", bands, 3), ("levels", levels, 3)]
        {
            let w = walked(design, crew);
            assert_eq!(w.digest(), serial.digest(), "by {walk} on {crew}");
            assert_eq!(w.fallen().count(), 3, "by {walk} on {crew}: the dead");
            waited.extend(w.bands().map(|b| b.on_seams().1));
        }
        // Exact, so that a change to the crowd that leaves nobody waiting is seen.
        assert_eq!(waited, [5, 4], "the creatures that waited for another band");
    }

    /// A phase steps whichever roster it is handed: two crowds stepped in turn on one phase,
    /// on the crew's kept threads, each end as it does on a phase of its own. (A pool that kept
    /// the first roster's reading of the world would cast the second crowd's fans from it.)
    #[test]
    fn two_rosters_stepped_in_turn_on_one_phase_each_step_as_on_a_phase_of_their_own() {
        let settings = Settings::new(2, Isa::PLAIN);
        let design = Design::default();
        let found = |seed, cols, crowd| {
            World::found(seed, cols, 6, crowd, design, settings).expect("the crowd fits")
        };
        let (mut a, mut b) = (found(7, 8, 6), found(9, 10, 9));
        let mut phase = super::Phase::new(9, design, settings);
        for _ in 0..2 {
            for w in [&mut a, &mut b] {
                w.hab.grow();
                phase.step(&mut w.roster, &mut w.hab);
                w.hab.now += 1;
            }
        }
        let (mut alone_a, mut alone_b) = (found(7, 8, 6), found(9, 10, 9));
        for _ in 0..2 {
            alone_a.tick();
            alone_b.tick();
        }
        assert_eq!(a.digest(), alone_a.digest(), "the first crowd");
        assert_eq!(b.digest(), alone_b.digest(), "the second crowd");
    }
}
