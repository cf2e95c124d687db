//! The crowd: every creature in roster order, the world it lives in, and the phase that steps
//! them all once a tick.

use std::sync::{Arc, RwLock};

use super::act::{self, Here};
use super::brain::Brain;
use super::crew::{self, Glance, Pool, Sight};
use super::fan::{self, Eye};
use super::habitat::Habitat;
use super::kind::{INPUTS, STEPS, STORE, UPKEEP};
use super::sense;
use super::view::{Hit, View};
use super::{BRAIN_STREAM, SCATTER_STREAM};
use crate::digest::Digest;
use crate::rng::Stream;
use crate::terra::Land;

/// One creature.
#[derive(Clone, Debug)]
pub struct Creature {
    /// Where it stands, in cells (the cell is the floor of each).
    pub x: f64,
    pub y: f64,
    /// Which way it faces, in radians.
    pub heading: f64,
    /// The cosine and sine of `heading`, worked out whenever the heading changes. A creature
    /// that does not turn reads them several times a tick (to look, to sense, to step) and
    /// would otherwise pay for the same two `libm` calls at every read.
    pub facing: (f64, f64),
    /// Grams it can still spend.
    pub store: f64,
    /// Grams it has eaten since it was founded.
    pub eaten: f64,
    pub dead: bool,
}

impl Creature {
    /// A creature standing at (x, y), facing `heading`, with `store` grams and nothing eaten.
    pub fn new(x: f64, y: f64, heading: f64, store: f64) -> Creature {
        Creature { x, y, heading, facing: facing(heading), store, eaten: 0.0, dead: false }
    }

    /// Turns by `by` radians, and works out the cosine and sine of the new heading.
    pub fn turn(&mut self, by: f64) {
        self.heading += by;
        self.facing = facing(self.heading);
    }

    pub fn cell(&self) -> (i64, i64) {
        (fan::floor(self.x), fan::floor(self.y))
    }

    pub fn eye(&self) -> Eye {
        Eye { x: self.x, y: self.y, heading: self.heading, facing: self.facing }
    }
}

/// The cosine and sine of a heading, from `libm`, so every machine gets the same bits.
pub fn facing(heading: f64) -> (f64, f64) {
    (libm::cos(heading), libm::sin(heading))
}

// ANCHOR: design
/// The retired designs, each a switch that puts one old part back. All false is the phase as
/// it now stands; `Design::WAS` is the phase as first wired. Every combination is the same run.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Design {
    /// The view as two hash maps keyed by cell, not flat rows.
    pub maps: bool,
    /// A new view built every tick, not one view refilled.
    pub fresh: bool,
    /// A second view built every tick for the minds' checks, not the one view handed over.
    pub twice: bool,
    /// The ranking walk asks for a written refusal and drops it, not a yes or a no.
    pub wordy: bool,
    /// Carcasses buried the moment they fall, not after the phase (this one changes the run).
    pub hasty: bool,
}

impl Design {
    pub const NOW: Design =
        Design { maps: false, fresh: false, twice: false, wordy: false, hasty: false };
    pub const WAS: Design =
        Design { maps: true, fresh: true, twice: true, wordy: true, hasty: false };
}
// ANCHOR_END: design

/// How the fans are cast.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cast {
    /// Each creature casts its fan at its own turn in the walk, against the live view.
    Narrow,
    /// Every fan is cast first, on `crew` threads in interleaved stripes; a creature near a
    /// death earlier in the phase casts again at its turn, unless `loose`.
    Wide { crew: usize, loose: bool, kept: bool },
}

/// What the phase has handed out, counted as it goes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counts {
    /// Creatures stepped, summed over every tick.
    pub creature_ticks: u64,
    /// Creatures that ran their store down and were struck off.
    pub struck: u64,
    /// On the latest tick: fans read, ray strides they took, rays that met something.
    pub fans: u64,
    pub steps: u64,
    pub met: u64,
    /// Fans cast a second time because a death happened near them, over every tick.
    pub recast: u64,
}

