//! The charts of the counts and the times: every design's figure against the crowd size, on
//! logarithmic scales both ways.

use world::pictures::chart::{Axis, Chart, Corner, Line};
use world::pictures::palette::{BLUE, RED, Rgb};

use crate::scene::SIZES;

/// Everybody's figure and the buckets' for each crowd size, on logarithmic scales both ways:
/// on such scales a figure that grows with the square of the crowd climbs twice as steeply as
/// one that grows with the crowd. `y` says what the figures are and which decades they span.
pub fn log_chart(title: &str, y: Axis, rows: &[(f64, f64)]) -> Chart {
    let every = rows.iter().map(|r| r.0).collect();
    let grid = rows.iter().map(|r| r.1).collect();
    log_lines(title, y, vec![("everybody", RED, every), ("buckets", BLUE, grid)])
}

/// Any designs' figures for each crowd size, each a named line in its colour, on the same
/// scales as [`log_chart`].
pub fn log_lines(title: &str, y: Axis, figures: Vec<(&str, Rgb, Vec<f64>)>) -> Chart {
    let sizes: Vec<f64> = SIZES.iter().map(|&n| n as f64).collect();
    let line = |(name, colour, figures): (&str, Rgb, Vec<f64>)| Line {
        name: name.into(),
        colour,
        points: sizes.iter().copied().zip(figures).collect(),
        dots: true,
    };
    Chart {
        title: title.into(),
        x: Axis::marked("walkers, two to a cell (log scale)", &sizes, true),
        y,
        lines: figures.into_iter().map(line).collect(),
        rules: Vec::new(),
        key: Corner::UpperLeft,
    }
}
