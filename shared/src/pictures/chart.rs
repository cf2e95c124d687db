//! Every chart in the book: a title, both axes numbered and named with their units, a key that
//! names every line and rule, drawn by `plotters` as SVG.
//!
//! SVG keeps the words as text, so the browser draws them sharp at any size and `git diff`
//! shows a changed label as a changed line. The layout is plain arithmetic: `plotters` is built
//! without a font library and guesses the width of a label from its length, and this module
//! hands it every tick itself and takes logarithms from `libm`. So a chart is the same bytes in
//! every build and on every machine, and the book check compares it to the byte.

use std::path::Path;

use plotters::coord::ranged1d::{KeyPointHint, NoDefaultFormatting, Ranged, ValueFormatter};
use plotters::drawing::DrawingAreaErrorKind;
use plotters::prelude::*;

use super::palette::{INK, PAPER, Rgb};
use crate::shell::files::{self, OutError};

/// The chart's width in CSS pixels: the width of the book's text column.
pub const WIDTH: u32 = 760;
/// The chart's height in CSS pixels: room for the title, the plot and the numbers under it.
pub const HEIGHT: u32 = 460;

/// One number on an axis and the words printed under it.
#[derive(Clone, Debug, PartialEq)]
pub struct Tick {
    /// Where along the axis, in the axis's own units.
    pub at: f64,
    /// What is printed there.
    pub label: String,
}

/// An axis: what it measures (with its unit), where it starts and ends, where it is numbered,
/// and whether it is logarithmic (each step of the same length is the same factor).
#[derive(Clone, Debug, PartialEq)]
pub struct Axis {
    /// What the axis measures, with its unit.
    pub title: String,
    /// The value at its start.
    pub from: f64,
    /// The value at its end.
    pub to: f64,
    /// Where it is numbered.
    pub ticks: Vec<Tick>,
    /// Whether each step of one length is one factor, not one difference.
    pub log: bool,
}

impl Axis {
    /// A linear axis from `from` to `to`, numbered every `step` from `from`, with as many
    /// decimals as `step` needs.
    pub fn linear(title: &str, from: f64, to: f64, step: f64) -> Axis {
        let decimals = decimals(step);
        let count = ((to - from) / step + 1e-9).floor() as usize;
        let ticks = (0..=count)
            .map(|k| from + step * k as f64)
            .map(|at| Tick { at, label: number(at, decimals) })
            .collect();
        Axis { title: title.to_string(), from, to, ticks, log: false }
    }

    /// A logarithmic axis from 10^`low` to 10^`high`, numbered at every power of ten.
    pub fn decades(title: &str, low: i32, high: i32) -> Axis {
        let ticks = (low..=high)
            .map(|d| Tick { at: libm::pow(10.0, f64::from(d)), label: power_of_ten(d) })
            .collect();
        Axis {
            title: title.to_string(),
            from: libm::pow(10.0, f64::from(low)),
            to: libm::pow(10.0, f64::from(high)),
            ticks,
            log: true,
        }
    }

    /// An axis numbered only at the given values, each printed as a whole number; logarithmic
    /// when `log` is set. The ends sit half a step beyond the first and last value.
    pub fn marked(title: &str, values: &[f64], log: bool) -> Axis {
        let ticks: Vec<Tick> = values.iter().map(|&at| Tick { at, label: number(at, 0) }).collect();
        let (Some(&first), Some(&last)) = (values.first(), values.last()) else {
            return Axis { title: title.to_string(), from: 1.0, to: 10.0, ticks, log };
        };
        let (from, to) = if log {
            let pad = libm::pow(last / first, 0.5 / (values.len().max(2) - 1) as f64);
            (first / pad, last * pad)
        } else {
            let pad = (last - first) / (2 * (values.len().max(2) - 1)) as f64;
            (first - pad, last + pad)
        };
        Axis { title: title.to_string(), from, to, ticks, log }
    }

