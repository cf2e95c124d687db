//! The herd the chapter watches: walkers on a valley, each tick steered by the rules they are
//! allowed to hear, a wandering heading and the edge of the field.

use world::flock::Weights;
use world::near::{Everybody, Heard, Query, TooWide};
use world::render::{Frame, INK};
use world::rng::Stream;
use world::steer::{Gait, Wander};
use world::terra::{CELL, Valley};
use world::{Body, Vec2};

/// The valley the book's herd lives on, 12 by 8 cells: exactly the window.
pub const VALLEY_SEED: u64 = 5;
pub const VALLEY_COLS: usize = 12;
pub const VALLEY_ROWS: usize = 8;

/// How far a walker can see its neighbours, in world pixels: one cell.
pub const RADIUS: f64 = 16.0;

/// The stream walkers are placed and launched from.
pub const PLACE_STREAM: u64 = 20;
/// The stream every wandering heading turns by.
pub const WANDER_STREAM: u64 = 21;

/// A walker of the valley: slower and gentler than the one worked by hand.
pub const GAIT: Gait = Gait { max_speed: 1.0, max_force: 0.2 };

// ANCHOR: weights
/// The weights of the three rules: spacing heard loudest, then heading, then the pull to the
/// middle.
pub const WEIGHTS: Weights = Weights { separate: 1.6, align: 1.0, cohere: 0.9 };
/// How loudly the wandering heading and the edge of the field are heard.
pub const WANDER: f64 = 0.1;
pub const RIM_WEIGHT: f64 = 4.0;
/// Within this many pixels of the edge, a walker wants to be heading back in.
pub const RIM: f64 = 14.0;
// ANCHOR_END: weights

/// Which of the three rules the walkers hear.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Rule {
    /// None of them: wander and the rim only.
    None,
    /// Push apart only.
    Separate,
    /// Match heading only.
    Align,
    /// Pull to the middle only.
    Cohere,
    /// All three, weighted.
    All,
}

impl Rule {
    pub const ALL: [Rule; 5] = [Rule::None, Rule::Separate, Rule::Align, Rule::Cohere, Rule::All];

    /// One rule alone is heard at its herd weight, so each row hears it exactly as loudly as
    /// the herd does.
    pub fn weights(self) -> Weights {
        let w = Weights::NONE;
        match self {
            Rule::None => w,
            Rule::Separate => Weights { separate: WEIGHTS.separate, ..w },
            Rule::Align => Weights { align: WEIGHTS.align, ..w },
            Rule::Cohere => Weights { cohere: WEIGHTS.cohere, ..w },
            Rule::All => WEIGHTS,
        }
    }

    /// What the book's tables call it.
    pub fn label(self) -> &'static str {
        match self {
            Rule::None => "none",
            Rule::Separate => "push apart",
            Rule::Align => "match heading",
            Rule::Cohere => "pull to middle",
            Rule::All => "all three",
        }
    }

    /// The name of its picture: the rule's own, and for all three, the herd's.
    pub fn name(self) -> &'static str {
        match self {
            Rule::None => "none",
            Rule::Separate => "separate",
            Rule::Align => "align",
            Rule::Cohere => "cohere",
            Rule::All => "herd",
        }
    }
}

/// How a tick hands each walker's neighbours to its rules. Both give the rules the same sums.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Listen {
    /// The first round: ask for one walker's neighbours at a time, copy them out, and let each
    /// rule walk the copy.
    ThreePasses,
    /// The second round: every walker hears all its neighbours at once, each into one tally
    /// that keeps the three rules' sums side by side.
    OnePass,
}

/// Walkers, their wandering headings, and the query that finds their neighbours.
pub struct Herd<Q: Query> {
    pub bodies: Vec<Body>,
    pub query: Q,
    /// How the tick hears the neighbours: one pass unless set otherwise.
    pub listen: Listen,
    wanders: Vec<Wander>,
    chance: Stream,
    weights: Weights,
    radius: f64,
    size: Vec2,
    // Reused every tick so that a tick allocates nothing once the crowd is settled.
    found: Vec<usize>,
    near: Vec<Body>,
    heard: Heard,
    ways: Vec<Vec2>,
}

