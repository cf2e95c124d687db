//! The creature phase: each tick every creature looks, reads its row, picks an action and
//! takes it, in roster order, and the dead are struck off at the close. The phase owns only
//! what it needs to do that (its threads, its scratch, its counts); the crowd it steps is the
//! [`Roster`], handed to it each tick.

use std::sync::{Arc, Mutex};

use crate::beast::act::{self, Act, Here};
use crate::beast::creature::Creature;
use crate::beast::design::Design;
use crate::beast::habitat::Habitat;
use crate::beast::kind::{INPUTS, UPKEEP};
use crate::beast::ledger;
use crate::beast::look::gone::Gone;
use crate::beast::look::sense;
use crate::beast::settings::{MOST_CREW, Settings};
use crate::beast::step::ahead::{self, Glance};
use crate::beast::step::bands::Bands;
use crate::beast::step::count::{Count, Counts};
use crate::beast::step::deaths::Deaths;
use crate::beast::step::levels::Levels;
use crate::beast::step::pool::Pool;
use crate::beast::step::roster::{POISONED, Roster, strike_off, strike_off_sliding};
use crate::beast::step::sight::Sight;

/// A level of fewer turns than this is taken on the walk's own thread, every share in turn:
/// waking the crew would cost more than the turns. The order of a level's turns changes nothing.
const SMALL_LEVEL: usize = 32;

/// The phase: the crew's threads and what the phase keeps between ticks so that no tick
/// allocates, with what it counted.
pub struct Phase {
    /// What the phases counted.
    counts: Counts,
    /// The latest walk by bands' stalls ([`Phase::stalls`]).
    stalls: u64,
    /// The walk by bands taken on one thread in the order that strains its waits most, for
    /// the tests ([`Phase::strain`]); None for the crew's threads.
    trial: Option<Trial>,
    /// Threads the fans are cast on, unless the design casts each in the walk.
    crew: usize,
    /// Whether the crew's threads stay awake a while between jobs ([`Settings::awake`]).
    awake: bool,
    pool: Option<Pool>,
    /// One buffer of glances a stripe; where creature i's is kept, `Sight::seat` says.
    stripes: Vec<Vec<Glance>>,
    deaths: Deaths,
    /// The levels of the phase under way, when its walk goes by levels.
    levels: Levels,
    /// The bands of the phase under way, when its walk goes by bands.
    bands: Bands,
    /// Whether the levels are worked out even for a walk in roster order: for a run that
    /// counts them.
    watch: bool,
    /// One share of a level's turns a thread of the crew, or one band's, taken by that thread
    /// alone.
    shares: Vec<Mutex<Share>>,
    /// The turns of the walk by bands, band after band: room for the whole crowd, asked for
    /// once, since one band may hold every creature.
    turns: Vec<Turn>,
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

/// How the walk goes: in roster order on the walk's own thread, or wide on the crew's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Walk {
    /// Every turn on the walk's own thread, in roster order.
    InOrder,
    /// Level by level, each level's turns side by side.
    ByLevels,
    /// One band of rows a thread, each in roster order, waiting only at the seams.
    ByBands,
}

impl Walk {
    // ANCHOR: walk_of
    /// How a phase of `design` on `threads` threads walks: wide on the crew's kept threads
    /// when there are two or more and the design is one the levels' reasoning holds for
    /// ([`Design::levels_hold`]), by bands unless the design puts the levels back; otherwise
    /// in roster order.
    pub fn of(threads: usize, design: Design) -> Walk {
        if threads < 2 || !design.levels_hold() {
            Walk::InOrder
        } else if design.levels {
            Walk::ByLevels
        } else {
            Walk::ByBands
        }
    }
    // ANCHOR_END: walk_of

    /// The walk in a few words, for a report: "by bands".
    pub fn name(self) -> &'static str {
        match self {
            Walk::InOrder => "in roster order",
            Walk::ByLevels => "by levels",
            Walk::ByBands => "by bands",
        }
    }
}

/// One thread's share of a level, or its band: the turns it took, for the walk to write back
/// when the level or the walk ends, what it counted, and how often it had to wait. Each share has cache lines of its own: two threads counting into
/// one line would pass it back and forth at every count.
#[derive(Default)]
#[repr(align(128))]
struct Share {
    turns: Vec<Turn>,
    count: Count,
    /// The turns of the walk by bands before which its thread found it had to wait.
    stalls: u64,
}

