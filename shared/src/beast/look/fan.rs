//! A creature's eyes: nine rays spread over 120 degrees, each walking out in quarter-cell
//! strides until it meets something or reaches the sight cap.
//!
//! The walk of a ray is here, asking a cell at a time of whatever view it is handed; each view
//! casts a whole fan in one call of its own (`View::cast`), so the walk asks that view's cells
//! with no call at all, and the flat rows cast by a quicker walk that only they allow
//! (`view::flat`). Which cast a phase asks for, [`Cast`], is the design's choice.

use std::sync::LazyLock;

use crate::beast::creature::{Eye, floor};
use crate::beast::kind::{FAN, RAY_GAP, STEPS, STRIDE};
use crate::beast::look::hit::Hit;

/// What one ray met, and after how many strides (0 when it met nothing).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Ray {
    /// What the ray met, or `Nothing` at the sight cap.
    pub hit: Hit,
    /// The stride it met it on, from 1; 0 when it met nothing.
    pub steps: u8,
}

impl Ray {
    /// A ray that has met nothing yet.
    pub const BLANK: Ray = Ray { hit: Hit::Nothing, steps: 0 };
}

/// One creature's nine rays, left to right.
pub type Fan = [Ray; FAN];
/// A fan none of whose rays has met anything yet.
pub const BLANK_FAN: Fan = [Ray::BLANK; FAN];

/// The cosine and sine of each ray's angle off the heading, worked out once: every cast,
/// the flat rows' quick one included, turns the heading by these.
pub(super) static OFFSETS: LazyLock<[(f64, f64); FAN]> = LazyLock::new(|| {
    std::array::from_fn(|r| {
        let a = (r as f64 - (FAN / 2) as f64) * RAY_GAP;
        (libm::cos(a), libm::sin(a))
    })
});

/// How a fan is cast: what the design asks for, handed to the view, which casts it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cast {
    /// The quickest cast the view has: on flat rows from an eye on the grid, stepped from cell
    /// to cell by the cells' edges; anywhere else, stride by stride.
    Quick,
    /// Stride by stride on any view, as flat rows were cast before the quick cast
    /// (`--strides`).
    Strides,
    /// Stride by stride with each stride's cell found by the whole floor, as it was before
    /// `column` (`--floor`).
    Floored,
}

/// Casts a fan stride by stride, `at` asking what a ray meets on a cell: each stride's cell
/// found by `column`, or by the whole floor under [`Cast::Floored`].
#[inline]
pub fn cast_by(how: Cast, eye: Eye, fan: &mut Fan, at: impl Fn(i64, i64) -> Hit) {
    match how {
        Cast::Floored => cast_on(eye, fan, floor, at),
        Cast::Quick | Cast::Strides => cast_on(eye, fan, column, at),
    }
}

// ANCHOR: cast
/// Casts a fan stride by stride: each ray walks out from the eye a quarter cell at a time and
/// asks `at` about the cell it lands in, `cell` turning a place into a cell coordinate.
#[inline]
fn cast_on(eye: Eye, fan: &mut Fan, cell: impl Fn(f64) -> i64, at: impl Fn(i64, i64) -> Hit) {
    let (ch, sh) = eye.facing;
    let offsets: &[(f64, f64); FAN] = &OFFSETS;
    for (ray, &(co, so)) in fan.iter_mut().zip(offsets) {
        // The heading turned by the ray's offset, one stride long.
        let dx = (ch * co - sh * so) * STRIDE;
        let dy = (sh * co + ch * so) * STRIDE;
        *ray = Ray::BLANK;
        // A stride that lands in the cell the last one asked about would get the same
        // answer, so only a new cell is asked; the stride still counts.
        let mut last = (i64::MIN, i64::MIN);
        for k in 1..=STEPS {
            let here = (cell(eye.x + dx * k as f64), cell(eye.y + dy * k as f64));
            if here != last {
                let hit = at(here.0, here.1);
                if hit != Hit::Nothing {
                    *ray = Ray { hit, steps: k as u8 };
                    break;
                }
                last = here;
            }
        }
    }
}
// ANCHOR_END: cast

/// One stride of a ray as [`trace`] keeps it: where it landed, the cell that is, and whether
/// that cell was asked about (a stride landing on the cell the last one asked is not).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Stride {
    /// Where it landed, in cells.
    pub at: (f64, f64),
    /// The cell it landed in.
    pub cell: (i64, i64),
    /// Whether the view was asked about that cell at this stride.
    pub asked: bool,
}

