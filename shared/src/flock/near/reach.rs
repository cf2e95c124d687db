//! A radius as a squared distance, exactly: the test without the square root.

// ANCHOR: reach
/// The largest squared distance whose square root is still within `r`. For every squared
/// distance `d2`, `d2 <= squared_reach(r)` holds exactly when `d2.sqrt() <= r` does, so a query
/// may compare squares and keep the very neighbours the rooted test keeps.
///
/// `r * r` alone would not do. Its root always gives back `r`, but it is rounded, and for about
/// half of all radii the float a step or two above it has `r` for its rounded root as well: a
/// pair standing there is within `r` by the rooted test and would be dropped by `r * r`. `sqrt`
/// is correctly rounded, so it never falls as its argument grows, and the squared distances it
/// keeps within `r` are all those up to some largest one. Starting from `r * r` and stepping
/// one float at a time finds that one, in a step or two.
pub fn squared_reach(r: f64) -> f64 {
    if r.is_nan() || r < 0.0 {
        return f64::NEG_INFINITY; // no root is NaN-close or negative: nobody is near
    }
    if r == f64::INFINITY {
        return f64::INFINITY;
    }
    // Floats of one sign are ordered like their bits, so one step is one unit of the bits.
    let up = |t: f64| f64::from_bits(t.to_bits() + 1);
    let down = |t: f64| f64::from_bits(t.to_bits() - 1);
    let mut t = r * r;
    while t.sqrt() > r {
        t = down(t); // stops at 0 at the latest, whose root 0 is within any r >= 0
    }
    while up(t).sqrt() <= r {
        t = up(t); // stops at infinity at the latest, whose root is beyond any finite r
    }
    t
}
// ANCHOR_END: reach

#[cfg(test)]
mod tests {
    use super::*;
    use crate::base::Stream;
    use crate::base::streams::{RADII, SHORT_RADII};

    /// Both tests, side by side, on every float within `steps` of the edge.
    fn agree_around(r: f64, steps: u64) {
        let edge = squared_reach(r);
        assert!(edge.sqrt() <= r, "r = {r}: the reach {edge} itself must be within");
        let bits = edge.to_bits();
        for b in bits.saturating_sub(steps)..=bits.saturating_add(steps) {
            let d2 = f64::from_bits(b);
            assert_eq!(d2 <= edge, d2.sqrt() <= r, "r = {r:e}, d2 = {d2:e}");
        }
    }

    #[test]
    fn the_squared_test_keeps_exactly_what_the_rooted_one_keeps() {
        for r in [16.0, 8.0, 1.0, 0.1, 0.3, 1e-160, 5e-324, 1e154, 1e200, f64::MAX, 0.0] {
            agree_around(r, 200);
        }
        let mut s = Stream::new(4, RADII);
        for _ in 0..20_000 {
            agree_around(s.between(0.0, 1000.0), 8);
        }
        for _ in 0..2_000 {
            // Radii of every size, from the bits up.
            let r = f64::from_bits(s.bits() >> 2);
            agree_around(r, 8);
        }
    }

    #[test]
    fn r_times_r_is_often_short_of_the_edge_and_never_past_it() {
        // Why the function exists: for many radii the rounded square stops a step early.
        let mut s = Stream::new(4, SHORT_RADII);
        let radii: Vec<f64> = (0..10_000).map(|_| s.between(0.0, 1000.0)).collect();
        assert!(radii.iter().all(|&r| squared_reach(r) >= r * r));
        let short = radii.iter().filter(|&&r| squared_reach(r) > r * r).count();
        assert!((3_000..7_000).contains(&short), "{short} of 10000 radii were short");
    }

    #[test]
    fn odd_radii_keep_what_the_rooted_test_keeps() {
        let d2s = [0.0, 5e-324, 1.0, 256.0, f64::MAX, f64::INFINITY, f64::NAN];
        for r in [-1.0, -0.0, f64::NAN, f64::INFINITY, f64::NEG_INFINITY] {
            let edge = squared_reach(r);
            for d2 in d2s {
                assert_eq!(d2 <= edge, d2.sqrt() <= r, "r = {r}, d2 = {d2}");
            }
        }
    }
}
