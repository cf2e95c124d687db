//! The timeline `orders --picture` draws: both orders of a step over the first few ticks, a
//! velocity and a position a tick, with an arrow from the velocity that moved each position.

use world::pictures::palette::{BLUE, GREY, INK, RED, Rgb};
use world::pictures::sketch::{Align, Sketch};

/// The most ticks the timeline has room for in the book's column.
pub const MOST_DRAWN: usize = 8;

/// One order's run: its name, how it steps, and the velocity's and position's y at every tick
/// from the start.
pub struct Lane {
    pub name: &'static str,
    pub how: &'static str,
    pub vel: Vec<f64>,
    pub pos: Vec<f64>,
    /// How many ticks back the velocity that moves a position is: 0 for `step`, 1 for
    /// `step_lagging`.
    pub late: usize,
}

/// Pale blue for a velocity's box, pale red for a position's.
const VEL: Rgb = [220, 228, 250];
const POS: Rgb = [250, 225, 220];

/// The two lanes, one above the other, a column a tick.
pub fn draw(lanes: &[Lane; 2]) -> Sketch {
    let ticks = lanes[0].pos.len().min(MOST_DRAWN + 1);
    let (left, col) = (150.0, ((740.0 - 150.0) / ticks as f64).min(90.0));
    let (bw, bh) = (col - 16.0, 24.0);
    let mut s = Sketch::new(760.0, 140.0 + 150.0 * lanes.len() as f64);
    let title = format!("One fall under each order of a step, ticks 0 to {}", ticks - 1);
    s.text((20.0, 24.0), 15.0, Align::Start, INK, &title);
    for t in 0..ticks {
        let x = left + col * t as f64 + bw / 2.0;
        s.text((x, 52.0), 11.0, Align::Middle, INK, &format!("tick {t}"));
    }
    for (k, lane) in lanes.iter().enumerate() {
        let top = 70.0 + 150.0 * k as f64;
        s.text((20.0, top + 14.0), 13.0, Align::Start, INK, lane.name);
        s.text((20.0, top + 30.0), 10.0, Align::Start, INK, lane.how);
        s.text((20.0, top + 64.0), 10.0, Align::Start, INK, "falling at (velocity's y)");
        s.text((20.0, top + 124.0), 10.0, Align::Start, INK, "height (position's y)");
        let (vy, py) = (top + 46.0, top + 106.0);
        for t in 0..ticks {
            let x = left + col * t as f64;
            // One box of the lane: its fill, and the number it holds.
            let mut cell = |y: f64, fill, value: f64| {
                s.rect(x, y, bw, bh, Some(fill), Some(INK));
                let at = (x + bw / 2.0, y + 16.0);
                s.text(at, 11.0, Align::Middle, INK, &format!("{value:.3}"));
            };
            cell(vy, VEL, lane.vel[t]);
            cell(py, POS, lane.pos[t]);
            // The velocity that moved this position there, `late` ticks back.
            if t >= 1 {
                let from = (left + col * (t - lane.late) as f64 + bw / 2.0, vy + bh);
                let to = (x + bw / 2.0, py);
                arrow(&mut s, from, to, if lane.late == 0 { BLUE } else { RED });
            }
        }
    }
    let foot_y = 100.0 + 150.0 * lanes.len() as f64;
    s.line((20.0, foot_y - 12.0), (740.0, foot_y - 12.0), GREY, 1.0, false);
    s.text(
        (20.0, foot_y + 4.0),
        11.0,
        Align::Start,
        INK,
        "an arrow runs from the velocity that moved a position to that position; y grows downward, in px",
    );
    s
}

/// A line with a head at its end.
fn arrow(s: &mut Sketch, from: (f64, f64), to: (f64, f64), colour: Rgb) {
    s.line(from, to, colour, 1.5, false);
    let (dx, dy) = (to.0 - from.0, to.1 - from.1);
    let len = (dx * dx + dy * dy).sqrt().max(1.0);
    let (ux, uy) = (dx / len, dy / len);
    for side in [-1.0, 1.0] {
        let back = (to.0 - ux * 7.0 - side * uy * 4.0, to.1 - uy * 7.0 + side * ux * 4.0);
        s.line(back, to, colour, 1.5, false);
    }
}
