//! The chapter's scene: the valley the herd walks on, which rules the walkers hear at which
//! weights, and the crowds the counts, the clocks and the benchmark share. The herd itself, its
//! state and its tick, is the library's (`world::flock::Herd`).

use clap::Args;
use world::base::{CELL, Valley};
use world::flock::Herd;
use world::flock::near::{Everybody, Query};
use world::flock::rules::Weights;
use world::pictures::Frame;
use world::pictures::palette::INK;
use world::shell::cli::{OutOfRange, Whole};
use world::{Body, Vec2};

/// The valley the book's herd lives on, 12 by 8 cells, exactly the window; how far a walker
/// sees; how many walk; the rules' weights. The library's (`world::flock::scene`), where the
/// book's live page takes them too.
pub use world::flock::scene::{
    COLS as VALLEY_COLS, MOST_WALKERS, RADIUS, ROWS as VALLEY_ROWS, SEED as VALLEY_SEED, WALKERS,
    WEIGHTS,
};
/// The longest run, in ticks.
pub const MOST_TICKS: u64 = 100_000;

/// The herd both `alone` and `sweep` run: how many walkers, for how long, how far each one
/// sees, and the seed behind the valley, the start and the wandering.
#[derive(Args, Clone, Copy, Debug)]
pub struct Scene {
    /// Walkers in the valley: 1 to 2,000.
    #[arg(short = 'n', default_value_t = WALKERS, value_parser = WALKER_RANGE, allow_hyphen_values = true)]
    pub n: usize,
    /// Ticks to run: 0 (the start alone) to 100,000.
    #[arg(long, default_value = "400", value_parser = TICK_RANGE, allow_hyphen_values = true)]
    pub ticks: u32,
    /// How far a walker sees, in pixels: above 0 and at most 16 (one cell, the most the buckets
    /// and the mailboxes answer); up to 1000 with --everybody, where the command has it.
    #[arg(long, default_value = "16", value_parser = radius, allow_hyphen_values = true)]
    pub radius: f64,
    /// The seed of the valley, of where the walkers start and of how they wander.
    #[arg(long, default_value_t = VALLEY_SEED, value_parser = world::shell::cli::SEED, allow_hyphen_values = true)]
    pub seed: u64,
}

/// Which round of the chapter `sweep`, `distances` and `clock` show: 1 or 2.
pub const ROUND: Whole<u8> = Whole::new("round", 1, 2).saying(no_round);

fn no_round(r: &OutOfRange) -> String {
    format!("there is no round '{}': the chapter has rounds {} and {}", r.given, r.lo, r.hi)
}

/// A number of walkers: at least one, at most [`MOST_WALKERS`].
pub const WALKER_RANGE: Whole<usize> = Whole::new("walkers", 1, MOST_WALKERS);

/// A number of ticks: zero (just the start) up to [`MOST_TICKS`].
const TICK_RANGE: Whole<u32> = Whole::new("ticks", 0, MOST_TICKS);

/// A neighbour radius in world pixels: more than zero. Whether it fits the cells of the
/// buckets and the mailboxes is for them to say.
fn radius(s: &str) -> Result<f64, String> {
    let r: f64 = s.parse().map_err(|_| format!("'{s}' is not a radius in pixels"))?;
    if r.is_finite() && r > 0.0 && r <= 1000.0 {
        Ok(r)
    } else {
        Err(format!("a radius of {s} px makes no sense: give a number above 0 and at most 1000"))
    }
}

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
    /// Every row of `alone`, in the table's order.
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

    /// The file its picture and its film are saved as, in the folder asked for.
    pub fn file(self) -> String {
        format!("{}.png", self.name())
    }
}

/// The book's valley painted into the window, ready for walkers to be drawn over.
pub fn ground(seed: u64) -> Frame {
    let mut f = Frame::view();
    Valley::new(seed, VALLEY_COLS, VALLEY_ROWS).draw(&mut f, CELL as i64);
    f
}

/// The walkers drawn over `ground` (the valley, painted once), each with a nose showing its
/// heading.
pub fn frame(bodies: &[Body], ground: &Frame) -> Frame {
    let mut f = ground.clone();
    for b in bodies {
        f.walker(b, INK);
    }
    f
}

/// The crowd the benchmark, the `distances` table and the agreement test share: `n` herding
/// walkers at the same crowding at every size, two to a cell on a square field.
pub fn crowd<Q: Query>(n: usize, query: impl FnOnce(usize, usize) -> Q) -> Herd<Q> {
    let side = crowd_side(n);
    Herd::new(CROWD_SEED, n, side, side, WEIGHTS, RADIUS, query(side, side))
}

/// The seed of the benchmark crowd.
pub const CROWD_SEED: u64 = 9;

/// The crowd sizes of the `distances` table, the `clock` table and the benchmark.
pub const SIZES: [usize; 5] = [32, 128, 512, 2048, 8192];

/// The most crowded herd of the chapter: the most walkers the book's valley takes, on the
/// valley itself, hearing all three rules, with the valley's seed. About ninety neighbours a
/// walker.
pub fn valley_crowd<Q: Query>(query: impl FnOnce(usize, usize) -> Q) -> Herd<Q> {
    let n = MOST_WALKERS as usize;
    let q = query(VALLEY_COLS, VALLEY_ROWS);
    Herd::new(VALLEY_SEED, n, VALLEY_COLS, VALLEY_ROWS, WEIGHTS, RADIUS, q)
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
    use world::flock::near::Buckets;

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