    /// Where a value goes along the axis before `plotters` scales it: itself, or its
    /// logarithm. Nothing at or below zero has a place on a logarithmic axis.
    fn place(&self, v: f64) -> Option<f64> {
        match (self.log, v.is_finite()) {
            (_, false) => None,
            (true, _) if v <= 0.0 => None,
            (true, _) => Some(libm::log10(v)),
            (false, _) => Some(v),
        }
    }

    fn span(&self) -> (f64, f64) {
        (self.place(self.from).unwrap_or(0.0), self.place(self.to).unwrap_or(1.0))
    }

    /// The axis as `plotters` sees it: a span of placed values with its ticks.
    fn scale(&self) -> Scale {
        let (from, to) = self.span();
        let ticks = self.ticks.iter().filter_map(|t| Some((self.place(t.at)?, t.label.clone())));
        Scale { from, to, ticks: ticks.collect() }
    }
}

/// One axis handed to `plotters`: where values land in pixels, which ones are numbered and
/// how. Every tick is given, so `plotters` never chooses one itself (its own choice takes
/// logarithms from the platform's maths library, which this book does not trust to agree).
#[derive(Clone)]
struct Scale {
    from: f64,
    to: f64,
    ticks: Vec<(f64, String)>,
}

impl Ranged for Scale {
    type FormatOption = NoDefaultFormatting;
    type ValueType = f64;

    fn map(&self, v: &f64, limit: (i32, i32)) -> i32 {
        // Saturating, so a value far off the chart lands far off it in every build, where a
        // plain addition would overflow: a panic in a debug build, a wrap in a release one.
        let along = (v - self.from) / (self.to - self.from);
        limit.0.saturating_add(libm::round(along * f64::from(limit.1 - limit.0)) as i32)
    }

    fn key_points<Hint: KeyPointHint>(&self, hint: Hint) -> Vec<f64> {
        // Numbered lines only: no fainter lines between them.
        if hint.weight().allow_light_points() {
            Vec::new()
        } else {
            self.ticks.iter().map(|t| t.0).collect()
        }
    }

    fn range(&self) -> std::ops::Range<f64> {
        self.from..self.to
    }
}

impl ValueFormatter<f64> for Scale {
    fn format_ext(&self, v: &f64) -> String {
        let near = self.ticks.iter().min_by(|a, b| (a.0 - v).abs().total_cmp(&(b.0 - v).abs()));
        near.map(|t| t.1.clone()).unwrap_or_default()
    }
}

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
            let placed = thin(placed, (x0, x1));
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

type Bounds = ((f64, f64), (f64, f64));

fn within((x, y): (f64, f64), ((x0, x1), (y0, y1)): Bounds) -> bool {
    x >= x0 && x <= x1 && y >= y0 && y <= y1
}

/// The parts of a line that lie inside the chart. A segment that crosses the edge is cut where
/// it crosses; a missing point (off a logarithmic axis, or not a number) breaks the line. The
/// SVG backend draws wherever it is told, so without this a line that leaves the chart would
/// run over the numbers on the axes.
fn clip(points: &[Option<(f64, f64)>], bounds: Bounds) -> Vec<Vec<(f64, f64)>> {
    let mut runs: Vec<Vec<(f64, f64)>> = Vec::new();
    let mut open = false;
    for pair in points.windows(2) {
        let (Some(a), Some(b)) = (pair[0], pair[1]) else {
            open = false;
            continue;
        };
        match cut(a, b, bounds) {
            Some((p, q)) => {
                let last = runs.last_mut().and_then(|r| r.last().copied());
                if open && last == Some(p) {
                    runs.last_mut().expect("an open run exists").push(q);
                } else {
                    runs.push(vec![p, q]);
                }
                open = q == b;
            }
            None => open = false,
        }
    }
    if points.len() == 1
        && let Some(p) = points[0].filter(|p| within(*p, bounds))
    {
        runs.push(vec![p]);
    }
    runs
}

