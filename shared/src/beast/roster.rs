//! The crowd in roster order and its phase: each tick every creature looks, reads its row,
//! picks an action and takes it, in roster order, and the dead are struck off at the close.

use std::sync::{Arc, Mutex, RwLock};

use super::act::{self, Act, Here};
use super::ahead::{self, Glance};
use super::brain::Brain;
use super::creature::Creature;
use super::design::Design;
use super::fan;
use super::habitat::Habitat;
use super::kind::{INPUTS, STEPS, UPKEEP};
use super::ledger;
use super::levels::Levels;
use super::pool::Pool;
use super::sense;
use super::settings::Settings;
use super::sight::Sight;
use super::view::Hit;

/// A level of fewer turns than this is taken on the walk's own thread, every share in turn:
/// waking the crew would cost more than the turns. The order of a level's turns changes nothing.
const SMALL_LEVEL: usize = 32;

/// What the sight's lock says if a phase panicked while it held the lock to write.
const POISONED: &str = "a phase panicked while it wrote the crowd's reading of the world";

/// What a phase counted as it went: every figure of it a fact, the same on every machine and
/// every crew.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Count {
    /// Creatures stepped.
    pub creature_ticks: u64,
    /// Creatures that ran their store down and were struck off.
    pub struck: u64,
    /// Fans read.
    pub fans: u64,
    /// The ray strides those fans took.
    pub steps: u64,
    /// The rays among them that met something.
    pub met: u64,
    /// Fans cast a second time because a death happened near them.
    pub recast: u64,
    /// Forward passes begun ahead, through the settled inputs, as the walk finds them (a pass
    /// cast again after a death counts here and again below).
    pub begun: u64,
    /// Forward passes thought to the end ahead, as the walk finds them.
    pub ahead: u64,
    /// Forward passes finished in the walk, from the sums begun ahead.
    pub finished: u64,
    /// Forward passes thought whole in the walk.
    pub whole: u64,
    /// Packs whose creatures were looked for ahead.
    pub packs: u64,
    /// The lanes of those packs that held a creature whose pass was begun.
    pub lanes: u64,
    /// The packs that thought to the end, for at least one lane.
    pub ended: u64,
}

impl Count {
    fn add(&mut self, t: &Count) {
        self.creature_ticks += t.creature_ticks;
        self.struck += t.struck;
        self.fans += t.fans;
        self.steps += t.steps;
        self.met += t.met;
        self.recast += t.recast;
        self.begun += t.begun;
        self.ahead += t.ahead;
        self.finished += t.finished;
        self.whole += t.whole;
        self.packs += t.packs;
        self.lanes += t.lanes;
        self.ended += t.ended;
    }

    /// Counts what the look ahead left roster place `i`: the pass begun or ended, and, if its
    /// brains are packed, each pack once, at the first of its creatures in the roster.
    fn ahead(&mut self, sight: &Sight, i: usize, g: &Glance) {
        self.begun += u64::from(g.begun);
        self.ahead += u64::from(g.ready);
        if let Some(p) = sight.pack_of(i) {
            if i == 0 || sight.pack_of(i - 1) != Some(p) {
                self.packs += 1;
                self.ended += u64::from(g.ended);
            }
            self.lanes += u64::from(g.begun);
        }
    }

    /// Counts one fan read: its strides, and the rays that met something.
    fn read(&mut self, g: &Glance) {
        self.fans += 1;
        for ray in &g.fan {
            if ray.hit == Hit::Nothing {
                self.steps += STEPS as u64;
            } else {
                self.steps += u64::from(ray.steps);
                self.met += 1;
            }
        }
    }
}

/// The count of the latest tick and the count of every tick so far, kept apart.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counts {
    /// What the latest tick's phase counted.
    pub tick: Count,
    /// What every phase so far counted, added up.
    pub run: Count,
}

/// The deaths of the phase under way: which roster places are gone, the cells they stood on
/// when it opened, and the ones still to bury when it closes. Room for every creature to die is
/// asked for once, so a phase never grows these.
#[derive(Default)]
struct Deaths {
    gone: Vec<bool>,
    cells: Vec<(i64, i64)>,
    unburied: Vec<u32>,
}