impl<Q: Query> Herd<Q> {
    /// `n` walkers scattered over a field of `cols` by `rows` cells (clear of the rim) from
    /// `seed`, each launched in a random direction at full speed.
    pub fn new(
        seed: u64,
        n: usize,
        cols: usize,
        rows: usize,
        rule: Rule,
        radius: f64,
        query: Q,
    ) -> Herd<Q> {
        let size = Vec2::new(cols as f64 * CELL, rows as f64 * CELL);
        let mut place = Stream::new(seed, PLACE_STREAM);
        let mut chance = Stream::new(seed, WANDER_STREAM);
        let bodies = (0..n)
            .map(|_| {
                let pos =
                    Vec2::new(place.between(RIM, size.x - RIM), place.between(RIM, size.y - RIM));
                let way = place.between(-std::f64::consts::PI, std::f64::consts::PI);
                Body::new(pos, Vec2::from_angle(way).scale(GAIT.max_speed))
            })
            .collect();
        let wanders = (0..n).map(|_| Wander::new(&mut chance)).collect();
        Herd {
            bodies,
            query,
            wanders,
            chance,
            weights: rule.weights(),
            radius,
            size,
            found: Vec::new(),
            near: Vec::new(),
            heard: Heard::default(),
            ways: Vec::new(),
            listen: Listen::OnePass,
        }
    }

    /// The same herd, hearing its neighbours the other way.
    pub fn listening(mut self, listen: Listen) -> Herd<Q> {
        self.listen = listen;
        self
    }

    /// One tick: every walker's push is worked out from where everybody stood when the tick
    /// began, and only then does anybody move.
    pub fn tick(&mut self) -> Result<(), TooWide> {
        match self.listen {
            Listen::ThreePasses => self.tick_three_passes(),
            Listen::OnePass => self.tick_one_pass(),
        }
    }

    // ANCHOR: tick
    /// The first round's tick: one walker's neighbours at a time, copied out for the rules.
    fn tick_three_passes(&mut self) -> Result<(), TooWide> {
        self.query.build(&self.bodies);
        for i in 0..self.bodies.len() {
            self.query.near(&self.bodies, i, self.radius, &mut self.found)?;
            self.near.clear();
            self.near.extend(self.found.iter().map(|&j| self.bodies[j]));
            let b = self.bodies[i];

            let mut f = self.weights.flock(&GAIT, &b, &self.near);
            f += self.wanders[i].force(&GAIT, &b, &mut self.chance).scale(WANDER);
            f += self.rim(&b).scale(RIM_WEIGHT);
            self.bodies[i].push(GAIT.cut(f));
        }
        for b in &mut self.bodies {
            b.step();
        }
        Ok(())
    }
    // ANCHOR_END: tick

    // ANCHOR: one_pass
    /// The second round's tick: every walker hears all its neighbours first, into one tally
    /// each. After that nobody looks at anybody else, so each walker can step as soon as its
    /// own push is known.
    fn tick_one_pass(&mut self) -> Result<(), TooWide> {
        self.query.build(&self.bodies);
        self.query.hear(&self.bodies, self.radius, &mut self.heard)?;
        self.ways.clear();
        self.ways.extend(self.wanders.iter_mut().map(|w| w.turn(&mut self.chance)));
        for i in 0..self.bodies.len() {
            let b = self.bodies[i];

            let mut f = self.weights.heard(&GAIT, &b, self.heard.of(i));
            f += Wander::steer(&GAIT, &b, self.ways[i]).scale(WANDER);
            f += self.rim(&b).scale(RIM_WEIGHT);
            self.bodies[i].push(GAIT.cut(f));
            self.bodies[i].step();
        }
        Ok(())
    }
    // ANCHOR_END: one_pass

    // ANCHOR: rim
    /// Near an edge, ask to travel straight back in, away from every edge that is too close.
    fn rim(&self, b: &Body) -> Vec2 {
        let inward = |v: f64, end: f64| {
            if v < RIM {
                1.0
            } else if v > end - RIM {
                -1.0
            } else {
                0.0
            }
        };
        let back = Vec2::new(inward(b.pos.x, self.size.x), inward(b.pos.y, self.size.y));
        if back == Vec2::ZERO {
            Vec2::ZERO
        } else {
            GAIT.steer(b, back.unit().scale(GAIT.max_speed))
        }
    }
    // ANCHOR_END: rim

    /// What the walkers heard in the last tick of one pass (nothing after a tick of three).
    pub fn heard(&self) -> &Heard {
        &self.heard
    }

    /// The walkers drawn over `ground` (the valley, painted once).
    pub fn frame(&self, ground: &Frame) -> Frame {
        let mut f = ground.clone();
        for b in &self.bodies {
            f.walker(b, INK);
        }
        f
    }
}

/// The book's valley painted into the window, ready for walkers to be drawn over.
pub fn ground(seed: u64) -> Frame {
    let mut f = Frame::view();
    Valley::new(seed, VALLEY_COLS, VALLEY_ROWS).draw(&mut f, CELL as i64);
    f
}

/// The crowd the benchmark, the `tests` table and the agreement test share: `n` herding
/// walkers at the same crowding at every size, two to a cell on a square field.
pub fn crowd<Q: Query>(n: usize, query: impl FnOnce(usize, usize) -> Q) -> Herd<Q> {
    let side = crowd_side(n);
    Herd::new(CROWD_SEED, n, side, side, Rule::All, RADIUS, query(side, side))
}

