//! A creature's eyes: nine rays spread over 120 degrees, each walking out in quarter-cell
//! strides until it meets something or reaches the sight cap.

use std::sync::LazyLock;

use super::kind::{FAN, RAY_GAP, STEPS, STRIDE};
use super::view::{Hit, Look, View};
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

/// Where the eye is and which way it faces, taken when the phase opens.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Eye {
    pub x: f64,
    pub y: f64,
    pub heading: f64,
}

/// The cosine and sine of each ray's angle off the heading, worked out once.
static OFFSETS: LazyLock<[(f64, f64); FAN]> = LazyLock::new(|| {
    std::array::from_fn(|r| {
        let a = (r as f64 - (FAN / 2) as f64) * RAY_GAP;
        (libm::cos(a), libm::sin(a))
    })
});

// ANCHOR: cast
/// Casts a fan from `eye` against the view, leaving out creature `me` and anyone marked gone.
/// Returns the strides taken over all nine rays. Writes only into `fan`.
pub fn cast(view: &View, ground: &Valley, eye: Eye, me: u32, gone: &[bool], fan: &mut Fan) -> u32 {
    match view {
        View::Flat(f) => cast_on(f, ground, eye, me, gone, fan),
        View::Hashed(h) => cast_on(h, ground, eye, me, gone, fan),
    }
}

fn cast_on<V: Look>(
    view: &V,
    ground: &Valley,
    eye: Eye,
    me: u32,
    gone: &[bool],
    fan: &mut Fan,
) -> u32 {
    let (ch, sh) = (libm::cos(eye.heading), libm::sin(eye.heading));
    let mut total = 0;
    let offsets: &[(f64, f64); FAN] = &OFFSETS;
    for (ray, &(co, so)) in fan.iter_mut().zip(offsets) {
        // The heading turned by the ray's offset, one stride long.
        let dx = (ch * co - sh * so) * STRIDE;
        let dy = (sh * co + ch * so) * STRIDE;
        *ray = Ray::BLANK;
        // A stride that lands in the cell the last one asked about would get the same
        // answer, so only a new cell is asked; the stride still counts.
        let mut last = (i64::MIN, i64::MIN);
        let mut k = 1;
        while k <= STEPS {
            let cell = (column(eye.x + dx * k as f64), column(eye.y + dy * k as f64));
            if cell != last {
                let hit = view.at(ground, cell.0, cell.1, me, gone);
                if hit != Hit::Nothing {
                    *ray = Ray { hit, steps: k as u8 };
                    break;
                }
                last = cell;
            }
            k += 1;
        }
        total += k.min(STEPS) as u32;
    }
    total
}
// ANCHOR_END: cast

/// Whether any of `cells` lies near enough to `eye` that some ray of its fan may have touched
/// it. Rays end SIGHT cells out; two more cells of margin cover flooring at the eye and at the
/// ray's end.
pub fn within_sight(eye: Eye, cells: &[(i64, i64)]) -> bool {
    let reach = super::kind::SIGHT as i64 + 2;
    let (cx, cy) = (floor(eye.x), floor(eye.y));
    cells.iter().any(|&(x, y)| (x - cx).abs() <= reach && (y - cy).abs() <= reach)
}

/// The cell coordinate a ray's position falls in, as far as a ray needs it: the floor for
/// anything at or past zero, and -1 for anything before it. Every negative coordinate is off
/// the grid, where the answer is rock and the ray stops, so which negative it was never
/// matters, and skipping the floor's correction for negatives is most of its cost.
#[inline]
fn column(v: f64) -> i64 {
    if v < 0.0 { -1 } else { v as i64 }
}

/// The whole number at or below `v`, for the cell a place falls in. Exact for every place a
/// valley can hold, and a cast and a compare where `libm::floor` is a call.
#[inline]
pub fn floor(v: f64) -> i64 {
    let t = v as i64;
    if (t as f64) > v { t - 1 } else { t }
}

#[cfg(test)]
mod tests {
    #[test]
    fn floor_agrees_with_libm() {
        for v in [-1.5, -1.0, -0.25, -0.0, 0.0, 0.3, 1.0, 1.999_999_999, 149.75, -1e-300] {
            assert_eq!(super::floor(v), libm::floor(v) as i64, "{v}");
        }
    }
}
