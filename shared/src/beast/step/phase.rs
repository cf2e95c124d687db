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
use crate::beast::look::sense;
use crate::beast::settings::Settings;
use crate::beast::step::ahead::{self, Glance};
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
    /// Whether the levels are worked out even for a walk in roster order: for a run that
    /// counts them.
    watch: bool,
    /// One share of a level's turns a thread of the crew, taken by that thread alone.
    shares: Vec<Mutex<Share>>,
}

/// One thread's share of a level: the turns it took, for the walk to write back when the level
/// ends, and what it counted. Each share has cache lines of its own: two threads counting into
/// one line would pass it back and forth at every count.
#[derive(Default)]
#[repr(align(128))]
struct Share {
    turns: Vec<Turn>,
    count: Count,
}

/// One creature's turn taken beside others: the creature as it ends its turn, and what it did
/// to the world, written back when its level ends.
struct Turn {
    place: u32,
    creature: Creature,
    /// The plant it bit and the grams it took off it.
    bite: Option<(u32, f64)>,
}

impl Phase {
    /// The phase for a crowd of `n` founded under `design`, run by `settings`.
    pub fn new(n: usize, design: Design, settings: Settings) -> Phase {
        let mut phase = Phase {
            counts: Counts::default(),
            crew: settings.threads(design),
            awake: settings.awake(),
            pool: None,
            stripes: Vec::new(),
            deaths: Deaths::default(),
            levels: Levels::default(),
            watch: false,
            shares: Vec::new(),
        };
        if phase.by_levels(design) {
            // The walk by levels asks for its room once, here, for the largest crowd it will
            // ever walk: the one it is founded with.
            phase.levels.reserve(n);
            phase.ready_shares(n);
        }
        phase
    }

    /// What the latest tick's phase counted, and every phase so far.
    pub fn counts(&self) -> Counts {
        self.counts
    }

    /// The roster places, as the latest phase opened, of the creatures that died in it.
    pub fn fallen(&self) -> impl Iterator<Item = usize> + '_ {
        self.deaths.gone.iter().enumerate().filter(|&(_, &g)| g).map(|(i, _)| i)
    }

    /// Works out the levels at every phase from now on, even when the walk goes in roster
    /// order, so that a run may count them.
    pub fn watch_levels(&mut self) {
        self.watch = true;
    }

    /// The levels of the latest phase, if they were worked out.
    pub fn levels(&self, roster: &Roster) -> Option<&Levels> {
        (self.watch || self.by_levels(roster.design())).then_some(&self.levels)
    }

    // ANCHOR: by_levels
    /// Whether the walk goes level by level on the crew's kept threads: with a crew of two or
    /// more, and a design the levels' reasoning holds for ([`Design::levels_hold`]).
    fn by_levels(&self, d: Design) -> bool {
        self.crew > 1 && d.levels_hold()
    }
    // ANCHOR_END: by_levels

    /// Allocations the pool's threads made while the ledger was counting, since last asked.
    pub fn pool_allocations(&self) -> u64 {
        self.pool.as_ref().map_or(0, Pool::allocations)
    }

    // ANCHOR: phase
    /// Steps every creature once, in roster order: each looks, reads its row, picks an action
    /// and takes it. A store at or below zero is a death; the dead are buried and struck off
    /// when the phase closes.
    pub fn step(&mut self, roster: &mut Roster, hab: &mut Habitat) {
        let wide = self.open(roster, hab);
        let ahead = self.look_ahead(roster);
        if wide {
            self.walk_by_levels(roster, hab);
        } else {
            self.walk(roster, hab, ahead);
        }
        self.close(roster, hab);
    }
    // ANCHOR_END: phase

    /// Opens the phase: nobody has died yet, and every creature's cell, eye and store are
    /// written down before anybody moves, with the view of the world they will all read, and
    /// the levels the walk goes by, if it goes by levels, as it then says.
    fn open(&mut self, roster: &Roster, hab: &Habitat) -> bool {
        self.counts.tick = Count::default();
        let n = roster.live.len();
        let d = &mut self.deaths;
        d.gone.clear();
        d.gone.resize(n, false);
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
        s.nobody.clear();
        s.nobody.resize(n, false);
        s.seat_packs();
        s.open_view(hab);
        let wide = self.by_levels(s.design);
        if wide || self.watch {
            self.levels.work_out(s);
        }
        wide
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
                let Share { turns, count } = &mut *share;
                for &i in places.iter().skip(t).step_by(crew) {
                    let (i, c) = (i as usize, &live[i as usize]);
                    turns.push(take_turn(sight, seen, deaths, &stripes[..], i, c, count));
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
                    hab.stands[p as usize].mass -= took;
                }
                if roster.live[i].store <= 0.0 {
                    self.deaths.fall(sight, hab, i, &mut roster.live[i]);
                }
            }
        }
    }

    /// A share for every thread of the crew, empty, each with room for its part of the
    /// largest level there can be, so that no level grows one.
    fn ready_shares(&mut self, n: usize) {
        let crew = self.crew;
        self.shares.resize_with(crew, Mutex::default);
        for share in &mut self.shares {
            let s = share.get_mut().expect(POISONED);
            s.turns.reserve(n.div_ceil(crew));
            s.count = Count::default();
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
/// Roster place `i`'s turn taken beside others of its level, from `c` as the level found it:
/// the walk's turn, step for step, with the bite handed back for the level's end to take off
/// its plant. The deaths it is shown are those of earlier levels; none of this level's is
/// within its sight, and every death within its sight that the roster puts before it is there.
fn take_turn(
    sight: &Sight,
    hab: &Habitat,
    deaths: &Deaths,
    stripes: &[Vec<Glance>],
    i: usize,
    c: &Creature,
    count: &mut Count,
) -> Turn {
    let (stripe, at) = sight.seat(i, stripes.len());
    // The glance looked ahead is shared by the level's threads: a turn casts again on its own
    // copy.
    let mut g = stripes[stripe][at];
    count.ahead(sight, i, &g);
    deaths.look_again(sight, i, &mut g, count);
    count.read(&g);
    let mut c = c.clone();
    let mut row = [0.0; INPUTS];
    let choice = choose(sight, hab, i, &c, &g, &mut row, count);
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