/// The crowd, in roster order, with everything the phase keeps between ticks.
pub struct Roster {
    pub live: Vec<Creature>,
    pub design: Design,
    pub cast: Cast,
    pub counts: Counts,
    sight: Arc<RwLock<Sight>>,
    pool: Option<Pool>,
    /// One buffer of glances a stripe; creature i's is stripes[i % crew][i / crew].
    stripes: Vec<Vec<Glance>>,
    /// Roster places that died this phase, and the cells they stood on when it opened.
    gone: Vec<bool>,
    gone_cells: Vec<(i64, i64)>,
    died: Vec<u32>,
}

/// The valley and its crowd: what a tick moves forward.
pub struct World {
    pub hab: Habitat,
    pub roster: Roster,
}

impl World {
    /// Valley `seed` at `cols` by `rows` with `herd` creatures scattered on stream 12 and
    /// brains drawn off stream 14 in roster order.
    pub fn found(
        seed: u64,
        cols: usize,
        rows: usize,
        herd: usize,
        design: Design,
        cast: Cast,
    ) -> Result<World, String> {
        let hab = Habitat::new(seed, cols, rows);
        let (live, brains) = scatter(&hab, seed, herd)?;
        Ok(World { hab, roster: Roster::new(live, brains, design, cast) })
    }

