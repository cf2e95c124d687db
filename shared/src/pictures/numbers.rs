//! The numbers on a chart's axes: a round step, how many decimals it needs, and each number
//! written as a reader writes it.

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
pub(super) fn decimals(step: f64) -> usize {
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
        assert_eq!(
            (step_for(400.0, 10), step_for(2.6, 8), step_for(72000.0, 10)),
            (50.0, 0.5, 10000.0)
        );
        assert_eq!(round_up(23.4, 10.0), 30.0);
        assert_eq!(round_up(0.0, 10.0), 10.0);
    }
}
