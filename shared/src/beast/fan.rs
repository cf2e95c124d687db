//! A creature's eyes: nine rays spread over 120 degrees, each walking out in quarter-cell
//! strides until it meets something or reaches the sight cap.

use std::sync::LazyLock;

use super::creature::{Eye, floor};
use super::kind::{FAN, RAY_GAP, STEPS, STRIDE};
use super::view::{Flat, Hit, Look, View};
use crate::terra::Valley;

/// What one ray met, and after how many strides (0 when it met nothing).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Ray {
    pub hit: Hit,
    pub steps: u8,
}

impl Ray {
    pub const BLANK: Ray = Ray { hit: Hit::Nothing, steps: 0 };
}

/// One creature's nine rays, left to right.
pub type Fan = [Ray; FAN];
pub const BLANK_FAN: Fan = [Ray::BLANK; FAN];

/// The cosine and sine of each ray's angle off the heading, worked out once.
static OFFSETS: LazyLock<[(f64, f64); FAN]> = LazyLock::new(|| {
    std::array::from_fn(|r| {
        let a = (r as f64 - (FAN / 2) as f64) * RAY_GAP;
        (libm::cos(a), libm::sin(a))
    })
});

/// Casts a fan from `eye` against the view, leaving out creature `me` and anyone marked gone,
/// and writes only into `fan`: on flat rows from an eye on the grid by the quick cast, and
/// anywhere else stride by stride.
pub fn cast(view: &View, ground: &Valley, eye: Eye, me: u32, gone: &[bool], fan: &mut Fan) {
    match view {
        View::Flat(f) if f.holds(eye.x, eye.y) => cast_quick(f, eye, me, gone, fan),
        _ => cast_strides(view, ground, eye, me, gone, fan),
    }
}

/// The cast stride by stride on any view, as flat rows were cast before the quick cast
/// (`--strides`).
pub fn cast_strides(view: &View, ground: &Valley, eye: Eye, me: u32, gone: &[bool], fan: &mut Fan) {
    match view {
        View::Flat(f) => cast_on(f, ground, eye, me, gone, fan, column),
        View::Unringed(u) => cast_on(u, ground, eye, me, gone, fan, column),
        View::Hashed(h) => cast_on(h, ground, eye, me, gone, fan, column),
    }
}

/// The cast stride by stride with each stride's cell found by the whole floor, as it was
/// before `column` (`--floor`).
pub fn cast_floored(view: &View, ground: &Valley, eye: Eye, me: u32, gone: &[bool], fan: &mut Fan) {
    match view {
        View::Flat(f) => cast_on(f, ground, eye, me, gone, fan, floor),
        View::Unringed(u) => cast_on(u, ground, eye, me, gone, fan, floor),
        View::Hashed(h) => cast_on(h, ground, eye, me, gone, fan, floor),
    }
}

// ANCHOR: cast
/// Casts a fan stride by stride: each ray walks out from the eye a quarter cell at a time and
/// asks the view about the cell it lands in, `cell` turning a place into a cell coordinate.
fn cast_on<V: Look>(
    view: &V,
    ground: &Valley,
    eye: Eye,
    me: u32,
    gone: &[bool],
    fan: &mut Fan,
    cell: impl Fn(f64) -> i64,
) {
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
            let at = (cell(eye.x + dx * k as f64), cell(eye.y + dy * k as f64));
            if at != last {
                let hit = view.at(ground, at.0, at.1, me, gone);
                if hit != Hit::Nothing {
                    *ray = Ray { hit, steps: k as u8 };
                    break;
                }
                last = at;
            }
        }
    }
}
// ANCHOR_END: cast

