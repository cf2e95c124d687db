//! Two-dimensional vectors in world pixels.

use std::ops::{Add, AddAssign, Neg, Sub};

// ANCHOR: vec
/// A pair of numbers that means a place, a speed or a push, depending on who holds it.
///
/// Every method returns a new value; nothing here changes a vector in place except `+=`, so a
/// line of arithmetic reads the way it would on paper.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Vec2 {
    pub x: f64,
    pub y: f64,
}

impl Vec2 {
    pub const ZERO: Vec2 = Vec2 { x: 0.0, y: 0.0 };

    pub const fn new(x: f64, y: f64) -> Vec2 {
        Vec2 { x, y }
    }

    // Named methods as well as operators: `a.add(b.scale(k))` reads in the order it is computed.
    #[allow(clippy::should_implement_trait)]
    pub fn add(self, o: Vec2) -> Vec2 {
        Vec2::new(self.x + o.x, self.y + o.y)
    }

    #[allow(clippy::should_implement_trait)]
    pub fn sub(self, o: Vec2) -> Vec2 {
        Vec2::new(self.x - o.x, self.y - o.y)
    }

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
        let l = self.len();
        if l == 0.0 { Vec2::ZERO } else { self.scale(1.0 / l) }
    }

    /// Keeps the direction and shortens the vector to `max` if it is longer.
    pub fn limit(self, max: f64) -> Vec2 {
        if self.len() > max { self.unit().scale(max) } else { self }
    }

    /// The distance between two places.
    pub fn dist(self, o: Vec2) -> f64 {
        self.sub(o).len()
    }

    /// The unit vector pointing at `angle` radians, measured from +x toward +y.
    pub fn from_angle(angle: f64) -> Vec2 {
        Vec2::new(libm::cos(angle), libm::sin(angle))
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
    fn display_prints_three_decimals_per_half() {
        assert_eq!(format!("{}", Vec2::new(2.0, -0.5)), "2.000, -0.500");
        assert_eq!(format!("{:7}", Vec2::new(2.0, 0.5)), "  2.000,   0.500");
    }
}