/// One creature's turn taken beside others: the creature as it ends its turn, and what it did
/// to the world, written back when its level or the walk ends.
struct Turn {
    place: u32,
    creature: Creature,
    /// The plant it bit and the grams it took off it.
    bite: Option<(u32, f64)>,
}

impl Turn {
    /// A turn not yet taken: what the walk by bands' room holds before its first walk.
    fn blank() -> Turn {
        Turn { place: 0, creature: Creature::new(0.0, 0.0, 0.0, 0.0), bite: None }
    }
}

impl Phase {
    /// The phase for a crowd of `n` founded under `design`, run by `settings`.
    pub fn new(n: usize, design: Design, settings: Settings) -> Phase {
        let mut phase = Phase {
            counts: Counts::default(),
            stalls: 0,
            trial: None,
            crew: settings.threads(design),
            awake: settings.awake(),
            pool: None,
            stripes: Vec::new(),
            deaths: Deaths::default(),
            levels: Levels::default(),
            bands: Bands::default(),
            watch: false,
            shares: Vec::new(),
            turns: Vec::new(),
        };
        // A wide walk asks for its room once, here, for the largest crowd it will ever walk: the
        // one it is founded with.
        match phase.walk_of(design) {
            Walk::ByLevels => phase.levels.reserve(n),
            Walk::ByBands => {
                phase.bands.reserve(n, phase.crew);
                phase.turns.resize_with(n, Turn::blank);
            }
            Walk::InOrder => {}
        }
        match phase.walk_of(design) {
            Walk::ByLevels => phase.ready_shares(n),
            Walk::ByBands => phase.ready_shares(0),
            Walk::InOrder => {}
        }
        phase
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
    pub fn levels(&self, roster: &Roster) -> Option<&Levels> {
        (self.watch || self.walk_of(roster.design()) == Walk::ByLevels).then_some(&self.levels)
    }

    /// The bands of the latest phase, if its walk went by bands.
    pub fn bands(&self, roster: &Roster) -> Option<&Bands> {
        (self.walk_of(roster.design()) == Walk::ByBands).then_some(&self.bands)
    }

    /// The turns of the latest phase before which a thread of the walk by bands found it had
    /// to wait for another: how often the seams stalled a thread, which depends on the
    /// threads' speeds and so is never part of a run's deterministic report.
    pub fn stalls(&self) -> u64 {
        self.stalls
    }

    /// Takes every walk by bands from now on on the calling thread, one turn at a time, always
    /// the creature latest in the roster of those whose waits let them go (with every wait one
    /// creature short if `short`): a schedule the crew's threads could take, and the one that
    /// puts every creature the waits let go early before those it comes after in the roster. For the
    /// tests that prove the waits enough, and that one creature fewer is not.
    #[doc(hidden)]
    pub fn strain(&mut self, short: bool) {
        self.trial = Some(Trial { short });
    }

    /// How this phase walks a crowd of design `d` ([`Walk::of`]).
    fn walk_of(&self, d: Design) -> Walk {
        Walk::of(self.crew, d)
    }

    /// Allocations the pool's threads made while the ledger was counting, since last asked.
    pub fn pool_allocations(&self) -> u64 {
        self.pool.as_ref().map_or(0, Pool::allocations)
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
        let walk = self.open(roster, hab);
        watch(Moment::LookAhead);
        let ahead = self.look_ahead(roster);
        watch(Moment::Walk);
        match walk {
            Walk::InOrder => self.walk(roster, hab, ahead),
            Walk::ByLevels => self.walk_by_levels(roster, hab),
            Walk::ByBands => self.walk_by_bands(roster, hab),
        }
        watch(Moment::Close);
        self.close(roster, hab);
    }
    // ANCHOR_END: phase

    /// Opens the phase: nobody has died yet, and every creature's cell, eye and store are
    /// written down before anybody moves, with the view of the world they will all read, and
    /// the levels or the bands the walk goes by, if it goes wide; it says how the walk goes.
    fn open(&mut self, roster: &Roster, hab: &Habitat) -> Walk {
        self.counts.tick = Count::default();
        let n = roster.live.len();
        let d = &mut self.deaths;
        d.gone.reset(n);
        d.cells.clear();
        d.cells.reserve(n);
        d.unburied.clear();
        d.unburied.reserve(n);
        let mut sight = roster.sight.write().expect(POISONED);
        let s = &mut *sight;
        if s.ground.cols != hab.ground.cols || s.ground.rows != hab.ground.rows {
            s.ground = hab.ground.clone();
        }
        s.cells.clear();
        s.cells.extend(roster.live.iter().map(Creature::cell));
        s.eyes.clear();
        s.eyes.extend(roster.live.iter().map(Creature::eye));
        s.stores.clear();
        s.stores.extend(roster.live.iter().map(|c| c.store));
        s.nobody.reset(n);
        s.times.open(self.crew);
        s.seat_packs();
        s.open_view(hab);
        let walk = self.walk_of(s.design);
        if walk == Walk::ByLevels || self.watch {
            self.levels.work_out(s);
        }
        if walk == Walk::ByBands {
            self.bands.work_out(s, self.crew);
        }
        walk
    }

    /// Casts every fan before the walk, and thinks ahead for every creature whose row cannot
    /// change, on the crew's threads; says whether it did, which it does unless the design
    /// casts each fan in the walk.
    fn look_ahead(&mut self, roster: &Roster) -> bool {
        let sight = roster.sight.read().expect(POISONED);
        let d = sight.design;
        if d.narrow {
            return false;
        }
        let crew = self.crew;
        self.stripes.resize_with(crew, Vec::new);
        if d.scoped || crew == 1 {
            ahead::look_scoped(&sight, crew, &mut self.stripes);
        } else {
            let pool = match &mut self.pool {
                Some(p) if p.crew() == crew => p,
                slot => slot.insert(Pool::new(Arc::clone(&roster.sight), crew, self.awake)),
            };
            pool.look(&sight, &mut self.stripes, ledger::counting());
        }
        true
    }

    /// The walk: every creature in roster order takes its turn, against the view the phase
    /// opened on and the grams as they stand when its turn comes.
    fn walk(&mut self, roster: &mut Roster, hab: &mut Habitat, ahead: bool) {
        let shared = Arc::clone(&roster.sight);
        let sight = &*shared.read().expect(POISONED);
        let mut mine = Glance::BLANK;
        let mut row = [0.0; INPUTS];
        for i in 0..roster.live.len() {
            let g = if ahead {
                let (stripe, at) = sight.seat(i, self.crew);
                let g = &mut self.stripes[stripe][at];
                self.counts.tick.ahead(sight, i, g);
                self.deaths.look_again(sight, i, g, &mut self.counts.tick);
                g
            } else {
                mine.cast(sight, i, &self.deaths.gone);
                &mut mine
            };
            self.counts.tick.read(g);
            let c = &mut roster.live[i];
            let choice = choose(sight, hab, i, c, g, &mut row, &mut self.counts.tick);
            act::perform(c, choice, &*sight.view, hab);
            c.store -= UPKEEP;
            self.counts.tick.creature_ticks += 1;
            if c.store <= 0.0 {
                self.deaths.fall(sight, hab, i, c);
            }
        }
    }

    // ANCHOR: by_levels_walk
    /// The walk by levels: each level's turns are shared out among the crew's kept threads
    /// and taken side by side against the world as the level found it; when the level ends its
    /// bites come off their plants and its dead fall, so the next level finds the world as the
    /// roster order would have left it for every creature in it.
    fn walk_by_levels(&mut self, roster: &mut Roster, hab: &mut Habitat) {
        let shared = Arc::clone(&roster.sight);
        let sight = &*shared.read().expect(POISONED);
        let crew = self.crew;
        self.ready_shares(roster.live.len());
        for k in 0..self.levels.count() {
            let pool = self.pool.as_ref().expect("a crew of two looks on kept threads");
            let places = self.levels.level(k);
            let (seen, stripes, live, shares) = (&*hab, &self.stripes, &roster.live, &self.shares);
            let deaths = &self.deaths;
            let job = |t: usize| {
                let mut share = shares[t].lock().expect(POISONED);
                let Share { turns, count, .. } = &mut *share;
                for &i in places.iter().skip(t).step_by(crew) {
                    let (i, c) = (i as usize, &live[i as usize]);
                    let near = Deaths::seen(sight, sight.eyes[i], &deaths.cells);
                    let gone = &deaths.gone;
                    turns.push(take_turn(sight, seen, gone, near, &stripes[..], i, c, count));
                }
            };
            if places.len() < SMALL_LEVEL {
                (0..crew).for_each(job);
            } else {
                pool.each(&job, ledger::counting());
            }
            self.end_level(roster, sight, hab);
        }
        for share in &mut self.shares {
            self.counts.tick.add(&share.get_mut().expect(POISONED).count);
        }
    }
    // ANCHOR_END: by_levels_walk

    /// The end of a level: every turn its threads handed back is written into the world, the
    /// creature into the roster, its bite off its plant, and its death, if it died.
    fn end_level(&mut self, roster: &mut Roster, sight: &Sight, hab: &mut Habitat) {
        for share in &mut self.shares {
            for t in share.get_mut().expect(POISONED).turns.drain(..) {
                let i = t.place as usize;
                roster.live[i] = t.creature;
                if let Some((p, took)) = t.bite {
                    hab.stands[p as usize].bitten(took);
                }
                if roster.live[i].store <= 0.0 {
                    self.deaths.fall(sight, hab, i, &mut roster.live[i]);
                }
            }
        }
    }

    // ANCHOR: by_bands_walk
    /// The walk by bands: each thread of the crew takes the creatures of its own band in
    /// roster order, against the view the phase opened on and the grams as they stand, biting
    /// plants and marking its dead as it goes. A creature on a seam first waits for the other
    /// bands to pass the creatures it depends on; nobody else waits. When every band is done,
    /// the creatures are written back into the roster and the dead are struck off as ever.
    fn walk_by_bands(&mut self, roster: &mut Roster, hab: &mut Habitat) {
        let shared = Arc::clone(&roster.sight);
        let sight = &*shared.read().expect(POISONED);
        self.ready_shares(0);
        let (seen, stripes, live) = (&*hab, &self.stripes, &roster.live);
        let (bands, gone, awake) = (&self.bands, &self.deaths.gone, self.awake);
        let runs = lend(&mut self.turns[..live.len()], bands);
        // The turn of band t's k-th creature, once it may be taken, into `into`.
        let turn = |t: usize, k: usize, share: &mut Share, into: &mut Turn| {
            let mine = bands.band(t);
            let i = mine[k] as usize;
            let near = bands.death_near(sight, sight.eyes[i]);
            let from = if near { sight.times.now() } else { None };
            let (stripes, count) = (&stripes[..], &mut share.count);
            let turn = take_turn(sight, seen, gone, near, stripes, i, &live[i], count);
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
        let shares = &self.shares;
        match self.trial {
            None => {
                let job = |t: usize| {
                    // Were this thread to stop early, the others must not wait for it for ever.
                    let _done = Done(bands, t);
                    let began = sight.times.now();
                    let mut share = shares[t].lock().expect(POISONED);
                    let mut run = runs[t].lock().expect(POISONED);
                    let run = run.as_deref_mut().unwrap_or_default();
                    for (k, into) in run.iter_mut().enumerate() {
                        let upto = bands.waits_for(t, k);
                        if upto > 0 {
                            let from = sight.times.now();
                            if bands.wait(t, upto, awake) {
                                share.stalls += 1;
                            }
                            sight.times.waited(t, from);
                        }
                        turn(t, k, &mut share, into);
                    }
                    sight.times.walked(t, began);
                };
                let pool = self.pool.as_ref().expect("a crew of two looks on kept threads");
                pool.each(&job, ledger::counting());
            }
            Some(trial) => trial.walk(bands, shares, &runs, turn),
        }
        // ANCHOR_END: by_bands_job
        self.end_bands(roster, sight);
    }

    /// The end of the walk by bands: every turn written back into the roster, band after band,
    /// and its death written down if it died; the threads' counts added up.
    fn end_bands(&mut self, roster: &mut Roster, sight: &Sight) {
        for t in &self.turns[..roster.live.len()] {
            let i = t.place as usize;
            roster.live[i].clone_from(&t.creature);
            if roster.live[i].store <= 0.0 {
                self.deaths.fell(sight, i, &mut roster.live[i]);
            }
        }
        self.stalls = 0;
        for share in &mut self.shares {
            let share = share.get_mut().expect(POISONED);
            self.counts.tick.add(&share.count);
            self.stalls += share.stalls;
        }
    }

    /// A share for every thread of the crew, empty, each with room for its part of a level of
    /// `room` turns (the largest there can be, so that no level grows one; none for the walk by
    /// bands, whose turns have room of their own).
    fn ready_shares(&mut self, room: usize) {
        let crew = self.crew;
        self.shares.resize_with(crew, Mutex::default);
        for share in &mut self.shares {
            let s = share.get_mut().expect(POISONED);
            s.turns.reserve(room.div_ceil(crew));
            s.count = Count::default();
            s.stalls = 0;
        }
    }

    /// Closes the phase: the dead not yet buried go into the ground, in roster order, and
    /// every dead creature is struck off the roster, keeping everyone else's order.
    fn close(&mut self, roster: &mut Roster, hab: &mut Habitat) {
        let mut sight = roster.sight.write().expect(POISONED);
        // A walk by levels lets its dead fall level by level: their burials go in roster order.
        self.deaths.unburied.sort_unstable();
        for &i in &self.deaths.unburied {
            let (x, y) = roster.live[i as usize].cell();
            hab.bury(x, y, sight.view.stand(x, y));
        }
        let dead = self.deaths.cells.len();
        if dead > 0 {
            if sight.design.slide {
                strike_off_sliding(&mut roster.live, &mut sight);
            } else {
                strike_off(&mut roster.live, &mut sight);
            }
        }
        self.counts.tick.struck = dead as u64;
        self.counts.run.add(&self.counts.tick);
    }
}

// ANCHOR: take_turn
/// Roster place `i`'s turn taken beside others, from `c` as its level or its band found it:
/// the walk's turn, step for step, with the bite handed back for the walk to take off its
/// plant. The deaths it is shown (`gone`, and `near`: whether one was within its sight) are
/// every death within its sight that the roster puts before it, and no other within its sight.
#[allow(clippy::too_many_arguments)]
fn take_turn(
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
    // casts on its own copy, and the rest read it where it lies.
    let ahead = &stripes[stripe][at];
    count.ahead(sight, i, ahead);
    let mut again = None;
    let g = if near && !sight.design.loose {
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
    let bite = act::take(&mut c, choice, &*sight.view, &hab.stands);
    c.store -= UPKEEP;
    count.creature_ticks += 1;
    Turn { place: i as u32, creature: c, bite }
}
// ANCHOR_END: take_turn

/// Creature `i`'s choice of action in its turn: whatever the looking ahead left ready is taken
/// as it is; the rest of its row is read, and the rest of its pass thought, now, and counted.
fn choose(
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

/// Each band's run of `turns`, band after band, lent to that band's thread alone: an array on
/// the stack, so that lending allocates nothing.
fn lend<'a>(turns: &'a mut [Turn], bands: &Bands) -> [Mutex<Option<&'a mut [Turn]>>; MOST_CREW] {
    let runs: [Mutex<Option<&mut [Turn]>>; MOST_CREW] = std::array::from_fn(|_| Mutex::new(None));
    let mut rest = turns;
    for (b, run) in runs.iter().enumerate().take(bands.count()) {
        let (mine, later) = std::mem::take(&mut rest).split_at_mut(bands.band(b).len());
        *run.lock().expect(POISONED) = Some(mine);
        rest = later;
    }
    runs
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
/// ([`Phase::strain`]).
#[derive(Clone, Copy, Debug)]
struct Trial {
    /// Whether every wait is one creature short.
    short: bool,
}

impl Trial {
    /// Takes one turn at a time: of the bands whose next creature its waits let go, the one
    /// whose next creature comes latest in the roster.
    fn walk(
        self,
        bands: &Bands,
        shares: &[Mutex<Share>],
        runs: &[Mutex<Option<&mut [Turn]>>],
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
            let mut run = runs[t].lock().expect(POISONED);
            let into = &mut run.as_deref_mut().expect("every band has its run")[at[t]];
            turn(t, at[t], &mut shares[t].lock().expect(POISONED), into);
            at[t] += 1;
        }
        for (t, &k) in at.iter().enumerate() {
            assert_eq!(k, bands.band(t).len(), "the waits of the walk by bands never end");
        }
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
}