/// The crowd, in roster order, with everything the phase keeps between ticks.
pub struct Roster {
    /// The living creatures, in roster order: the order they take their turns in.
    pub live: Vec<Creature>,
    /// What the phases counted.
    pub counts: Counts,
    /// Threads the fans are cast on, unless the design casts each in the walk.
    crew: usize,
    sight: Arc<RwLock<Sight>>,
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

impl Roster {
    /// A roster of these creatures, the i-th thinking with the i-th brain, stepped by `design`
    /// and run by `settings`.
    pub fn new(
        live: Vec<Creature>,
        brains: Vec<Brain>,
        design: Design,
        settings: Settings,
    ) -> Roster {
        assert_eq!(live.len(), brains.len(), "one brain a creature");
        let n = live.len();
        let mut roster = Roster {
            live,
            counts: Counts::default(),
            crew: settings.threads(design),
            sight: Arc::new(RwLock::new(Sight::new(design, brains, settings.isa))),
            pool: None,
            stripes: Vec::new(),
            deaths: Deaths::default(),
            levels: Levels::default(),
            watch: false,
            shares: Vec::new(),
        };
        if roster.by_levels(design) {
            // The walk by levels asks for its room once, here, for the largest crowd it will
            // ever walk: the one it is founded with.
            roster.levels.reserve(n);
            roster.ready_shares();
        }
        roster
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
    pub fn levels(&self) -> Option<&Levels> {
        let d = self.sight.read().expect(POISONED).design;
        (self.watch || self.by_levels(d)).then_some(&self.levels)
    }

    // ANCHOR: by_levels
    /// Whether the walk goes level by level on the crew's kept threads: with a crew of two or
    /// more, and a design the levels' reasoning holds for ([`Design::levels_hold`]).
    fn by_levels(&self, d: Design) -> bool {
        self.crew > 1 && d.levels_hold()
    }
    // ANCHOR_END: by_levels

    /// The bytes of the flat rows the phase reads its view from, or None for the other builds.
    pub fn view_bytes(&self) -> Option<usize> {
        self.sight.read().expect(POISONED).view.bytes()
    }

    /// Which thread of a crew of `crew` looks ahead for roster place `i`: the stripe the
    /// phase's seats give it, for the book's picture of the stripes.
    pub fn stripe(&self, i: usize, crew: usize) -> usize {
        self.sight.read().expect(POISONED).seat(i, crew).0
    }

    /// The roster places, as the last phase opened, of the creatures that died in it, in the
    /// order they fell (each falls in its own turn, so in roster order).
    pub fn last_deaths(&self) -> Vec<usize> {
        self.deaths.gone.iter().enumerate().filter(|g| *g.1).map(|g| g.0).collect()
    }

    /// Allocations the pool's threads made while the ledger was counting, since last asked.
    pub fn pool_allocations(&self) -> u64 {
        self.pool.as_ref().map_or(0, Pool::allocations)
    }

    // ANCHOR: phase
    /// Steps every creature once, in roster order: each looks, reads its row, picks an action
    /// and takes it. A store at or below zero is a death; the dead are buried and struck off
    /// when the phase closes.
    pub fn phase(&mut self, hab: &mut Habitat) {
        let wide = self.open(hab);
        let ahead = self.look_ahead();
        if wide {
            self.walk_by_levels(hab);
        } else {
            self.walk(hab, ahead);
        }
        self.close(hab);
    }
    // ANCHOR_END: phase

    /// Opens the phase: nobody has died yet, and every creature's cell, eye and store are
    /// written down before anybody moves, with the view of the world they will all read, and
    /// the levels the walk goes by, if it goes by levels, as it then says.
    fn open(&mut self, hab: &Habitat) -> bool {
        self.counts.tick = Count::default();
        let n = self.live.len();
        let d = &mut self.deaths;
        d.gone.clear();
        d.gone.resize(n, false);
        d.cells.clear();
        d.cells.reserve(n);
        d.unburied.clear();
        d.unburied.reserve(n);
        let mut sight = self.sight.write().expect(POISONED);
        let s = &mut *sight;
        if s.ground.cols != hab.ground.cols || s.ground.rows != hab.ground.rows {
            s.ground = hab.ground.clone();
        }
        s.cells.clear();
        s.cells.extend(self.live.iter().map(Creature::cell));
        s.eyes.clear();
        s.eyes.extend(self.live.iter().map(Creature::eye));
        s.stores.clear();
        s.stores.extend(self.live.iter().map(|c| c.store));
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
    fn look_ahead(&mut self) -> bool {
        let sight = self.sight.read().expect(POISONED);
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
                slot => slot.insert(Pool::new(Arc::clone(&self.sight), crew)),
            };
            pool.look(&sight, &mut self.stripes, ledger::counting());
        }
        true
    }

