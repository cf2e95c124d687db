//! The view: one reading of the valley taken when a phase opens, answering two questions a
//! cell at a time: which plant stands here, and is any creature (other than me) standing here.
//!
//! Four views answer the same questions, a file each, each retired one a sibling of the one
//! that replaced it: [`Flat`] keeps one entry a cell in rows ringed with rock, the view as it
//! stands; [`Rebuilt`] is those rows refilled as they were before the bare ground was kept;
//! [`Unringed`] is the rows as they stood before the second round, with no ring; [`Hashed`] is
//! the view as first wired, two hash maps keyed by the cell. [`View`] is the one trait every
//! one of them answers through: a phase holds its view as a `dyn View`, chosen once by the
//! design, and asks it everything through the trait. A fan is cast in one call to the view,
//! so the cast inside it asks each cell with no call at all.

use crate::base::Valley;
use crate::beast::creature::Eye;
use crate::beast::habitat::Habitat;
use crate::beast::look::fan::{self, Cast, Fan};
use crate::beast::look::gone::Gone;
use crate::beast::look::hit::Hit;

mod flat;
mod hashed;
mod rebuilt;
mod unringed;

pub use flat::{Flat, NONE};
pub use hashed::Hashed;
pub use rebuilt::Rebuilt;
pub use unringed::Unringed;

/// What a phase asks of its reading of the valley, whichever view the design chose.
pub trait View: Send + Sync + std::fmt::Debug {
    /// Points the view at this habitat and these cells, the i-th being where roster place i
    /// stands.
    fn refill(&mut self, hab: &Habitat, cells: &[(i64, i64)]);

    /// What a ray meets on cell (x, y), leaving out creature `me` and the ones marked gone.
    /// Off the grid, the answer is always rock.
    fn at(&self, ground: &Valley, x: i64, y: i64, me: u32, gone: &Gone) -> Hit;

    /// The plant standing on cell (x, y), as an index into the habitat's stands.
    fn stand(&self, x: i64, y: i64) -> Option<u32>;

    /// Casts a fan from `eye`, leaving out creature `me` and anyone marked gone, by the cast
    /// `how` names, and writes only into `rays`: stride by stride, each cell asked of this
    /// view's own `at`.
    fn cast(&self, ground: &Valley, eye: Eye, me: u32, gone: &Gone, rays: &mut Fan, how: Cast) {
        fan::cast_by(how, eye, rays, |x, y| self.at(ground, x, y, me, gone));
    }

    /// Whether a plant stands on cell (x, y) or one of the four cells beside it, and whether
    /// one stands anywhere in the 3x3 cells a bite from there reaches. Asked of the nine cells
    /// unless the view keeps the answer.
    fn plants_near(&self, x: i64, y: i64) -> (bool, bool) {
        self.plants_near_nine(x, y)
    }

    // ANCHOR: nine
    /// Whether a plant stands on (x, y) or beside it, and anywhere in the 3x3 around it, asked
    /// of `stand` one cell at a time: how every view answered before the flat rows kept the
    /// answer in one byte (`--nine`).
    fn plants_near_nine(&self, x: i64, y: i64) -> (bool, bool) {
        let near = |dx, dy| self.stand(x + dx, y + dy).is_some();
        let any = |cells: &[(i64, i64)]| cells.iter().any(|&(dx, dy)| near(dx, dy));
        let beside = any(&[(0, 0), (1, 0), (-1, 0), (0, 1), (0, -1)]);
        (beside, beside || any(&[(-1, -1), (1, -1), (-1, 1), (1, 1)]))
    }
    // ANCHOR_END: nine

    /// The grams standing on a cell right now: the plant is found in the view, its mass is
    /// read live from the habitat.
    fn mass(&self, hab: &Habitat, x: i64, y: i64) -> f64 {
        self.stand(x, y).map_or(0.0, |i| hab.stands[i as usize].mass.get())
    }

    /// The bytes of the rows a phase reads, for views kept in flat rows; none for the others.
    fn bytes(&self) -> Option<usize> {
        None
    }

    /// Forgets everything, as a view made new would: what `--fresh` does every tick, without
    /// asking for the memory a new view in a new box would need.
    fn renew(&mut self);
}

/// A random valley for tests that compare two ways of looking: `least` plus up to `span`
/// cells each way, creatures on up to one cell in `thin`, and a fifth of them marked gone.
#[cfg(test)]
pub(crate) fn random_scene(
    s: &mut crate::base::Stream,
    seed: u64,
    least: usize,
    span: (usize, usize),
    thin: usize,
) -> (Habitat, Vec<(i64, i64)>, Gone) {
    let (c, r) = (least + s.index(span.0), least + s.index(span.1));
    let hab = Habitat::new(seed, c, r);
    let n = s.index(c * r / thin) + 1;
    let cells: Vec<(i64, i64)> = (0..n).map(|_| (s.index(c) as i64, s.index(r) as i64)).collect();
    let marks: Vec<bool> = cells.iter().map(|_| s.chance(0.2)).collect();
    let gone = Gone::of(&marks);
    (hab, cells, gone)
}