/// Casts a fan as the plain cast does, keeping every stride of every ray: what the book's
/// pictures of one fan draw. The rays it ends with are the cast's own (a test holds it to that).
pub fn trace(eye: Eye, at: impl Fn(i64, i64) -> Hit) -> Vec<(Ray, Vec<Stride>)> {
    let (ch, sh) = eye.facing;
    let offsets: &[(f64, f64); FAN] = &OFFSETS;
    let mut fan = Vec::with_capacity(FAN);
    for &(co, so) in offsets {
        let dx = (ch * co - sh * so) * STRIDE;
        let dy = (sh * co + ch * so) * STRIDE;
        let (mut ray, mut strides) = (Ray::BLANK, Vec::new());
        let mut last = (i64::MIN, i64::MIN);
        for k in 1..=STEPS {
            let place = (eye.x + dx * k as f64, eye.y + dy * k as f64);
            let here = (column(place.0), column(place.1));
            let asked = here != last;
            strides.push(Stride { at: place, cell: here, asked });
            if asked {
                let hit = at(here.0, here.1);
                if hit != Hit::Nothing {
                    ray = Ray { hit, steps: k as u8 };
                    break;
                }
                last = here;
            }
        }
        fan.push((ray, strides));
    }
    fan
}

// ANCHOR: sight
/// Whether any of `cells` lies near enough to `eye` that some ray of its fan may have touched
/// it. Rays end SIGHT cells out; two more cells of margin cover flooring at the eye and at the
/// ray's end.
pub fn within_sight(eye: Eye, cells: &[(i64, i64)]) -> bool {
    let (cx, cy) = (floor(eye.x), floor(eye.y));
    cells.iter().any(|&(x, y)| (x - cx).abs() <= WATCHED && (y - cy).abs() <= WATCHED)
}
// ANCHOR_END: sight

/// How many cells across or down from its eye's cell a fan may touch: the sight and two cells
/// of margin, as [`within_sight`] reads it.
pub const WATCHED: i64 = crate::beast::kind::SIGHT as i64 + 2;

// ANCHOR: column
/// The cell coordinate a ray's position falls in, as far as a ray needs it: the floor for
/// anything at or past zero, and -1 for anything before it. Every negative coordinate is off
/// the grid, where the answer is rock and the ray stops, so which negative it was never
/// matters, and skipping the floor's correction for negatives is most of its cost.
#[inline]
pub(super) fn column(v: f64) -> i64 {
    if v < 0.0 { -1 } else { v as i64 }
}
// ANCHOR_END: column

#[cfg(test)]
mod tests {
    use super::*;
    use crate::base::Stream;
    use crate::base::streams::FAN_SCENES;
    use crate::beast::creature::facing;
    use crate::beast::look::view::{Hashed, View, every, random_scene};

    /// An eye at (x, y) facing `heading`.
    fn eye(x: f64, y: f64, heading: f64) -> Eye {
        Eye { x, y, facing: facing(heading) }
    }

    #[test]
    fn every_cast_meets_what_the_plain_one_meets_on_every_view() {
        for seed in 0..8u64 {
            let mut s = Stream::new(seed, FAN_SCENES);
            let (hab, cells, gone) = random_scene(&mut s, seed, 2, (40, 30), 3);
            let (c, r) = (hab.ground.cols, hab.ground.rows);
            let mut plain = Hashed::default();
            plain.refill(&hab, &cells);
            let mut views = every();
            for v in &mut views {
                v.refill(&hab, &cells);
            }
            for _ in 0..400 {
                // Eyes anywhere on the grid, a third of them hard against an edge.
                let mut x = s.between(0.0, c as f64);
                let mut y = s.between(0.0, r as f64);
                if s.chance(0.33) {
                    let edge = [0.0, c as f64 - 1e-9, 1e-12, c as f64 - 0.5];
                    x = edge[s.index(4)];
                    y = [0.0, r as f64 - 1e-9, 0.25, y][s.index(4)];
                }
                let e = eye(x, y, s.between(-10.0, 10.0));
                let me = s.index(cells.len()) as u32;
                let mut want = BLANK_FAN;
                View::cast(&plain, &hab.ground, e, me, &gone, &mut want, Cast::Strides);
                for v in &views {
                    for how in [Cast::Quick, Cast::Strides, Cast::Floored] {
                        let mut got = BLANK_FAN;
                        v.cast(&hab.ground, e, me, &gone, &mut got, how);
                        assert_eq!(got, want, "seed {seed} eye {e:?} view {v:?} {how:?}");
                    }
                }
            }
        }
    }

    #[test]
    fn a_traced_fan_ends_as_the_cast_fan_does() {
        for seed in 0..4u64 {
            let mut s = Stream::new(seed, FAN_SCENES);
            let (hab, cells, gone) = random_scene(&mut s, seed, 2, (40, 30), 3);
            let mut view = Hashed::default();
            view.refill(&hab, &cells);
            for _ in 0..200 {
                let e = eye(s.between(0.0, 40.0), s.between(0.0, 30.0), s.between(-10.0, 10.0));
                let me = s.index(cells.len()) as u32;
                let mut want = BLANK_FAN;
                View::cast(&view, &hab.ground, e, me, &gone, &mut want, Cast::Strides);
                let got = trace(e, |x, y| view.at(&hab.ground, x, y, me, &gone));
                for (r, (ray, strides)) in got.iter().enumerate() {
                    assert_eq!(*ray, want[r], "seed {seed} eye {e:?} ray {r}");
                    let n = if ray.steps == 0 { STEPS } else { ray.steps as usize };
                    assert_eq!(strides.len(), n);
                }
            }
        }
    }
}