/// The part of the segment from `a` to `b` inside the bounds (Liang and Barsky's clip), or
/// nothing when it misses them.
fn cut(
    a: (f64, f64),
    b: (f64, f64),
    ((x0, x1), (y0, y1)): Bounds,
) -> Option<((f64, f64), (f64, f64))> {
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let (mut t0, mut t1) = (0.0f64, 1.0f64);
    for (p, q) in [(-dx, a.0 - x0), (dx, x1 - a.0), (-dy, a.1 - y0), (dy, y1 - a.1)] {
        if p == 0.0 {
            if q < 0.0 {
                return None;
            }
        } else {
            let r = q / p;
            if p < 0.0 {
                t0 = t0.max(r);
            } else {
                t1 = t1.min(r);
            }
        }
    }
    if t0 > t1 {
        return None;
    }
    // A cut point lies on the edge, but between two points far off the chart the sum below
    // loses the edge to rounding (a jump from -1e27 to 1e28 px misses it by some 1e11 px), so
    // the point is held to the bounds it cannot mathematically leave.
    let at = |t: f64| {
        if t == 0.0 {
            a
        } else if t == 1.0 {
            b
        } else {
            ((a.0 + dx * t).clamp(x0, x1), (a.1 + dy * t).clamp(y0, y1))
        }
    };
    Some((at(t0), at(t1)))
}

/// A line of far more points than the chart has pixels across, cut down to what can be seen:
/// in each pixel column its first, lowest, highest and last point, in their order. Drawn, it
/// covers the same pixels; written out, it stays a few thousand points however long the run.
fn thin(points: Vec<Option<(f64, f64)>>, (x0, x1): (f64, f64)) -> Vec<Option<(f64, f64)>> {
    let columns = WIDTH as usize;
    if points.len() <= 4 * columns {
        return points;
    }
    let column = |x: f64| (((x - x0) / (x1 - x0)).clamp(0.0, 1.0) * columns as f64) as usize;
    let mut kept = Vec::new();
    let mut at = 0;
    while at < points.len() {
        let Some(first) = points[at] else {
            kept.push(None);
            at += 1;
            continue;
        };
        // The run of points that fall in this column without a break.
        let end = (at..points.len())
            .find(|&i| points[i].is_none_or(|p| column(p.0) != column(first.0)))
            .unwrap_or(points.len());
        let run: Vec<(usize, (f64, f64))> =
            (at..end).filter_map(|i| Some((i, points[i]?))).collect();
        let low = run.iter().min_by(|a, b| a.1.1.total_cmp(&b.1.1)).map(|p| p.0);
        let high = run.iter().max_by(|a, b| a.1.1.total_cmp(&b.1.1)).map(|p| p.0);
        let mut picks: Vec<usize> =
            [Some(at), low, high, Some(end - 1)].into_iter().flatten().collect();
        picks.sort_unstable();
        picks.dedup();
        kept.extend(picks.into_iter().map(|i| points[i]));
        at = end;
    }
    kept
}

/// A round step for an axis over `span` with at most `most` steps: 1, 2 or 5 times a power of
/// ten.
pub fn step_for(span: f64, most: usize) -> f64 {
    let mut power = 1e-6;
    loop {
        for m in [1.0, 2.0, 5.0] {
            if span / (m * power) <= most as f64 {
                return m * power;
            }
        }
        power *= 10.0;
    }
}

/// How many decimals a step of this size needs to be printed exactly: 0 for 5, 1 for 0.5.
fn decimals(step: f64) -> usize {
    (0..6)
        .find(|&d| {
            let scaled = step * libm::pow(10.0, d as f64);
            (scaled - libm::round(scaled)).abs() < 1e-9
        })
        .unwrap_or(6)
}

/// A number with `decimals` decimals and its thousands set apart by commas: 12,500 or 0.25.
pub fn number(v: f64, decimals: usize) -> String {
    let text = format!("{:.*}", decimals, v.abs());
    let (whole, fraction) =
        text.split_once('.').map_or((text.as_str(), None), |(w, f)| (w, Some(f)));
    let mut grouped = String::new();
    for (i, c) in whole.chars().enumerate() {
        if i > 0 && (whole.len() - i) % 3 == 0 {
            grouped.push(',');
        }
        grouped.push(c);
    }
    let sign =
        if v < 0.0 && text.bytes().any(|b| b.is_ascii_digit() && b != b'0') { "-" } else { "" };
    match fraction {
        Some(f) => format!("{sign}{grouped}.{f}"),
        None => format!("{sign}{grouped}"),
    }
}