    /// The walk: every creature in roster order takes its turn, against the view the phase
    /// opened on and the grams as they stand when its turn comes.
    fn walk(&mut self, hab: &mut Habitat, ahead: bool) {
        let shared = Arc::clone(&self.sight);
        let sight = &*shared.read().expect(POISONED);
        let mut mine = Glance::BLANK;
        let mut row = [0.0; INPUTS];
        for i in 0..self.live.len() {
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
            let c = &mut self.live[i];
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
    fn walk_by_levels(&mut self, hab: &mut Habitat) {
        let shared = Arc::clone(&self.sight);
        let sight = &*shared.read().expect(POISONED);
        let crew = self.crew;
        self.ready_shares();
        for k in 0..self.levels.count() {
            let pool = self.pool.as_ref().expect("a crew of two looks on kept threads");
            let places = self.levels.level(k);
            let (seen, stripes, live, shares) = (&*hab, &self.stripes, &self.live, &self.shares);
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
            self.end_level(sight, hab);
        }
        for share in &mut self.shares {
            self.counts.tick.add(&share.get_mut().expect(POISONED).count);
        }
    }
    // ANCHOR_END: by_levels_walk

    /// The end of a level: every turn its threads handed back is written into the world, the
    /// creature into the roster, its bite off its plant, and its death, if it died.
    fn end_level(&mut self, sight: &Sight, hab: &mut Habitat) {
        for share in &mut self.shares {
            for t in share.get_mut().expect(POISONED).turns.drain(..) {
                let i = t.place as usize;
                self.live[i] = t.creature;
                if let Some((p, took)) = t.bite {
                    hab.stands[p as usize].mass -= took;
                }
                if self.live[i].store <= 0.0 {
                    self.deaths.fall(sight, hab, i, &mut self.live[i]);
                }
            }
        }
    }

    /// A share for every thread of the crew, empty, each with room for its part of the
    /// largest level there can be, so that no level grows one.
    fn ready_shares(&mut self) {
        let (crew, n) = (self.crew, self.live.len());
        self.shares.resize_with(crew, Mutex::default);
        for share in &mut self.shares {
            let s = share.get_mut().expect(POISONED);
            s.turns.reserve(n.div_ceil(crew));
            s.count = Count::default();
        }
    }

    /// Closes the phase: the dead not yet buried go into the ground, in roster order, and
    /// every dead creature is struck off the roster, keeping everyone else's order.
    fn close(&mut self, hab: &mut Habitat) {
        let mut sight = self.sight.write().expect(POISONED);
        // A walk by levels lets its dead fall level by level: their burials go in roster order.
        self.deaths.unburied.sort_unstable();
        for &i in &self.deaths.unburied {
            let (x, y) = self.live[i as usize].cell();
            hab.bury(x, y, sight.view.stand(x, y));
        }
        let dead = self.deaths.cells.len();
        if dead > 0 {
            if sight.design.slide {
                strike_off_sliding(&mut self.live, &mut sight);
            } else {
                strike_off(&mut self.live, &mut sight);
            }
        }
        self.counts.tick.struck = dead as u64;
        self.counts.run.add(&self.counts.tick);
    }
}

impl Deaths {
    // ANCHOR: again
    /// Casts roster place `i`'s fan again if a creature died within its sight earlier in the
    /// walk, unless the design casts fans once and never again.
    fn look_again(&self, sight: &Sight, i: usize, g: &mut Glance, count: &mut Count) {
        if !sight.design.loose && fan::within_sight(sight.eyes[i], &self.cells) {
            g.cast(sight, i, &self.gone);
            count.recast += 1;
        }
    }
    // ANCHOR_END: again

    // ANCHOR: fall
    /// Roster place `i` has run its store down: nobody sees it from now on, and it is buried
    /// when the phase closes, or at once under the design that buried the dead as they fell.
    fn fall(&mut self, sight: &Sight, hab: &mut Habitat, i: usize, c: &mut Creature) {
        c.dead = true;
        self.gone[i] = true;
        self.cells.push(sight.cells[i]);
        if sight.design.hasty {
            let (x, y) = c.cell();
            hab.bury(x, y, sight.view.stand(x, y));
        } else {
            self.unburied.push(i as u32);
        }
    }
    // ANCHOR_END: fall
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

// ANCHOR: strike
/// Takes the dead off the roster and their brains with them, each later brain sliding down
/// a place, so that place i thinks with brain i: how the dead were struck off before the list
/// of brain numbers (`--slide`).
fn strike_off_sliding(live: &mut Vec<Creature>, sight: &mut Sight) {
    sight.minds.slide(|b| live.get(b).is_some_and(|c| !c.dead));
    live.retain(|c| !c.dead);
    sight.brain_of.truncate(live.len());
}

/// Takes the dead off the roster and their places off the list of brain numbers, keeping
/// everyone's order. The brains themselves stay where they were founded.
fn strike_off(live: &mut Vec<Creature>, sight: &mut Sight) {
    let mut k = 0;
    sight.brain_of.retain(|_| {
        k += 1;
        !live[k - 1].dead
    });
    live.retain(|c| !c.dead);
}
// ANCHOR_END: strike
