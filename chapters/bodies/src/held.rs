//! A tethered body under both orders: velocity first holds its swing, position first escapes.

use std::io::Write;
use std::path::Path;

use world::render::{BLUE, Frame, GREY, RED};
use world::{Body, Vec2};

use crate::designs::Design;

// ANCHOR: tether
/// The point the tether pulls toward: the middle of the 192 by 128 window.
pub const MIDDLE: Vec2 = Vec2::new(96.0, 64.0);

/// A spring to the window's centre: its strength grows in step with the body's distance from
/// `MIDDLE`, and it always points home.
pub fn tether(b: &Body) -> Vec2 {
    MIDDLE.sub(b.pos).scale(0.02)
}
// ANCHOR_END: tether

/// The held body starts 48 px right of the middle, at rest.
fn start() -> Body {
    Body::new(MIDDLE.add(Vec2::new(48.0, 0.0)), Vec2::ZERO)
}

/// Both tethered bodies, tick by tick: (velocity-first, lagging) after each step.
pub fn swings(ticks: u32) -> impl Iterator<Item = (Body, Body)> {
    // Every other switch left off, including any a reader adds (the course's challenges add
    // two), so the update stays even while it has nothing to fill in.
    #[allow(clippy::needless_update)]
    let (now, was) = (Design::default(), Design { lagging: true, ..Design::default() });
    let (mut a, mut b) = (start(), start());
    (0..ticks).map(move |_| {
        now.tick(&mut a, |a| a.push(tether(a)));
        was.tick(&mut b, |b| b.push(tether(b)));
        (a, b)
    })
}

pub fn run(out: &mut dyn Write, ticks: u32, picture: Option<&Path>) -> anyhow::Result<()> {
    let every = (ticks / 4).max(1);
    let (mut far_a, mut far_b) = (0.0f64, 0.0f64);
    writeln!(out, "      step: velocity, then position    step_lagging: position, then velocity")?;
    writeln!(out, "tick    from middle     speed             from middle     speed")?;
    for (i, (a, b)) in swings(ticks).enumerate() {
        let t = i as u32 + 1;
        let (da, db) = (a.pos.dist(MIDDLE), b.pos.dist(MIDDLE));
        far_a = far_a.max(da);
        far_b = far_b.max(db);
        if t.is_multiple_of(every) {
            writeln!(
                out,
                "{t:>4}  {da:>13.3}  {:>8.3}         {db:>13.3}  {:>8.3}",
                a.vel.len(),
                b.vel.len()
            )?;
        }
    }
    writeln!(out)?;
    writeln!(
        out,
        "started 48.000 px out; the furthest each got in {}: {far_a:.3} and {far_b:.3}",
        world::cli::count(ticks, "tick", "ticks")
    )?;
    if let Some(path) = picture {
        draw(ticks).save_png(path, 2)?;
        writeln!(out, "wrote {}", path.display())?;
    }
    Ok(())
}

/// The widest the picture gets, in columns (twice as many pixels on the page). Up to this many
/// ticks a column is one tick; a longer run is squeezed into this width, however long it is.
pub const MOST_COLUMNS: u32 = 2000;

/// Offset from the middle (up the page is right of the middle) against time, velocity-first in
/// blue and lagging in red, each tick joined to the one before; grey lines mark the middle and
/// the starting 48 px either side. The red line leaves the picture. A column holds one tick, or
/// for a run longer than [`MOST_COLUMNS`] ticks an equal stretch of them, drawn as the band
/// between the lowest and highest place each body reached in it.
fn draw(ticks: u32) -> Frame {
    squeezed(ticks, ticks.div_ceil(MOST_COLUMNS).max(1))
}

/// The picture of `ticks` ticks, `per` ticks to a column.
fn squeezed(ticks: u32, per: u32) -> Frame {
    const HALF: i64 = 100;
    let columns = ticks.div_ceil(per);
    let mut f = Frame::new(columns as usize, 2 * HALF as usize + 1);
    for x in 0..i64::from(columns) {
        for y in [HALF - 48, HALF, HALF + 48] {
            f.set(x, y, GREY);
        }
    }
    let row = |b: &Body| HALF - libm::round(b.pos.x - MIDDLE.x).clamp(-1e6, 1e6) as i64;
    let mut last = (row(&start()), row(&start()));
    // Each body's band in the column being drawn: (top, bottom), starting at the last row.
    let mut band = ((last.0, last.0), (last.1, last.1));
    let widen = |(top, bottom): (i64, i64), y: i64| (top.min(y), bottom.max(y));
    for (i, (a, b)) in swings(ticks).enumerate() {
        let now = (row(&a), row(&b));
        band = (widen(band.0, now.0), widen(band.1, now.1));
        last = now;
        let t = i as u32 + 1;
        if t.is_multiple_of(per) || t == ticks {
            let x = i64::from(i as u32 / per);
            for ((top, bottom), colour) in [(band.1, RED), (band.0, BLUE)] {
                f.rect(x, top, 1, bottom - top + 1, colour);
            }
            band = ((last.0, last.0), (last.1, last.1));
        }
    }
    f
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn velocity_first_holds_and_lagging_escapes() {
        let (mut far_a, mut far_b) = (0.0f64, 0.0f64);
        for (a, b) in swings(400) {
            far_a = far_a.max(a.pos.dist(MIDDLE));
            far_b = far_b.max(b.pos.dist(MIDDLE));
        }
        assert!(far_a < 48.2, "velocity first reached {far_a}");
        assert!(far_b > 2000.0, "lagging only reached {far_b}");
    }

    #[test]
    fn a_long_run_is_squeezed_into_the_widest_picture() {
        assert_eq!(draw(400).w, 400);
        assert_eq!(draw(2000).w, 2000);
        assert_eq!(draw(2001).w, 1001, "two ticks a column");
        assert_eq!(draw(1_000_000).w, 2000);
        // A squeezed column is blue wherever either of the two one-tick columns it stands for
        // is blue: the band joins them, and nothing is lost or added.
        let (one, two) = (squeezed(600, 1), squeezed(600, 2));
        assert_eq!((one.w, two.w, one.h), (600, 300, 201));
        for x in 0..300 {
            for y in 0..201 {
                let blue = |f: &Frame, x: usize| f.get(x, y) == BLUE;
                assert_eq!(blue(&two, x), blue(&one, 2 * x) || blue(&one, 2 * x + 1), "({x}, {y})");
            }
        }
    }
}
