//! The crowd: every creature in roster order, the world it lives in, and the phase that steps
//! them all once a tick.

use std::sync::{Arc, RwLock};

use super::act::{self, Act, Here};
use super::brain::Brain;
use super::creature::Creature;
use super::crew::{self, Glance, Pool, Sight};
use super::design::Design;
use super::fan;
use super::habitat::Habitat;
use super::kind::{INPUTS, STEPS, STORE, UPKEEP};
use super::sense;
use super::view::{Build, Hit, View};
use super::{BRAIN_STREAM, SCATTER_STREAM};
use crate::digest::Digest;
use crate::lanes::Isa;
use crate::ledger;
use crate::rng::Stream;
use crate::terra::Land;

/// What the sight's lock says if a phase panicked while it held the lock to write.
const POISONED: &str = "a phase panicked while it wrote the crowd's reading of the world";

/// What a phase hands out, counted as it goes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Creatures stepped.
    pub creature_ticks: u64,
    /// Creatures that ran their store down and were struck off.
    pub struck: u64,
    /// Fans read, the ray strides they took, and the rays among them that met something.
    pub fans: u64,
    pub steps: u64,
    pub met: u64,
    /// Fans cast a second time because a death happened near them.
    pub recast: u64,
    /// Forward passes, by where they were thought: begun ahead through the settled inputs,
    /// and thought to the end ahead, as the walk finds them (a pass cast again after a death
    /// counts here and again below); finished in the walk from the sums begun ahead; and
    /// thought whole in the walk.
    pub begun: u64,
    pub ahead: u64,
    pub finished: u64,
    pub whole: u64,
    /// Packs whose creatures were looked for ahead, the lanes of them that held one whose
    /// pass was begun, and the packs that thought to the end, for at least one lane.
    pub packs: u64,
    pub lanes: u64,
    pub ended: u64,
}

