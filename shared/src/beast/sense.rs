//! The sensor row: the 24 numbers a brain reads.
//!
//! Entries 0 to 17 are the fan, two a ray, left to right: what it met (as `Hit::code`) and how
//! near (1 at the eye, falling to 0 at the sight cap, 0 for nothing met). Then the food
//! gradient from the grams standing on the four cells around, read live (east minus west,
//! south minus north), the grams on the creature's own cell, its store, and its heading as a
//! cosine and a sine.

use super::fan::Fan;
use super::habitat::PLANT_CAP;
use super::kind::{INPUTS, STEPS, STORE};

// ANCHOR: row
/// Fills `row` for a creature at cell (x, y) with this fan, store and heading; `mass` is the
/// grams standing on a cell.
pub fn read(
    row: &mut [f64; INPUTS],
    fan: &Fan,
    mass: impl Fn(i64, i64) -> f64,
    (x, y): (i64, i64),
    store: f64,
    heading: f64,
) {
    for (r, ray) in fan.iter().enumerate() {
        row[2 * r] = ray.hit.code();
        row[2 * r + 1] =
            if ray.steps == 0 { 0.0 } else { 1.0 - f64::from(ray.steps - 1) / STEPS as f64 };
    }
    let m = |dx: i64, dy: i64| mass(x + dx, y + dy) / PLANT_CAP;
    row[18] = m(1, 0) - m(-1, 0);
    row[19] = m(0, 1) - m(0, -1);
    row[20] = m(0, 0);
    row[21] = store / STORE;
    row[22] = libm::cos(heading);
    row[23] = libm::sin(heading);
}
// ANCHOR_END: row