/// The seed of the benchmark crowd.
pub const CROWD_SEED: u64 = 9;

/// The crowd sizes of the `tests` table, the `clock` table and the benchmark.
pub const SIZES: [usize; 5] = [32, 128, 512, 2048, 8192];

/// The most crowded herd of the chapter: the most walkers the book's valley takes, on the
/// valley itself, hearing all three rules, with the valley's seed. About ninety neighbours a
/// walker.
pub fn valley_crowd<Q: Query>(query: impl FnOnce(usize, usize) -> Q) -> Herd<Q> {
    let n = crate::MOST_WALKERS as usize;
    let q = query(VALLEY_COLS, VALLEY_ROWS);
    Herd::new(VALLEY_SEED, n, VALLEY_COLS, VALLEY_ROWS, Rule::All, RADIUS, q)
}

/// The side of the square field, in cells, that holds `n` walkers two to a cell.
pub fn crowd_side(n: usize) -> usize {
    ((n as f64 / 2.0).sqrt().round() as usize).max(1)
}

/// What a crowd looks like at one moment, in four numbers.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Census {
    /// Mean number of other walkers within the radius.
    pub neighbours: f64,
    /// Mean distance to the nearest other walker; none for a walker alone.
    pub nearest: Option<f64>,
    /// Length of the mean heading: 1 when all go one way, near 0 for strangers.
    pub together: f64,
    /// Groups connected at the radius (a chain of walkers each within reach of the next).
    pub groups: usize,
}

/// Counts everything by measuring every pair: slow, obviously right, and used only once a run.
pub fn census(bodies: &[Body], radius: f64) -> Census {
    let n = bodies.len();
    let mut q = Everybody::default();
    let mut found = Vec::new();
    let mut roots: Vec<usize> = (0..n).collect();
    let mut neighbours = 0usize;
    let mut nearest = 0.0;
    let mut heading = Vec2::ZERO;
    for i in 0..n {
        q.near(bodies, i, radius, &mut found).expect("everybody answers any radius");
        neighbours += found.len();
        for &j in &found {
            join(&mut roots, i, j);
        }
        let closest = (0..n)
            .filter(|&j| j != i)
            .map(|j| bodies[i].pos.dist(bodies[j].pos))
            .fold(f64::INFINITY, f64::min);
        nearest += closest;
        heading += bodies[i].vel.unit();
    }
    let groups = (0..n).filter(|&i| root(&mut roots, i) == i).count();
    let per = |x: f64| if n == 0 { 0.0 } else { x / n as f64 };
    Census {
        neighbours: per(neighbours as f64),
        nearest: (n > 1).then(|| per(nearest)),
        together: heading.scale(per(1.0)).len(),
        groups,
    }
}

fn root(roots: &mut [usize], mut i: usize) -> usize {
    while roots[i] != i {
        roots[i] = roots[roots[i]];
        i = roots[i];
    }
    i
}

fn join(roots: &mut [usize], a: usize, b: usize) {
    let (ra, rb) = (root(roots, a), root(roots, b));
    // The smaller index always becomes the root, so the answer never depends on luck.
    roots[ra.max(rb)] = ra.min(rb);
}

#[cfg(test)]
mod tests {
    use super::*;
    use world::near::Buckets;

    #[test]
    fn census_of_two_pairs() {
        let at = |x, y, vx| Body::new(Vec2::new(x, y), Vec2::new(vx, 0.0));
        let c = census(
            &[at(0.0, 0.0, 1.0), at(3.0, 4.0, 1.0), at(100.0, 0.0, -1.0), at(100.0, 10.0, 1.0)],
            16.0,
        );
        assert_eq!(c.neighbours, 1.0);
        assert_eq!(c.nearest, Some(7.5));
        assert_eq!(c.together, 0.5);
        assert_eq!(c.groups, 2);
    }

    #[test]
    fn a_lone_walker_has_no_nearest_and_no_one_has_no_groups() {
        let c = census(&[Body::new(Vec2::ZERO, Vec2::ZERO)], 16.0);
        assert_eq!((c.neighbours, c.nearest, c.groups), (0.0, None, 1));
        assert_eq!(census(&[], 16.0).groups, 0);
    }

    #[test]
    fn crowd_fields_are_two_walkers_to_a_cell() {
        for (n, side) in [(32, 4), (128, 8), (512, 16), (2048, 32), (8192, 64), (1, 1)] {
            assert_eq!(crowd_side(n), side);
        }
        let h = crowd(32, |c, r| Buckets::new(c, r, CELL));
        assert_eq!(h.bodies.len(), 32);
    }
}