/// 10^`d` as a reader says it: 0.001, 1, 100, 10k, 1M, 100M.
pub fn power_of_ten(d: i32) -> String {
    match d {
        ..0 => format!("0.{}1", "0".repeat((-d - 1) as usize)),
        0..=2 => format!("1{}", "0".repeat(d as usize)),
        3..=5 => format!("1{}k", "0".repeat(d as usize - 3)),
        6..=8 => format!("1{}M", "0".repeat(d as usize - 6)),
        _ => format!("1{}G", "0".repeat(d as usize - 9)),
    }
}

/// The smallest multiple of `step` at or above `v`, and at least one step: the top of an axis
/// that must hold `v`.
pub fn round_up(v: f64, step: f64) -> f64 {
    (libm::ceil(v / step) * step).max(step)
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

    #[test]
    fn a_line_that_leaves_the_chart_is_cut_at_its_edge() {
        let b = ((0.0, 10.0), (0.0, 10.0));
        let pts =
            [Some((0.0, 5.0)), Some((10.0, 15.0)), Some((10.0, 20.0)), None, Some((1.0, 1.0))];
        assert_eq!(clip(&pts, b), vec![vec![(0.0, 5.0), (5.0, 10.0)]]);
        let back = [Some((0.0, 20.0)), Some((4.0, 0.0)), Some((6.0, 6.0))];
        assert_eq!(clip(&back, b), vec![vec![(2.0, 10.0), (4.0, 0.0), (6.0, 6.0)]]);
        assert!(clip(&[Some((0.0, 11.0)), Some((10.0, 12.0))], b).is_empty());
    }

    #[test]
    fn a_long_line_is_thinned_to_what_its_pixels_show() {
        let wave: Vec<Option<(f64, f64)>> =
            (0..100_000).map(|i| Some((f64::from(i), f64::from(i % 7)))).collect();
        let thin = thin(wave, (0.0, 100_000.0));
        assert!(thin.len() <= 4 * WIDTH as usize, "{}", thin.len());
        let ys: Vec<f64> = thin.iter().flatten().map(|p| p.1).collect();
        assert!(ys.contains(&0.0) && ys.contains(&6.0));
        assert_eq!(thin.first(), Some(&Some((0.0, 0.0))));
        assert_eq!(thin.last(), Some(&Some((99_999.0, f64::from(99_999 % 7)))));
    }

    #[test]
    fn numbers_read_as_a_person_writes_them() {
        assert_eq!(number(12500.0, 0), "12,500");
        assert_eq!(number(1234567.25, 2), "1,234,567.25");
        assert_eq!(number(-48.0, 0), "-48");
        assert_eq!(number(-0.0001, 1), "0.0");
        assert_eq!(number(0.5, 1), "0.5");
        let labels: Vec<String> = (-3..=9).map(power_of_ten).collect();
        assert_eq!(
            labels,
            [
                "0.001", "0.01", "0.1", "1", "10", "100", "1k", "10k", "100k", "1M", "10M", "100M",
                "1G"
            ]
        );
        let a = Axis::linear("ms", 0.0, 2.0, 0.5);
        let got: Vec<&str> = a.ticks.iter().map(|t| t.label.as_str()).collect();
        assert_eq!(got, ["0.0", "0.5", "1.0", "1.5", "2.0"]);
        assert_eq!(
            (step_for(400.0, 10), step_for(2.6, 8), step_for(72000.0, 10)),
            (50.0, 0.5, 10000.0)
        );
        assert_eq!(round_up(23.4, 10.0), 30.0);
        assert_eq!(round_up(0.0, 10.0), 10.0);
    }
}
