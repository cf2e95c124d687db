//! A chart's axis: what it measures, its ends, its numbers, and whether it is logarithmic; and
//! the same axis as `plotters` takes it, every tick handed over so `plotters` chooses none.

use plotters::coord::ranged1d::{KeyPointHint, NoDefaultFormatting, Ranged, ValueFormatter};

use super::numbers::{decimals, number, power_of_ten};

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
    pub(super) fn place(&self, v: f64) -> Option<f64> {
        match (self.log, v.is_finite()) {
            (_, false) => None,
            (true, _) if v <= 0.0 => None,
            (true, _) => Some(libm::log10(v)),
            (false, _) => Some(v),
        }
    }

    /// Where the axis starts and ends, placed.
    pub(super) fn span(&self) -> (f64, f64) {
        (self.place(self.from).unwrap_or(0.0), self.place(self.to).unwrap_or(1.0))
    }

    /// The axis as `plotters` sees it: a span of placed values with its ticks.
    pub(super) fn scale(&self) -> Scale {
        let (from, to) = self.span();
        let ticks = self.ticks.iter().filter_map(|t| Some((self.place(t.at)?, t.label.clone())));
        Scale { from, to, ticks: ticks.collect() }
    }
}

/// One axis handed to `plotters`: where values land in pixels, which ones are numbered and
/// how. Every tick is given, so `plotters` never chooses one itself (its own choice takes
/// logarithms from the platform's maths library, which this book does not trust to agree).
#[derive(Clone)]
pub(super) struct Scale {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_linear_axis_is_numbered_with_the_decimals_its_step_needs() {
        let a = Axis::linear("ms", 0.0, 2.0, 0.5);
        let got: Vec<&str> = a.ticks.iter().map(|t| t.label.as_str()).collect();
        assert_eq!(got, ["0.0", "0.5", "1.0", "1.5", "2.0"]);
    }
}
