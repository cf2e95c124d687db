//! Two-dimensional vectors in world pixels.

use std::ops::{Add, AddAssign, Neg, Sub};

// ANCHOR: vec
/// A pair of numbers that means a place, a speed or a push, depending on who holds it.
///
/// Every method returns a new value; nothing here changes a vector in place except `+=`, so a
/// line of arithmetic reads the way it would on paper.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Vec2 {
    /// Across, rightwards.
    pub x: f64,
    /// Down, since pictures count their rows from the top.
    pub y: f64,
}

impl Vec2 {
    /// No distance, no speed, no push.
    pub const ZERO: Vec2 = Vec2 { x: 0.0, y: 0.0 };

    /// The vector (x, y).
    pub const fn new(x: f64, y: f64) -> Vec2 {
        Vec2 { x, y }
    }

    // Named methods as well as operators: `a.add(b.scale(k))` reads in the order it is computed.
    #[allow(clippy::should_implement_trait)]
    /// The sum, x with x and y with y.
    pub fn add(self, o: Vec2) -> Vec2 {
        Vec2::new(self.x + o.x, self.y + o.y)
    }

    #[allow(clippy::should_implement_trait)]
    /// The difference: the way from `o` to this.
    pub fn sub(self, o: Vec2) -> Vec2 {
        Vec2::new(self.x - o.x, self.y - o.y)
    }

    /// Both halves times `k`.
    pub fn scale(self, k: f64) -> Vec2 {
        Vec2::new(self.x * k, self.y * k)
    }
}
// ANCHOR_END: vec

/// Measures and directions.
impl Vec2 {
    /// Length. `sqrt` is exactly rounded by IEEE 754, so unlike `sin` it is safe from std.
    pub fn len(self) -> f64 {
        (self.x * self.x + self.y * self.y).sqrt()
    }

    /// The same direction at length one, or zero for the zero vector, which has no direction.
    pub fn unit(self) -> Vec2 {
        self.over(self.len())
    }

    /// Keeps the direction and shortens the vector to `max` if it is longer. The length is
    /// found once and used twice, where `unit` would take the same root again.
    pub fn limit(self, max: f64) -> Vec2 {
        let l = self.len();
        if l > max { self.over(l).scale(max) } else { self }
    }

    /// What `unit` gives, for a vector whose length `l` is already known.
    pub(crate) fn over(self, l: f64) -> Vec2 {
        if l == 0.0 { Vec2::ZERO } else { self.scale(1.0 / l) }
    }

    /// The distance between two places.
    pub fn dist(self, o: Vec2) -> f64 {
        self.sub(o).len()
    }

    /// The unit vector pointing at `angle` radians, measured from +x toward +y.
    /// `libm::sincos` reduces the angle once for both halves, where `cos` and `sin` would
    /// each reduce it again; its halves are their bits, as a test below checks.
    pub fn from_angle(angle: f64) -> Vec2 {
        let (sin, cos) = libm::sincos(angle);
        Vec2::new(cos, sin)
    }
}

impl Add for Vec2 {
    type Output = Vec2;
    fn add(self, o: Vec2) -> Vec2 {
        Vec2::add(self, o)
    }
}

impl AddAssign for Vec2 {
    fn add_assign(&mut self, o: Vec2) {
        *self = Vec2::add(*self, o);
    }
}

impl Sub for Vec2 {
    type Output = Vec2;
    fn sub(self, o: Vec2) -> Vec2 {
        Vec2::sub(self, o)
    }
}

impl Neg for Vec2 {
    type Output = Vec2;
    fn neg(self) -> Vec2 {
        Vec2::new(-self.x, -self.y)
    }
}

impl std::fmt::Display for Vec2 {
    /// Three decimals, the way every table in the book prints a vector; width and precision
    /// given to `{}` apply to each half.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let p = f.precision().unwrap_or(3);
        let w = f.width().unwrap_or(0);
        write!(f, "{:>w$.p$}, {:>w$.p$}", self.x, self.y)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unit_of_zero_is_zero_not_nan() {
        assert_eq!(Vec2::ZERO.unit(), Vec2::ZERO);
    }

    #[test]
    fn limit_keeps_short_vectors_and_cuts_long_ones() {
        assert_eq!(Vec2::new(0.3, 0.4).limit(1.0), Vec2::new(0.3, 0.4));
        let cut = Vec2::new(30.0, 40.0).limit(1.0);
        assert!((cut.len() - 1.0).abs() < 1e-15);
        assert!((cut.x - 0.6).abs() < 1e-15);
    }

    #[test]
    fn sincos_gives_the_bits_of_sin_and_cos() {
        // Every branch of the three functions: the tiny angles (where `sin` and `sincos` stop
        // at different thresholds), the edge of the first octant, the reduced ones, the huge
        // ones, infinities and NaN; then random bit patterns, angles of the size a heading
        // has, and angles in the band where only one of `sin` and `sincos` returns `x` as it is.
        let band = (f64::from_bits(0x3e46_a09e << 32), f64::from_bits(0x3e50_0000 << 32));
        let mut edges = vec![0.0, -0.0, f64::MIN_POSITIVE, 5e-324, 1e-300, f64::INFINITY];
        edges.extend([f64::NAN, f64::MAX, 1e22, 1e300, std::f64::consts::FRAC_PI_4]);
        for hi in [0x3e46_a09e_u64, 0x3e50_0000, 0x3fe9_21fb, 0x7ff0_0000, 0x4139_21fb] {
            for lo in [0, 1, 0x5444_2d18, 0xffff_ffff] {
                edges.push(f64::from_bits(hi << 32 | lo));
                edges.push(f64::from_bits((hi - 1) << 32 | lo));
            }
        }
        let mut s = crate::base::Stream::new(9, crate::base::streams::ANGLES);
        for k in 0..3_000_000u64 {
            let x = match k % 3 {
                _ if (k as usize) < edges.len() => edges[k as usize],
                0 => f64::from_bits(s.bits()),
                1 => s.between(-1000.0, 1000.0),
                _ => s.between(band.0, band.1),
            };
            for x in [x, -x] {
                let (sin, cos) = libm::sincos(x);
                assert_eq!(sin.to_bits(), libm::sin(x).to_bits(), "sin {x:e}");
                assert_eq!(cos.to_bits(), libm::cos(x).to_bits(), "cos {x:e}");
            }
        }
    }

    #[test]
    fn display_prints_three_decimals_per_half() {
        assert_eq!(format!("{}", Vec2::new(2.0, -0.5)), "2.000, -0.500");
        assert_eq!(format!("{:7}", Vec2::new(2.0, 0.5)), "  2.000,   0.500");
    }
}
