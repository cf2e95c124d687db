//! `N` doubles side by side, and masks that choose between two such rows lane by lane.
//!
//! Every operation is a loop over the lanes, written so the compiler turns it into packed
//! instructions: two doubles a register on plain x86-64, four with AVX2. Each lane does what
//! the same operator does on one `f64`, so a lane's bits are the scalar bits. Everything is
//! `#[inline(always)]`: the lane code must be compiled inside whichever function `cpu` chose,
//! never called across from it.

use std::array::from_fn;
use std::ops::{Add, BitAnd, BitOr, Div, Mul, Neg, Not, Sub};

/// `N` doubles, one a lane.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Lanes<const N: usize>(pub [f64; N]);

/// One answer a lane: all ones for yes, all zeros for no, so it can pick bits directly.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Mask<const N: usize>([u64; N]);

/// The sign bit of a double.
const SIGN: u64 = 1 << 63;
/// 2^52, where the gap between neighbouring doubles reaches 1.
const BIG: f64 = 4_503_599_627_370_496.0;

impl<const N: usize> Lanes<N> {
    /// The same number in every lane.
    #[inline(always)]
    pub fn splat(x: f64) -> Self {
        Lanes([x; N])
    }

    /// Four `f32` widened to `f64`, exactly, as `f64::from` does.
    #[inline(always)]
    pub fn widen(x: &[f32; N]) -> Self {
        Lanes(from_fn(|l| f64::from(x[l])))
    }

    #[inline(always)]
    fn bits(self) -> [u64; N] {
        self.0.map(f64::to_bits)
    }

    #[inline(always)]
    fn from_bits(b: [u64; N]) -> Self {
        Lanes(b.map(f64::from_bits))
    }

    /// The magnitude: the sign bit cleared, NaNs included.
    #[inline(always)]
    pub fn abs(self) -> Self {
        Lanes::from_bits(self.bits().map(|b| b & !SIGN))
    }

    /// Flips the sign of each lane whose lane in `of` has its sign bit set, which is what
    /// `if negative { -t } else { t }` does.
    #[inline(always)]
    pub fn flip_by(self, of: Self) -> Self {
        let (a, b) = (self.bits(), of.bits());
        Lanes::from_bits(from_fn(|l| a[l] ^ (b[l] & SIGN)))
    }

    /// Which lanes are below `o`; NaN is below nothing.
    #[inline(always)]
    pub fn lt(self, o: Self) -> Mask<N> {
        Mask(from_fn(|l| if self.0[l] < o.0[l] { !0 } else { 0 }))
    }

    /// Rounds down, for lanes in [0, 2^52), where it is what `x as i32 as f64` gives for
    /// every x below 2^31. Plain x86-64 has no rounding instruction, so this adds and takes
    /// away 2^52, which rounds to the nearest whole number, then steps back one where that
    /// went up.
    #[inline(always)]
    pub fn floor(self) -> Self {
        let near: Lanes<N> = Lanes(from_fn(|l| (self.0[l] + BIG) - BIG));
        // Taking away 0 leaves every number as it was, so the step back is a subtraction in
        // every lane, of 1 or of 0, with no branch for the compiler to keep.
        near - self.lt(near).pick(1.0, 0.0)
    }

    /// Each lane as an integer, for whole-numbered lanes in [0, 2^52): adding 2^52 puts the
    /// number in the low bits of the double, exactly, and those bits are the integer.
    #[inline(always)]
    pub fn whole(self) -> [u64; N] {
        let b = (self + BIG).bits();
        from_fn(|l| b[l] - BIG.to_bits())
    }

    /// 2 to the power of each lane and of its negative, for whole-numbered lanes in
    /// [-1022, 1022]: each lane is made an integer by adding 1.5 * 2^52 (which puts it in the
    /// low bits) and shifted into the exponent, as libm builds `((0x3ff + k) as u64) << 52`
    /// and `((0x3ff - k) as u64) << 52`; the second is the first's bits taken from 0x7fe << 52.
    #[inline(always)]
    pub fn pow2(self) -> (Self, Self) {
        const SHIFT: f64 = 6_755_399_441_055_744.0; // 1.5 * 2^52
        let k = Lanes::<N>(from_fn(|l| self.0[l] + SHIFT)).bits();
        let up: [u64; N] =
            from_fn(|l| k[l].wrapping_sub(SHIFT.to_bits()).wrapping_add(0x3ff) << 52);
        let down = from_fn(|l| (0x7fe << 52) - up[l]);
        (Lanes::from_bits(up), Lanes::from_bits(down))
    }
}

