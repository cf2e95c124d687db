//! The two timing charts: milliseconds a tick by crew, and milliseconds a tick against the
//! size of the crowd. There is no font, so a chart carries no words: axes, grey rules at round
//! values, short ticks under the points, and coloured lines that the book's text names.

use std::path::Path;

use anyhow::Context;
use world::render::{BLUE, Frame, GREY, INK, RED, Rgb};

/// The chart's size in pixels before the zoom, and the zoom it is saved at.
const W: i64 = 240;
const H: i64 = 150;
const ZOOM: usize = 3;
/// Where the plotting area sits inside the frame.
const LEFT: i64 = 14;
const RIGHT: i64 = W - 10;
const TOP: i64 = 10;
const BOTTOM: i64 = H - 14;

/// An orange for a second rule, told apart from the red one.
pub const ORANGE: Rgb = [230, 140, 20];

/// One line of points, in chart units, and its colour.
pub struct Series {
    pub points: Vec<(f64, f64)>,
    pub colour: Rgb,
}

/// A chart from 0 to `x_max` across and 0 to `y_max` up, with a grey rule every `y_rule`
/// units up, a tick under the axis at each of `x_ticks`, a level rule across the whole width
/// for each of `levels`, and the series drawn over them.
pub struct Chart {
    pub x_max: f64,
    pub y_max: f64,
    pub y_rule: f64,
    pub x_ticks: Vec<f64>,
    pub levels: Vec<(f64, Rgb)>,
    pub series: Vec<Series>,
}

impl Chart {
    fn at(&self, (x, y): (f64, f64)) -> (i64, i64) {
        let px = LEFT + (x / self.x_max * (RIGHT - LEFT) as f64).round() as i64;
        let py = BOTTOM - (y / self.y_max * (BOTTOM - TOP) as f64).round() as i64;
        (px, py)
    }

    pub fn draw(&self) -> Frame {
        let mut f = Frame::new(W as usize, H as usize);
        let mut v = self.y_rule;
        while v <= self.y_max + 1e-9 {
            let (_, y) = self.at((0.0, v));
            f.line((LEFT, y), (RIGHT, y), GREY);
            v += self.y_rule;
        }
        for &(level, colour) in &self.levels {
            let (_, y) = self.at((0.0, level));
            f.line((LEFT, y), (RIGHT, y), colour);
            f.line((LEFT, y + 1), (RIGHT, y + 1), colour);
        }
        f.line((LEFT, TOP), (LEFT, BOTTOM), INK);
        f.line((LEFT, BOTTOM), (RIGHT, BOTTOM), INK);
        for &t in &self.x_ticks {
            let (x, _) = self.at((t, 0.0));
            f.line((x, BOTTOM), (x, BOTTOM + 4), INK);
        }
        let mut v = self.y_rule;
        while v <= self.y_max + 1e-9 {
            let (_, y) = self.at((0.0, v));
            f.line((LEFT - 4, y), (LEFT, y), INK);
            v += self.y_rule;
        }
        for s in &self.series {
            let pts: Vec<(i64, i64)> = s.points.iter().map(|&p| self.at(p)).collect();
            // Two pixels thick, so the line reads as well as the rules behind it.
            for pair in pts.windows(2) {
                let ((x0, y0), (x1, y1)) = (pair[0], pair[1]);
                f.line((x0, y0), (x1, y1), s.colour);
                f.line((x0, y0 + 1), (x1, y1 + 1), s.colour);
            }
            for &(x, y) in &pts {
                f.rect(x - 1, y - 1, 3, 3, s.colour);
            }
        }
        f
    }

    /// Draws the chart into `path`.
    pub fn save(&self, path: &Path) -> anyhow::Result<()> {
        self.draw().save_png(path, ZOOM).context("the chart")?;
        Ok(())
    }
}

/// The smallest multiple of `step` at or above `v`, and at least one step.
pub fn round_up(v: f64, step: f64) -> f64 {
    ((v / step).ceil() * step).max(step)
}

/// The colours of the crew chart's two lines.
pub const KEPT: Rgb = BLUE;
pub const MADE: Rgb = RED;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn points_land_inside_the_frame_and_lines_are_drawn() {
        let c = Chart {
            x_max: 4.0,
            y_max: 10.0,
            y_rule: 2.0,
            x_ticks: vec![1.0, 2.0, 3.0],
            levels: vec![(5.0, RED)],
            series: vec![Series { points: vec![(1.0, 1.0), (3.0, 9.0)], colour: BLUE }],
        };
        let f = c.draw();
        let (x, y) = c.at((3.0, 9.0));
        assert!(x > LEFT && x < RIGHT && y > TOP && y < BOTTOM);
        assert_eq!(f.get(x as usize, y as usize), BLUE);
        let (_, level) = c.at((0.0, 5.0));
        assert_eq!(f.get((LEFT + 2) as usize, level as usize), RED);
        assert_eq!(round_up(23.4, 10.0), 30.0);
        assert_eq!(round_up(0.0, 10.0), 10.0);
    }
}
