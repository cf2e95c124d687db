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
    let (now, was) = (Design::default(), Design { lagging: true });
    let (mut a, mut b) = (start(), start());
    (0..ticks).map(move |_| {
        a.push(tether(&a));
        b.push(tether(&b));
        now.step(&mut a);
        was.step(&mut b);
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
        "started 48.000 px out; the furthest each got in {ticks} ticks: {far_a:.3} and {far_b:.3}"
    )?;
    if let Some(path) = picture {
        draw(ticks, path)?;
        writeln!(out, "wrote {}", path.display())?;
    }
    Ok(())
}

/// Offset from the middle (up the page is right of the middle) against time, one column a
/// tick, velocity-first in blue and lagging in red, each tick joined to the one before; grey
/// lines mark the middle and the starting 48 px either side. The red line leaves the picture.
fn draw(ticks: u32, path: &Path) -> anyhow::Result<()> {
    const HALF: i64 = 100;
    let mut f = Frame::new(ticks as usize, 2 * HALF as usize + 1);
    for x in 0..ticks as i64 {
        for y in [HALF - 48, HALF, HALF + 48] {
            f.set(x, y, GREY);
        }
    }
    let row = |b: &Body| HALF - libm::round(b.pos.x - MIDDLE.x).clamp(-1e6, 1e6) as i64;
    let mut last = (row(&start()), row(&start()));
    for (i, (a, b)) in swings(ticks).enumerate() {
        let now = (row(&a), row(&b));
        let x = i as i64;
        f.rect(x, now.1.min(last.1), 1, (now.1 - last.1).abs() + 1, RED);
        f.rect(x, now.0.min(last.0), 1, (now.0 - last.0).abs() + 1, BLUE);
        last = now;
    }
    f.save_png(path, 2)?;
    Ok(())
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
}
