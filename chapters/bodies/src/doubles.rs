//! `reorder --picture`: the doubles next to 0.4 on a number line, with the six orders' totals
//! stacked on the double each lands on and 0.4 itself between two of them, where no double is.

use world::pictures::palette::{BLUE, INK, RED};
use world::pictures::sketch::{Align, Sketch};

use crate::digits::sig17;

/// The doubles shown: this many either side of the pair 0.4 falls between.
const EITHER_SIDE: u64 = 1;

/// Where 0.4 falls between the double below it and the one above, as a share of their gap,
/// worked out in whole numbers: the doubles from 0.25 to 0.5 are the multiples of 2⁻⁵⁴, and
/// 0.4 × 2⁵⁴ = 2⁵⁵ / 5, whose remainder over 5 is the share in fifths.
fn share_above_the_lower() -> f64 {
    ((1_u128 << 55) % 5) as f64 / 5.0
}

/// The drawing: `orders` are each order's name and the total it came to.
pub fn draw(orders: &[(String, f64)]) -> Sketch {
    let lower = orders.iter().map(|(_, y)| y.to_bits()).min().unwrap_or(0.4_f64.to_bits());
    let upper = orders.iter().map(|(_, y)| y.to_bits()).max().unwrap_or(lower);
    let (first, last) = (lower - EITHER_SIDE, upper.max(lower + 1) + EITHER_SIDE);
    let (left, right, axis) = (110.0, 650.0, 200.0);
    let step = (right - left) / (last - first) as f64;
    let at = |bits: u64| left + (bits - first) as f64 * step;
    let mut s = Sketch::new(760.0, 300.0);
    s.text(
        (380.0, 24.0),
        15.0,
        Align::Middle,
        INK,
        "The doubles next to 0.4, and where each order's total lands",
    );
    s.line((left - 30.0, axis), (right + 30.0, axis), INK, 1.5, false);
    for bits in first..=last {
        let x = at(bits);
        s.line((x, axis - 8.0), (x, axis + 8.0), INK, 1.5, false);
        s.text((x, axis + 26.0), 12.0, Align::Middle, INK, &sig17(f64::from_bits(bits)));
        s.text((x, axis + 42.0), 10.0, Align::Middle, INK, &format!("bits {bits:016x}"));
    }
    let exact = at(lower) + share_above_the_lower() * step;
    s.line((exact, 72.0), (exact, axis + 8.0), RED, 1.5, true);
    s.text((exact, 62.0), 12.0, Align::Middle, RED, "0.4 itself: no double holds it");
    for bits in [lower, upper] {
        let on: Vec<&(String, f64)> = orders.iter().filter(|(_, y)| y.to_bits() == bits).collect();
        let x = at(bits);
        let side = if bits == lower { Align::End } else { Align::Start };
        let dx = if bits == lower { -12.0 } else { 12.0 };
        for (k, (name, _)) in on.iter().enumerate() {
            let y = axis - 22.0 - 18.0 * k as f64;
            s.dot((x, y), 5.0, BLUE, true);
            s.text((x + dx, y + 4.0), 12.0, side, INK, name);
        }
    }
    s.text(
        (380.0, 284.0),
        11.0,
        Align::Middle,
        INK,
        "one step between marks is 2⁻⁵⁴, the gap between neighbouring doubles from 0.25 to 0.5",
    );
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn four_tenths_sits_three_fifths_of_the_way_up_its_gap() {
        assert_eq!(share_above_the_lower(), 0.6);
        // Checked against the decimal expansions Rust prints for the two doubles.
        let below = f64::from_bits(0x3fd9999999999999);
        let above = f64::from_bits(0x3fd999999999999a);
        assert_eq!(format!("{below:.25}"), "0.3999999999999999666933093");
        assert_eq!(format!("{above:.25}"), "0.4000000000000000222044605");
        assert_eq!(f64::from_bits(0x3fd999999999999a), 0.4, "0.4 rounds to the one above");
    }

    #[test]
    fn every_order_is_drawn_on_the_double_it_lands_on() {
        let orders =
            vec![("a".to_string(), 0.4), ("b".to_string(), f64::from_bits(0x3fd9999999999999))];
        let svg = draw(&orders).svg();
        assert_eq!(svg.matches("<circle").count(), 2);
        assert!(svg.contains("bits 3fd9999999999998") && svg.contains("bits 3fd999999999999b"));
        assert!(svg.contains("0.4 itself"));
    }
}