    /// One tick: the weather and the plants, then the creature phase.
    pub fn tick(&mut self) {
        self.hab.grow();
        self.roster.phase(&mut self.hab);
        self.hab.now += 1;
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
    pub fn new(live: Vec<Creature>, brains: Vec<Brain>, design: Design, cast: Cast) -> Roster {
        assert_eq!(live.len(), brains.len(), "one brain a creature");
        let mind = (0..brains.len() as u32).collect();
        let sight = Sight { brains, mind, ..Sight::default() };
        Roster {
            live,
            design,
            cast,
            counts: Counts::default(),
            sight: Arc::new(RwLock::new(sight)),
            pool: None,
            stripes: Vec::new(),
            gone: Vec::new(),
            gone_cells: Vec::new(),
            died: Vec::new(),
        }
    }

    fn crew(&self) -> usize {
        match self.cast {
            Cast::Narrow => 1,
            Cast::Wide { crew, .. } => crew.max(1),
        }
    }

    /// Allocations the pool's threads made while the ledger was counting, since last asked.
    pub fn pool_allocations(&self) -> u64 {
        self.pool.as_ref().map_or(0, Pool::allocations)
    }

    // ANCHOR: open
    /// Opens the phase: one reading of the world, taken before anybody moves. Under the
    /// current design the roster's one view is refilled in place and nothing is built.
    fn open(&mut self, hab: &Habitat) {
        let mut guard = self.sight.write().unwrap_or_else(|e| e.into_inner());
        let sight = &mut *guard;
        if sight.ground.cols != hab.ground.cols || sight.ground.rows != hab.ground.rows {
            sight.ground = hab.ground.clone();
        }
        sight.cells.clear();
        sight.cells.extend(self.live.iter().map(Creature::cell));
        sight.eyes.clear();
        sight.eyes.extend(self.live.iter().map(Creature::eye));
        sight.stores.clear();
        sight.stores.extend(self.live.iter().map(|c| c.store));
        sight.nobody.clear();
        sight.nobody.resize(self.live.len(), false);
        sight.wordy = self.design.wordy;
        let d = self.design;
        match &mut sight.view {
            View::Flat(f) if !d.maps && !d.fresh => f.refill(hab, &sight.cells),
            view => *view = View::build(hab, &sight.cells, d.maps),
        }
        sight.minds = d.twice.then(|| View::build(hab, &sight.cells, d.maps));
    }
    // ANCHOR_END: open

    // ANCHOR: phase
    /// Steps every creature once, in roster order: each looks, reads its row, picks an
    /// action and takes it. A store at or below zero is a death; the dead are buried and
    /// struck off when the phase closes.
    pub fn phase(&mut self, hab: &mut Habitat) {
        self.open(hab);
        let crew = self.crew();
        if let Cast::Wide { kept, .. } = self.cast {
            self.look_wide(crew, kept);
        }
        let n = self.live.len();
        self.gone.clear();
        self.gone.resize(n, false);
        // Room for every creature to die, asked for once: a phase never grows these.
        self.gone_cells.clear();
        self.gone_cells.reserve(n);
        self.died.clear();
        self.died.reserve(n);
        self.counts.fans = 0;
        self.counts.steps = 0;
        self.counts.met = 0;
        let guard = self.sight.read().unwrap_or_else(|e| e.into_inner());
        let sight = &*guard;
        let view = &sight.view;
        let minds = sight.minds.as_ref().unwrap_or(view);
        let mut narrow = Glance::BLANK;
        let mut row = [0.0; INPUTS];
        for i in 0..n {
            let (eye, cell) = (sight.eyes[i], sight.cells[i]);
            let g: &mut Glance = match self.cast {
                Cast::Narrow => {
                    fan::cast(view, &sight.ground, eye, i as u32, &self.gone, &mut narrow.fan);
                    narrow.begun = false;
                    narrow.ready = false;
                    narrow.choice = None;
                    &mut narrow
                }
                Cast::Wide { loose, .. } => {
                    let g = &mut self.stripes[i % crew][i / crew];
                    if !loose && fan::within_sight(eye, &self.gone_cells) {
                        fan::cast(view, &sight.ground, eye, i as u32, &self.gone, &mut g.fan);
                        g.begun = false;
                        g.ready = false;
                        g.choice = None;
                        self.counts.recast += 1;
                    }
                    g
                }
            };
            self.counts.fans += 1;
            for ray in &g.fan {
                if ray.hit == Hit::Nothing {
                    self.counts.steps += STEPS as u64;
                } else {
                    self.counts.steps += u64::from(ray.steps);
                    self.counts.met += 1;
                }
            }
            let c = &self.live[i];
            if !g.ready {
                let mass = |x, y| view.mass(hab, x, y);
                if g.begun {
                    sense::read_food(&mut row, mass, cell);
                    g.scores = sight.brain(i).finish(g.partial, &row);
                } else {
                    sense::read(&mut row, &g.fan, mass, cell, c.store, c.facing);
                    g.scores = sight.brain(i).think(&row);
                }
            }
            let choice = match g.choice {
                Some(a) => a,
                None => {
                    let here = Here::new(minds, hab);
                    act::pick(&g.scores, |a| act::allows(c, i as u32, a, here, self.design.wordy))
                }
            };
            let c = &mut self.live[i];
            act::perform(c, choice, view, hab);
            c.store -= UPKEEP;
            self.counts.creature_ticks += 1;
            if c.store <= 0.0 {
                c.dead = true;
                self.gone[i] = true;
                self.gone_cells.push(cell);
                self.died.push(i as u32);
                if self.design.hasty {
                    let (x, y) = c.cell();
                    hab.bury(x, y, view.stand(x, y));
                }
            }
        }
        if !self.design.hasty {
            for &i in &self.died {
                let (x, y) = self.live[i as usize].cell();
                hab.bury(x, y, view.stand(x, y));
            }
        }
        drop(guard);
        self.strike_off();
    }
    // ANCHOR_END: phase

    /// Takes the dead off the roster, and their places in the list of minds with them, keeping
    /// everyone's order. The brains themselves stay where they are.
    fn strike_off(&mut self) {
        if self.died.is_empty() {
            return;
        }
        self.counts.struck += self.died.len() as u64;
        let mut sight = self.sight.write().unwrap_or_else(|e| e.into_inner());
        let mut k = 0;
        sight.mind.retain(|_| {
            k += 1;
            !self.live[k - 1].dead
        });
        self.live.retain(|c| !c.dead);
    }

    /// Casts every fan before the walk, and thinks ahead for every creature whose row cannot
    /// change, on `crew` threads.
    fn look_wide(&mut self, crew: usize, kept: bool) {
        self.stripes.resize_with(crew, Vec::new);
        if kept && crew > 1 {
            let pool = match &mut self.pool {
                Some(p) if p.crew() == crew => p,
                slot => slot.insert(Pool::new(Arc::clone(&self.sight), crew)),
            };
            pool.look(&mut self.stripes, crate::ledger::counting());
        } else {
            let sight = self.sight.read().unwrap_or_else(|e| e.into_inner());
            crew::look_scoped(&sight, crew, &mut self.stripes);
        }
    }
}

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