impl<const N: usize> Mask<N> {
    /// `yes` in the lanes this mask holds, `no` in the others, bit for bit (NaN payloads too).
    #[inline(always)]
    pub fn select(self, yes: Lanes<N>, no: Lanes<N>) -> Lanes<N> {
        let (y, n) = (yes.bits(), no.bits());
        Lanes::from_bits(from_fn(|l| (y[l] & self.0[l]) | (n[l] & !self.0[l])))
    }

    /// `select` with a number for each side.
    #[inline(always)]
    pub fn pick(self, yes: f64, no: f64) -> Lanes<N> {
        self.select(Lanes::splat(yes), Lanes::splat(no))
    }
}

macro_rules! lanewise {
    ($trait:ident, $method:ident, $op:tt) => {
        impl<const N: usize> $trait for Lanes<N> {
            type Output = Lanes<N>;
            #[inline(always)]
            fn $method(self, o: Lanes<N>) -> Lanes<N> {
                Lanes(from_fn(|l| self.0[l] $op o.0[l]))
            }
        }
        impl<const N: usize> $trait<f64> for Lanes<N> {
            type Output = Lanes<N>;
            #[inline(always)]
            fn $method(self, o: f64) -> Lanes<N> {
                Lanes(from_fn(|l| self.0[l] $op o))
            }
        }
        impl<const N: usize> $trait<Lanes<N>> for f64 {
            type Output = Lanes<N>;
            #[inline(always)]
            fn $method(self, o: Lanes<N>) -> Lanes<N> {
                Lanes(from_fn(|l| self $op o.0[l]))
            }
        }
    };
}
lanewise!(Add, add, +);
lanewise!(Sub, sub, -);
lanewise!(Mul, mul, *);
lanewise!(Div, div, /);

impl<const N: usize> Neg for Lanes<N> {
    type Output = Lanes<N>;
    /// Flips the sign bit, as `-x` does on one `f64`.
    #[inline(always)]
    fn neg(self) -> Lanes<N> {
        Lanes(self.0.map(|x| -x))
    }
}

impl<const N: usize> Not for Mask<N> {
    type Output = Mask<N>;
    #[inline(always)]
    fn not(self) -> Mask<N> {
        Mask(self.0.map(|m| !m))
    }
}

impl<const N: usize> BitAnd for Mask<N> {
    type Output = Mask<N>;
    #[inline(always)]
    fn bitand(self, o: Mask<N>) -> Mask<N> {
        Mask(from_fn(|l| self.0[l] & o.0[l]))
    }
}

impl<const N: usize> BitOr for Mask<N> {
    type Output = Mask<N>;
    #[inline(always)]
    fn bitor(self, o: Mask<N>) -> Mask<N> {
        Mask(from_fn(|l| self.0[l] | o.0[l]))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn floor_matches_the_cast_libm_makes() {
        let xs: [f64; 12] = [0.0, 0.4, 0.5, 0.9999, 1.0, 1.5, 2.5, 3.5, 57.99, 58.0, 1e9, 2e9];
        for &x in &xs {
            assert_eq!(Lanes::<1>([x]).floor().0[0].to_bits(), (x as i32 as f64).to_bits(), "{x}");
        }
    }

    #[test]
    fn whole_numbers_come_back_as_integers() {
        let xs = [0.0, 1.0, 2.0, 152.0, 4097.0 * 152.0, 4_503_599_627_370_495.0];
        for x in xs {
            assert_eq!(Lanes::<2>::splat(x).whole(), [x as u64; 2], "{x}");
        }
    }

    #[test]
    fn pow2_is_the_exponent_libm_builds() {
        for k in -1022..=1022i32 {
            let up = f64::from_bits(((0x3ff + k) as u64) << 52);
            let down = f64::from_bits(((0x3ff - k) as u64) << 52);
            let (u, d) = Lanes::<2>::splat(f64::from(k)).pow2();
            assert_eq!((u.0, d.0), ([up; 2], [down; 2]), "{k}");
        }
    }

    #[test]
    fn select_keeps_nan_payloads_and_signs() {
        let odd = f64::from_bits(0xfff4_0000_0000_1234);
        let a = Lanes([odd, 1.0, -0.0, 3.0]);
        let b = Lanes([2.0, f64::NAN, 5.0, -0.0]);
        let m = a.lt(Lanes::splat(2.0));
        let got = m.select(a, b).0.map(f64::to_bits);
        assert_eq!(got, [2.0f64, 1.0, -0.0, -0.0].map(f64::to_bits));
        assert_eq!((!m).select(a, b).0[0].to_bits(), odd.to_bits());
        assert_eq!(b.lt(Lanes::splat(3.0)), Mask([!0, 0, 0, !0]));
        assert_eq!(Lanes([1.0, 2.0]).flip_by(Lanes([-0.0, 0.0])).0, [-1.0, 2.0]);
    }
}
