//! Every chart in the book: a title, both axes numbered and named with their units, a key that
//! names every line and rule, drawn by `plotters` as SVG.
//!
//! SVG keeps the words as text, so the browser draws them sharp at any size and `git diff`
//! shows a changed label as a changed line. The layout is plain arithmetic: `plotters` is built
//! without a font library and guesses the width of a label from its length, and this module
//! hands it every tick itself and takes logarithms from `libm`. So a chart is the same bytes in
//! every build and on every machine, and the book check compares it to the byte.

use std::path::Path;

use plotters::drawing::DrawingAreaErrorKind;
use plotters::prelude::*;

use super::axis::Scale;
pub use super::axis::{Axis, Tick};
use super::clip::{clip, thin, within};
pub use super::numbers::{number, power_of_ten, round_up, step_for};
use super::palette::{INK, PAPER, Rgb};
use crate::shell::files::{self, OutError};

/// The chart's width in CSS pixels: the width of the book's text column.
pub const WIDTH: u32 = 760;
/// The chart's height in CSS pixels: room for the title, the plot and the numbers under it.
pub const HEIGHT: u32 = 460;

/// A line through measured or counted points, with its name for the key.
#[derive(Clone, Debug, PartialEq)]
pub struct Line {
    /// Its name in the key.
    pub name: String,
    /// Its colour, and its key's.
    pub colour: Rgb,
    /// The points it joins, in order, in the axes' own units.
    pub points: Vec<(f64, f64)>,
    /// Mark each point with a dot: for a few measured points, not for a curve of hundreds.
    pub dots: bool,
}

/// A level across the whole chart (a budget, a limit, a starting place), named in the key
/// (unless its name is empty, for a second rule that the first one's name covers).
#[derive(Clone, Debug, PartialEq)]
pub struct Rule {
    /// Its name in the key, or none.
    pub name: String,
    /// Its colour.
    pub colour: Rgb,
    /// The level, on the vertical axis.
    pub at: f64,
}

/// Which corner of the plotting area the key sits in.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Corner {
    /// Top left, for lines that climb to the right.
    UpperLeft,
    /// Top right, for lines that fall to the right.
    UpperRight,
    /// Bottom right, for lines that stay high.
    LowerRight,
}

/// A whole chart, ready to draw.
#[derive(Clone, Debug, PartialEq)]
pub struct Chart {
    /// The words over the chart.
    pub title: String,
    /// The axis across.
    pub x: Axis,
    /// The axis up.
    pub y: Axis,
    /// The lines, drawn in order.
    pub lines: Vec<Line>,
    /// The levels across the chart, drawn under the lines.
    pub rules: Vec<Rule>,
    /// Where the key sits.
    pub key: Corner,
}

fn colour(c: Rgb) -> RGBColor {
    RGBColor(c[0], c[1], c[2])
}

/// The grid behind the lines.
const GRID: Rgb = [222, 220, 212];

impl Chart {
    /// The chart as the text of an SVG file.
    pub fn svg(&self) -> String {
        let mut text = String::new();
        // Drawing into a string fails only on a chart that cannot exist (a zero size), so a
        // failure here is a bug in this module, not a bad input.
        self.draw(&mut text).expect("a chart of a fixed size draws into a string");
        text
    }

    /// Writes the chart to `path` as SVG, whole or not at all.
    pub fn save(&self, path: &Path) -> Result<(), OutError> {
        files::write(path, self.svg().as_bytes())
    }

