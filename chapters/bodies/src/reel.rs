//! The tethered body filmed under both orders side by side: velocity first swinging in place on
//! the left, position first swinging wider each time on the right until it leaves.

use world::Body;
use world::pictures::Frame;
use world::pictures::film::Film;
use world::pictures::frame::{VIEW_H, VIEW_W};
use world::pictures::palette::{BLUE, GREY, INK, PAPER, RED, Rgb};

use crate::pushes::MIDDLE;

/// Screen pixels to a world pixel.
const ZOOM: i64 = 2;
const PANEL_W: i64 = VIEW_W as i64 * ZOOM;
const PANEL_H: i64 = VIEW_H as i64 * ZOOM;
const MARGIN: i64 = 8;
const GAP: i64 = 16;
const TOP: i64 = 26;
const BOTTOM: i64 = 26;
const WIDE: i64 = 2 * MARGIN + 2 * PANEL_W + GAP;
const HIGH: i64 = TOP + PANEL_H + BOTTOM;

/// The window's floor, a shade darker than the page, and the tether's grey.
const FLOOR: Rgb = [238, 234, 220];
const TETHER: Rgb = [150, 150, 150];

/// Every colour a frame uses.
const PALETTE: [Rgb; 7] = [PAPER, INK, BLUE, RED, GREY, FLOOR, TETHER];

/// Hundredths of a second a tick is shown for, and the last frame before the film loops.
const TICK: u16 = 3;
const HOLD: u16 = 200;

/// One frame a tick from the start (tick 0, both bodies at `start`) to `ticks`, the bodies
/// after each tick coming from `swings`: velocity first, then lagging.
pub fn shoot(
    ticks: u32,
    start: Body,
    swings: impl Iterator<Item = (Body, Body)>,
) -> anyhow::Result<Film> {
    let mut film = Film::new(WIDE as usize, HIGH as usize, ticks + 1, &PALETTE)?;
    let (mut a, mut b) = (Swing::new(start), Swing::new(start));
    film.add(frame(0, ticks, &a, &b), if ticks == 0 { HOLD } else { TICK })?;
    for (i, (now_a, now_b)) in swings.enumerate() {
        a.moved(now_a);
        b.moved(now_b);
        let t = i as u32 + 1;
        film.add(frame(t, ticks, &a, &b), if t == ticks { HOLD } else { TICK })?;
    }
    Ok(film)
}

/// A body and the furthest it has been to each side so far, in world x.
struct Swing {
    body: Body,
    least: f64,
    most: f64,
}

impl Swing {
    fn new(body: Body) -> Swing {
        Swing { body, least: body.pos.x, most: body.pos.x }
    }

    fn moved(&mut self, body: Body) {
        self.body = body;
        self.least = self.least.min(body.pos.x);
        self.most = self.most.max(body.pos.x);
    }
}

fn frame(t: u32, ticks: u32, first: &Swing, lagging: &Swing) -> Frame {
    let mut f = Frame::new(WIDE as usize, HIGH as usize);
    let left = MARGIN;
    let right = MARGIN + PANEL_W + GAP;
    panel(&mut f, left, "velocity first (step)", first, BLUE);
    panel(&mut f, right, "position first (step_lagging)", lagging, RED);
    f.text(MARGIN, TOP + PANEL_H + 6, &format!("tick {t} of {ticks}"), INK);
    let note = "grey: the middle and 48 px either side; bars: furthest yet";
    f.text(WIDE - MARGIN - 9 * note.len() as i64, TOP + PANEL_H + 6, note, INK);
    f
}

/// One body in its window, `x0` pixels from the frame's left: the window's floor, the middle
/// and the starting offset either side in grey, the tether from the middle to the body, and the
/// body, with a short bar at the furthest it has reached each way. A body beyond the window's
/// edge is shown as an arrow at the edge with its distance.
fn panel(f: &mut Frame, x0: i64, title: &str, s: &Swing, c: Rgb) {
    let b = s.body;
    f.text(x0, 6, title, INK);
    f.rect(x0, TOP, PANEL_W, PANEL_H, FLOOR);
    let column = |wx: f64| x0 + libm::round(wx * ZOOM as f64) as i64;
    for wx in [MIDDLE.x - 48.0, MIDDLE.x, MIDDLE.x + 48.0] {
        f.rect(column(wx), TOP, 1, PANEL_H, GREY);
    }
    let (mx, my) = (column(MIDDLE.x), TOP + libm::round(MIDDLE.y * ZOOM as f64) as i64);
    for far in [s.least, s.most] {
        let x = column(far);
        if (x0..x0 + PANEL_W).contains(&x) {
            f.rect(x - 1, my - 20, 3, 12, c);
        }
    }
    let out = b.pos.x - MIDDLE.x;
    // Far enough off the window, the body stands in for an arrow at the edge.
    let bx = column(b.pos.x.clamp(-10.0, VIEW_W as f64 + 10.0));
    let inside = (x0..x0 + PANEL_W).contains(&bx);
    let edge = bx.clamp(x0 + 8, x0 + PANEL_W - 9);
    f.line((mx, my), (edge, my), TETHER);
    if inside {
        f.disc(bx, my, 6, c);
    } else {
        let way = if out > 0.0 { 1 } else { -1 };
        for k in 0..8 {
            f.rect(edge - way * k, my - k, 1, 2 * k + 1, c);
        }
        let words = format!("{:.0} px out", out.abs());
        let wx = if way > 0 { x0 + PANEL_W - 14 - 9 * words.len() as i64 } else { x0 + 14 };
        f.text(wx, my + 14, &words, c);
    }
    // The window's outline, last, so nothing covers it.
    f.rect(x0, TOP, PANEL_W, 1, INK);
    f.rect(x0, TOP + PANEL_H - 1, PANEL_W, 1, INK);
    f.rect(x0, TOP, 1, PANEL_H, INK);
    f.rect(x0 + PANEL_W - 1, TOP, 1, PANEL_H, INK);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::design::Design;
    use crate::held::{start, swings};

    #[test]
    fn the_film_has_a_frame_a_tick_and_the_lagging_body_leaves_its_window() {
        let bytes = shoot(200, start(), swings(200, Design::default())).unwrap().finish().unwrap();
        assert_eq!(world::pictures::film::frames(&bytes), Ok(201));
        // By tick 200 the lagging body is 342 px out: an arrow at the right panel's edge.
        let (_, lagging) = swings(200, Design::default()).last().unwrap();
        let mut s = Swing::new(start());
        s.moved(lagging);
        let last = frame(200, 200, &Swing::new(start()), &s);
        let my = TOP + libm::round(MIDDLE.y * ZOOM as f64) as i64;
        let right = MARGIN + PANEL_W + GAP;
        let red: usize =
            (right..right + PANEL_W).filter(|&x| last.get(x as usize, my as usize) == RED).count();
        assert!(red > 0 && red < 10, "an arrow, not a body: {red} red pixels on the row");
    }
}
