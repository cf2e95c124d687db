//! The sensor row: the 24 numbers a brain reads.
//!
//! Entries 0 to 17 are the fan, two a ray, left to right: what it met (as `Hit::code`) and how
//! near (1 at the eye, falling to 0 at the sight cap, 0 for nothing met). Then the creature's
//! store and its heading as a cosine and a sine. Those 21 are settled when the phase opens.
//! The last three are read live: the food gradient from the grams standing on the four cells
//! around (east minus west, south minus north) and the grams on the creature's own cell.

use crate::beast::habitat::PLANT_CAP;
use crate::beast::kind::{FAN, INPUTS, SETTLED, STEPS, STORE};
use crate::beast::look::fan::Fan;

/// Where the store and the heading's cosine and sine sit in the row: right after the fan.
const STORE_AT: usize = 2 * FAN;
const COS_AT: usize = STORE_AT + 1;
const SIN_AT: usize = STORE_AT + 2;

// The layout, checked when the crate compiles: the fan fills entries 0 to 17, the store and
// the heading take 18 to 20 and end the settled part, and the three live entries end the row.
// Growing the fan or the row without moving these would fail here, not in a digest.
const _: () = assert!(STORE_AT == 18 && SIN_AT == 20);
const _: () = assert!(SIN_AT + 1 == SETTLED);
const _: () = assert!(SETTLED + 3 == INPUTS);

// ANCHOR: row
/// Fills the settled part of `row`: the fan, the store and the heading, given as its cosine
/// and sine.
pub fn read_own(row: &mut [f64; INPUTS], fan: &Fan, store: f64, (cos, sin): (f64, f64)) {
    for (r, ray) in fan.iter().enumerate() {
        row[2 * r] = ray.hit.code();
        row[2 * r + 1] =
            if ray.steps == 0 { 0.0 } else { 1.0 - f64::from(ray.steps - 1) / STEPS as f64 };
    }
    row[STORE_AT] = store / STORE;
    row[COS_AT] = cos;
    row[SIN_AT] = sin;
}

/// Fills the live part of `row` for a creature on cell (x, y); `mass` is the grams standing
/// on a cell now.
pub fn read_food(row: &mut [f64; INPUTS], mass: impl Fn(i64, i64) -> f64, (x, y): (i64, i64)) {
    let m = |dx: i64, dy: i64| mass(x + dx, y + dy) / PLANT_CAP;
    row[SETTLED] = m(1, 0) - m(-1, 0);
    row[SETTLED + 1] = m(0, 1) - m(0, -1);
    row[SETTLED + 2] = m(0, 0);
}

/// The whole row.
pub fn read(
    row: &mut [f64; INPUTS],
    fan: &Fan,
    mass: impl Fn(i64, i64) -> f64,
    cell: (i64, i64),
    store: f64,
    facing: (f64, f64),
) {
    read_own(row, fan, store, facing);
    read_food(row, mass, cell);
}
// ANCHOR_END: row