    fn draw(&self, text: &mut String) -> Result<(), Box<dyn std::error::Error + '_>> {
        let root = SVGBackend::with_string(text, (WIDTH, HEIGHT)).into_drawing_area();
        root.fill(&colour(PAPER))?;
        let mut chart = ChartBuilder::on(&root)
            .caption(&self.title, ("sans-serif", 24).into_font().color(&colour(INK)))
            .margin(16)
            .margin_right(40)
            .x_label_area_size(52)
            .y_label_area_size(78)
            .build_cartesian_2d(self.x.scale(), self.y.scale())?;
        chart
            .configure_mesh()
            .bold_line_style(colour(GRID))
            .axis_style(colour(INK))
            .x_desc(self.x.title.as_str())
            .y_desc(self.y.title.as_str())
            .label_style(("sans-serif", 16).into_font().color(&colour(INK)))
            .axis_desc_style(("sans-serif", 18).into_font().color(&colour(INK)))
            .draw()?;
        // Rules first, so the lines are drawn over them; the key last, over everything.
        self.draw_rules(&mut chart)?;
        self.draw_lines(&mut chart)?;
        self.draw_key(&mut chart)?;
        root.present()?;
        Ok(())
    }

    /// Every rule, across the whole chart.
    fn draw_rules(&self, chart: &mut Plot) -> Drawn {
        let ((x0, x1), (y0, _)) = (self.x.span(), self.y.span());
        for rule in &self.rules {
            let level = self.y.place(rule.at).unwrap_or(y0);
            chart.draw_series(LineSeries::new([(x0, level), (x1, level)], pen(rule.colour)))?;
        }
        Ok(())
    }

    /// Every line, thinned to what its pixels show and cut where it leaves the chart, with its
    /// dots if it has them.
    fn draw_lines(&self, chart: &mut Plot) -> Drawn {
        let ((x0, x1), (y0, y1)) = (self.x.span(), self.y.span());
        let bounds = ((x0, x1), (y0.min(y1), y0.max(y1)));
        for line in &self.lines {
            let placed: Vec<Option<(f64, f64)>> = line
                .points
                .iter()
                .map(|&(x, y)| Some((self.x.place(x)?, self.y.place(y)?)))
                .collect();
            let placed = thin(placed, (x0, x1), WIDTH as usize);
            for run in clip(&placed, bounds) {
                chart.draw_series(LineSeries::new(run, pen(line.colour)))?;
            }
            if line.dots {
                let inside = placed.iter().flatten().filter(|p| within(**p, bounds));
                chart.draw_series(inside.map(|&p| Circle::new(p, 4, pen(line.colour).filled())))?;
            }
        }
        Ok(())
    }

    /// The key: every line, then every rule with a name, whether or not any of it is in view.
    fn draw_key<'a, 'b: 'a>(&self, chart: &mut Plot<'a, 'b>) -> Drawn {
        let named = self.lines.iter().map(|l| (&l.name, l.colour));
        let named = named.chain(self.rules.iter().map(|r| (&r.name, r.colour)));
        for (name, c) in named.filter(|(name, _)| !name.is_empty()) {
            chart
                .draw_series(std::iter::empty::<Circle<(f64, f64), i32>>())?
                .label(name.as_str())
                .legend(move |(x, y)| PathElement::new([(x, y), (x + 24, y)], pen(c)));
        }
        chart
            .configure_series_labels()
            .position(match self.key {
                Corner::UpperLeft => SeriesLabelPosition::UpperLeft,
                Corner::UpperRight => SeriesLabelPosition::UpperRight,
                Corner::LowerRight => SeriesLabelPosition::LowerRight,
            })
            .margin(12)
            .legend_area_size(32)
            .background_style(colour(PAPER).mix(0.92))
            .border_style(colour(INK))
            .label_font(("sans-serif", 16).into_font().color(&colour(INK)))
            .draw()
    }
}

/// The plotting area a chart draws its series into.
type Plot<'a, 'b> = ChartContext<'a, SVGBackend<'b>, Cartesian2d<Scale, Scale>>;

/// What drawing one part of a chart gives: nothing, or the backend's complaint.
type Drawn = Result<(), DrawingAreaErrorKind<std::io::Error>>;

/// The pen every line and rule is drawn with: two pixels wide, in its colour.
fn pen(c: Rgb) -> ShapeStyle {
    ShapeStyle::from(colour(c)).stroke_width(2)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pictures::palette::{BLUE, RED};

    fn sample() -> Chart {
        Chart {
            title: "Tests per tick".into(),
            x: Axis::marked("walkers", &[32.0, 128.0, 512.0], true),
            y: Axis::decades("tests per tick", 2, 6),
            lines: vec![Line {
                name: "everybody".into(),
                colour: RED,
                points: vec![(32.0, 992.0), (128.0, 16256.0), (512.0, 261632.0)],
                dots: true,
            }],
            rules: vec![Rule { name: "ten thousand".into(), colour: BLUE, at: 1e4 }],
            key: Corner::UpperLeft,
        }
    }

    #[test]
    fn a_chart_carries_its_words_as_text() {
        let svg = sample().svg();
        assert!(svg.starts_with("<svg"), "{}", &svg[..60]);
        for words in ["Tests per tick", "walkers", "tests per tick", "everybody", "ten thousand"] {
            assert!(svg.contains(&format!(">\n{words}\n</text>")), "no text {words}:\n{svg}");
        }
        for label in ["32", "128", "512", "100", "1k", "10k", "100k", "1M"] {
            assert!(svg.contains(&format!(">\n{label}\n</text>")), "no tick {label}");
        }
        assert_eq!(svg, sample().svg(), "the same chart draws the same bytes");
    }
}