impl Tally {
    fn add(&mut self, t: &Tally) {
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

    /// Counts what the look ahead left roster place `i`, in pack `pack` if its brains are
    /// packed: the pass begun or ended, and each pack once, as its first creature comes.
    fn ahead(&mut self, pack: Option<usize>, last: &mut Option<usize>, g: &Glance) {
        self.begun += u64::from(g.begun);
        self.ahead += u64::from(g.ready);
        if let Some(p) = pack {
            if *last != Some(p) {
                *last = Some(p);
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

/// The tally of the latest tick and the tally of every tick so far, kept apart.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counts {
    pub tick: Tally,
    pub run: Tally,
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
    pub live: Vec<Creature>,
    pub counts: Counts,
    /// Threads the fans are cast on, unless the design casts each in the walk.
    crew: usize,
    sight: Arc<RwLock<Sight>>,
    pool: Option<Pool>,
    /// One buffer of glances a stripe; where creature i's is kept, `Sight::seat` says.
    stripes: Vec<Vec<Glance>>,
    deaths: Deaths,
}

/// The valley and its crowd: what a tick moves forward.
pub struct World {
    pub hab: Habitat,
    pub roster: Roster,
}

/// The moments of a tick that `World::tick_watched` tells its onlooker about.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Moment {
    TickOpens,
    PhaseOpens,
    PhaseCloses,
}

impl World {
    /// Valley `seed` at `cols` by `rows` with `crowd` creatures scattered on stream 12 and
    /// brains drawn off stream 14 in roster order, stepped by `design` with the fans cast on
    /// `crew` threads, and the lanes on the widest instructions this CPU has.
    pub fn found(
        seed: u64,
        cols: usize,
        rows: usize,
        crowd: usize,
        design: Design,
        crew: usize,
    ) -> Result<World, String> {
        let hab = Habitat::new(seed, cols, rows);
        let (mut live, brains) = scatter(&hab, seed, crowd)?;
        if design.cosines {
            live = live.into_iter().map(Creature::forgetful).collect();
        }
        Ok(World { hab, roster: Roster::new(live, brains, design, crew) })
    }

    /// The same world with its lanes on `isa`: the same run to the bit, at another speed.
    pub fn on(self, isa: Isa) -> World {
        self.roster.sight.write().expect(POISONED).isa = isa;
        self
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
        self.roster.phase(&mut self.hab);
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
            Moment::TickOpens => {}
        });
        n + self.roster.pool_allocations()
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
            d.f64(st.mass);
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
    let mut s = Stream::new(seed, SCATTER_STREAM);
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
    let mut minds = Stream::new(seed, BRAIN_STREAM);
    let brains = (0..n).map(|_| Brain::draw(&mut minds)).collect();
    Ok((live, brains))
}
// ANCHOR_END: scatter

impl Roster {
    /// A roster of these creatures, the i-th thinking with the i-th brain.
    pub fn new(live: Vec<Creature>, brains: Vec<Brain>, design: Design, crew: usize) -> Roster {
        assert_eq!(live.len(), brains.len(), "one brain a creature");
        Roster {
            live,
            counts: Counts::default(),
            crew: crew.max(1),
            sight: Arc::new(RwLock::new(Sight::new(design, brains, Isa::best()))),
            pool: None,
            stripes: Vec::new(),
            deaths: Deaths::default(),
        }
    }

    /// The bytes of the flat rows the phase reads its view from, or None for the other builds.
    pub fn view_bytes(&self) -> Option<usize> {
        match &self.sight.read().expect(POISONED).view {
            View::Flat(f) => Some(f.bytes()),
            _ => None,
        }
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
        self.open(hab);
        let ahead = self.look_ahead();
        self.walk(hab, ahead);
        self.close(hab);
    }
    // ANCHOR_END: phase

    /// Opens the phase: nobody has died yet, and every creature's cell, eye and store are
    /// written down before anybody moves, with the view of the world they will all read.
    fn open(&mut self, hab: &Habitat) {
        self.counts.tick = Tally::default();
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
        open_view(s, hab);
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
            crew::look_scoped(&sight, crew, &mut self.stripes);
        } else {
            let pool = match &mut self.pool {
                Some(p) if p.crew() == crew => p,
                slot => slot.insert(Pool::new(Arc::clone(&self.sight), crew)),
            };
            pool.look(&sight, &mut self.stripes, crate::ledger::counting());
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
        let mut pack = None;
        for i in 0..self.live.len() {
            let g = if ahead {
                let (stripe, at) = sight.seat(i, self.crew);
                let g = &mut self.stripes[stripe][at];
                self.counts.tick.ahead(sight.pack_of(i), &mut pack, g);
                self.deaths.look_again(sight, i, g, &mut self.counts.tick);
                g
            } else {
                mine.cast(sight, i, &self.deaths.gone);
                &mut mine
            };
            self.counts.tick.read(g);
            let c = &mut self.live[i];
            let choice = choose(sight, hab, i, c, g, &mut row, &mut self.counts.tick);
            act::perform(c, choice, &sight.view, hab);
            c.store -= UPKEEP;
            self.counts.tick.creature_ticks += 1;
            if c.store <= 0.0 {
                self.deaths.fall(sight, hab, i, c);
            }
        }
    }

    /// Closes the phase: the dead not yet buried go into the ground, and every dead creature
    /// is struck off the roster, keeping everyone else's order.
    fn close(&mut self, hab: &mut Habitat) {
        let mut sight = self.sight.write().expect(POISONED);
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

// ANCHOR: open
/// The view the phase opens on. Under the current design the one view is refilled in place
/// and nothing is built; each retired design is one of the switches read here.
fn open_view(s: &mut Sight, hab: &Habitat) {
    let d = s.design;
    let build = if d.maps {
        Build::Hashed
    } else if d.unringed {
        Build::Unringed
    } else {
        Build::Flat
    };
    let fill = |v: &mut View, cells: &[(i64, i64)]| match v {
        View::Flat(f) if d.rebuilt => f.refill_rebuilt(hab, cells),
        v => v.refill(hab, cells),
    };
    if d.fresh || s.view.build() != build {
        s.view = View::empty(build);
    }
    fill(&mut s.view, &s.cells);
    s.second = d.twice.then(|| {
        let mut v = View::empty(build);
        fill(&mut v, &s.cells);
        v
    });
}
// ANCHOR_END: open

impl Deaths {
    // ANCHOR: again
    /// Casts roster place `i`'s fan again if a creature died within its sight earlier in the
    /// walk, unless the design casts fans once and never again.
    fn look_again(&self, sight: &Sight, i: usize, g: &mut Glance, tally: &mut Tally) {
        if !sight.design.loose && fan::within_sight(sight.eyes[i], &self.cells) {
            g.cast(sight, i, &self.gone);
            tally.recast += 1;
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

/// Creature `i`'s choice of action in its turn: whatever the looking ahead left ready is taken
/// as it is; the rest of its row is read, and the rest of its pass thought, now, and counted.
fn choose(
    sight: &Sight,
    hab: &Habitat,
    i: usize,
    c: &Creature,
    g: &mut Glance,
    row: &mut [f64; INPUTS],
    tally: &mut Tally,
) -> Act {
    let cell = sight.cells[i];
    if !g.ready {
        let mass = |x, y| sight.view.mass(hab, x, y);
        if g.begun {
            sense::read_food(row, mass, cell);
            g.scores = sight.finish(i, &g.partial, row);
            tally.finished += 1;
        } else {
            sense::read(row, &g.fan, mass, cell, c.store, c.facing());
            g.scores = sight.think(i, row);
            tally.whole += 1;
        }
    }
    g.choice.unwrap_or_else(|| {
        let (eye, here) = (c.eye(), Here::new(sight.checked(), hab));
        act::pick(&g.scores, |a| sight.allows(i, &eye, c.store, a, here))
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