// ANCHOR: quick
/// The same cast on flat rows, for an eye on the grid: the same strides to the same places,
/// the same cells asked in the same order, the same rays. What leaves the stride loop is the
/// work of turning a place into a cell. A stride moves less than a cell, so the cell it lands
/// in is the last one asked about or its neighbour, and comparing the place with the last
/// cell's edges tells which: the cell and its place in the rows step by one, with no whole
/// number worked out and no bounds checked. The flat rows are ringed with rock, and a ray
/// that reaches the ring stops there.
fn cast_quick(view: &Flat, eye: Eye, me: u32, gone: &[bool], fan: &mut Fan) {
    let (ch, sh) = eye.facing;
    let (ex, ey) = (column(eye.x), column(eye.y));
    let home = view.ringed(ex, ey);
    let down = view.ringed(ex, ey + 1) - home;
    let offsets: &[(f64, f64); FAN] = &OFFSETS;
    for (ray, &(co, so)) in fan.iter_mut().zip(offsets) {
        let dx = (ch * co - sh * so) * STRIDE;
        let dy = (sh * co + ch * so) * STRIDE;
        *ray = Ray::BLANK;
        // The cell the eye is in, or the one the last stride asked about: where it sits in
        // the rows, and its left and top edges (whole numbers, so exact as f64).
        let mut at = home;
        let (mut left, mut top) = (ex as f64, ey as f64);
        // The first stride asks even if it is still in the eye's cell.
        let mut ask = true;
        let mut k = 1;
        // ANCHOR_END: quick
        // ANCHOR: stride
        while k <= STEPS {
            let (x, y) = (eye.x + dx * k as f64, eye.y + dy * k as f64);
            if x < left {
                (left, at, ask) = (left - 1.0, at - 1, true);
            } else if x >= left + 1.0 {
                (left, at, ask) = (left + 1.0, at + 1, true);
            }
            if y < top {
                (top, at, ask) = (top - 1.0, at - down, true);
            } else if y >= top + 1.0 {
                (top, at, ask) = (top + 1.0, at + down, true);
            }
            if ask {
                let hit = view.at_slot(at, me, gone);
                if hit != Hit::Nothing {
                    *ray = Ray { hit, steps: k as u8 };
                    break;
                }
                ask = false;
            }
            k += 1;
        }
        // ANCHOR_END: stride
    }
}

// ANCHOR: sight
/// Whether any of `cells` lies near enough to `eye` that some ray of its fan may have touched
/// it. Rays end SIGHT cells out; two more cells of margin cover flooring at the eye and at the
/// ray's end.
pub fn within_sight(eye: Eye, cells: &[(i64, i64)]) -> bool {
    let reach = super::kind::SIGHT as i64 + 2;
    let (cx, cy) = (floor(eye.x), floor(eye.y));
    cells.iter().any(|&(x, y)| (x - cx).abs() <= reach && (y - cy).abs() <= reach)
}
// ANCHOR_END: sight

// ANCHOR: column
/// The cell coordinate a ray's position falls in, as far as a ray needs it: the floor for
/// anything at or past zero, and -1 for anything before it. Every negative coordinate is off
/// the grid, where the answer is rock and the ray stops, so which negative it was never
/// matters, and skipping the floor's correction for negatives is most of its cost.
#[inline]
fn column(v: f64) -> i64 {
    if v < 0.0 { -1 } else { v as i64 }
}
// ANCHOR_END: column

#[cfg(test)]
mod tests {
    use super::*;
    use crate::beast::creature::facing;
    use crate::beast::view::{Build, random_scene};
    use crate::rng::Stream;

    /// An eye at (x, y) facing `heading`.
    fn eye(x: f64, y: f64, heading: f64) -> Eye {
        Eye { x, y, facing: facing(heading) }
    }

    #[test]
    fn every_cast_meets_what_the_plain_one_meets_on_every_view() {
        for seed in 0..8u64 {
            let mut s = Stream::new(seed, 98);
            let (hab, cells, gone) = random_scene(&mut s, seed, 2, (40, 30), 3);
            let (c, r) = (hab.ground.cols, hab.ground.rows);
            let views =
                [Build::Flat, Build::Unringed, Build::Hashed].map(|b| View::new(b, &hab, &cells));
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
                cast_strides(&views[2], &hab.ground, e, me, &gone, &mut want);
                for v in &views {
                    for how in [cast, cast_strides, cast_floored] {
                        let mut got = BLANK_FAN;
                        how(v, &hab.ground, e, me, &gone, &mut got);
                        assert_eq!(got, want, "seed {seed} eye {e:?} view {:?}", v.build());
                    }
                }
            }
        }
    }
}