/// Every view, empty: what the tests compare.
#[cfg(test)]
pub(crate) fn every() -> Vec<Box<dyn View>> {
    vec![
        Box::new(Flat::default()),
        Box::new(Rebuilt::default()),
        Box::new(Unringed::default()),
        Box::new(Hashed::default()),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::base::Stream;
    use crate::base::streams::VIEW_SCENES;

    #[test]
    fn off_the_grid_reads_as_rock_in_every_view() {
        let hab = Habitat::new(5, 12, 8);
        // A creature on every cell of the left and right columns: a view that let x = -1
        // wrap to the row above would see one of them.
        let mut cells = Vec::new();
        for y in 0..8 {
            cells.push((0, y));
            cells.push((11, y));
        }
        let gone = Gone::none(cells.len());
        for mut v in every() {
            v.refill(&hab, &cells);
            for y in -1..=8 {
                for x in [-1, 12] {
                    assert_eq!(v.at(&hab.ground, x, y, NONE, &gone), Hit::Rock, "{x},{y}");
                }
            }
            for x in -1..=12 {
                for y in [-1, 8] {
                    assert_eq!(v.at(&hab.ground, x, y, NONE, &gone), Hit::Rock, "{x},{y}");
                }
            }
            assert_eq!(v.stand(-1, 3), None);
            assert_eq!(v.at(&hab.ground, 0, 3, NONE, &gone), Hit::Creature);
        }
    }

    #[test]
    fn a_cells_chain_holds_exactly_who_stands_there() {
        for seed in 0..6u64 {
            let mut s = Stream::new(seed, VIEW_SCENES);
            let (hab, cells, _) = random_scene(&mut s, seed, 3, (20, 12), 1);
            let mut flat = Flat::default();
            flat.refill(&hab, &cells);
            let nobody = Gone::none(cells.len());
            for y in 0..hab.ground.rows as i64 {
                for x in 0..hab.ground.cols as i64 {
                    let (places, end) = flat.chain(x, y).unwrap();
                    let here: Vec<u32> =
                        (0..cells.len() as u32).filter(|&i| cells[i as usize] == (x, y)).collect();
                    let mut sorted = places.clone();
                    sorted.sort_unstable();
                    assert_eq!(sorted, here, "seed {seed} {x},{y}");
                    // With everyone on it gone, the cell shows what its chain ends on.
                    let all_gone = Gone::of(&vec![true; cells.len()]);
                    assert_eq!(flat.at(x, y, u32::MAX, &all_gone), end, "seed {seed} {x},{y}");
                    let seen = if places.is_empty() { end } else { Hit::Creature };
                    assert_eq!(flat.at(x, y, u32::MAX, &nobody), seen);
                }
            }
            assert!(flat.chain(-1, 0).is_none());
        }
    }

    #[test]
    fn every_view_and_every_refill_answers_alike_on_random_valleys() {
        for seed in 0..12u64 {
            let mut s = Stream::new(seed, VIEW_SCENES);
            let (hab, cells, gone) = random_scene(&mut s, seed, 3, (30, 20), 2);
            let (c, r) = (hab.ground.cols, hab.ground.rows);
            let mut hashed = Hashed::default();
            hashed.refill(&hab, &cells);
            // Each view filled at once, and each refilled after holding another crowd.
            let mut others = every();
            for v in &mut others {
                v.refill(&hab, &cells);
            }
            for mut v in every() {
                v.refill(&hab, &[(1, 1), (0, 0)]);
                v.refill(&hab, &cells);
                others.push(v);
            }
            for y in -2..r as i64 + 2 {
                for x in -2..c as i64 + 2 {
                    let me = s.index(cells.len()) as u32;
                    let want = View::at(&hashed, &hab.ground, x, y, me, &gone);
                    let near = View::plants_near(&hashed, x, y);
                    for v in &others {
                        assert_eq!(v.at(&hab.ground, x, y, me, &gone), want, "seed {seed} {x},{y}");
                        assert_eq!(v.stand(x, y), View::stand(&hashed, x, y));
                        assert_eq!(v.plants_near(x, y), near, "seed {seed} {x},{y}");
                        assert_eq!(v.plants_near_nine(x, y), near);
                    }
                }
            }
        }
    }
}
