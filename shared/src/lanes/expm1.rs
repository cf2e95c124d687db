//! `e^x - 1` in lanes, for the arguments `tanh` hands it: the port of the pinned
//! `libm::expm1` (FreeBSD's `s_expm1.c`) with each branch worked out in every lane and the
//! right one picked by a mask.
//!
//! `tanh` only ever asks for `2|x|` with |x| in (0.2554, 20.0001) and `-2|x|` with |x| in
//! [2^-1022, 0.2554], and the port keeps only the branches those arguments can take, each
//! left-out one named where it would be, so that the lanes do no work no answer uses. The
//! test beside `tanh` is what proves the pruning right: every input, libm's bits.

use super::lane::Lanes;

const LN2_HI: f64 = f64::from_bits(0x3fe6_2e42_fee0_0000);
const LN2_LO: f64 = f64::from_bits(0x3dea_39ef_3579_3c76);
const INVLN2: f64 = f64::from_bits(0x3ff7_1547_652b_82fe);
const Q1: f64 = f64::from_bits(0xbfa1_1111_1111_10f4);
const Q2: f64 = f64::from_bits(0x3f5a_01a0_19fe_5585);
const Q3: f64 = f64::from_bits(0xbf14_ce19_9eaa_dbb7);
const Q4: f64 = f64::from_bits(0x3ed0_cfca_86e6_5239);
const Q5: f64 = f64::from_bits(0xbe8a_fdb7_6e09_c32d);

/// The smallest magnitude whose high word (libm's `hx`, the top 32 bits with the sign
/// cleared) is above `hx`: comparing magnitudes as doubles asks the same question as comparing
/// high words, with the packed float compare plain x86-64 has.
pub(crate) const fn above<const N: usize>(hx: u64) -> Lanes<N> {
    Lanes([f64::from_bits((hx + 1) << 32); N])
}

/// The smallest magnitude whose high word is `hx`.
pub(crate) const fn at<const N: usize>(hx: u64) -> Lanes<N> {
    Lanes([f64::from_bits(hx << 32); N])
}

/// `libm::expm1(x)` in every lane, for x in [-0.52, -2^-1021] or (0.51, 40.0001].
#[inline(always)]
pub fn expm1<const N: usize>(x: Lanes<N>) -> Lanes<N> {
    // libm first sends |x| of at least 56 ln 2 to NaN, -1 or overflow: none of those is here.
    let ax = x.abs();
    // Argument reduction, x = k ln2 + r with |r| at most half ln2, when |x| > 0.5 ln2.
    let reduce = !ax.lt(above(0x3fd6_2e42));
    let near = ax.lt(at(0x3ff0_a2b2)); // |x| < 1.5 ln2: k is 1 or -1, by the sign
    let tiny = ax.lt(at(0x3c90_0000)); // |x| < 2^-54: the answer is x
    // Beyond 1.5 ln2 only positive x arrive, so libm's rounding term is +0.5 and its cast to
    // an integer rounds down.
    let k = (INVLN2 * x + 0.5).floor();
    let negative = x.lt(Lanes::splat(0.0));
    let k = near.select(negative.pick(-1.0, 1.0), k);
    let k = reduce.select(k, Lanes::splat(0.0));
    // With k = 1 or -1, `x - k * LN2_HI` is exactly libm's `x - LN2_HI` or `x + LN2_HI`, and
    // `k * LN2_LO` its `LN2_LO` or `-LN2_LO`, so one formula serves all three of its cases.
    let hi = x - k * LN2_HI;
    let lo = k * LN2_LO;
    let r = hi - lo;
    let c = (hi - r) - lo;
    let x = reduce.select(r, x);
    let c = reduce.select(c, Lanes::splat(0.0));

    // x is now in the primary range.
    let hfx = 0.5 * x;
    let hxs = x * hfx;
    let r1 = 1.0 + hxs * (Q1 + hxs * (Q2 + hxs * (Q3 + hxs * (Q4 + hxs * Q5))));
    let t = 3.0 - r1 * hfx;
    let e = hxs * ((r1 - t) / (6.0 - x * t));
    let when_0 = x - (x * e - hxs);
    let e = x * (e - c) - c;
    let e = e - hxs;
    let when_minus_1 = 0.5 * (x - e) - 0.5;
    // libm takes another formula for k = 1 when the reduced x is below -0.25; with k = 1 only
    // for x above 0.51, the reduced x is above 0.51 - ln 2 > -0.25.
    let when_1 = 1.0 + 2.0 * (x - e);
    let (twopk, uf) = k.pow2();
    let beyond = (x - e + 1.0) * twopk - 1.0; // k above 56 (below -1 and 1024 never come)
    let low = (x - e + (1.0 - uf)) * twopk; // k in 2..20
    let high = (x - (e + uf) + 1.0) * twopk; // k in 20..=56

    let y = k.lt(Lanes::splat(20.0)).select(low, high);
    let y = Lanes::splat(56.0).lt(k).select(beyond, y);
    let y = near.select(negative.select(when_minus_1, when_1), y); // k is -1 or 1
    let y = reduce.select(y, when_0); // k is 0
    tiny.select(x, y) // x is unreduced in these lanes
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::base::Stream;

    /// Every argument `tanh` can pass, and a spread of them, against libm.
    #[test]
    fn the_arguments_tanh_passes_get_libms_bits() {
        let mut s = Stream::new(1, crate::base::streams::EXPM1_CASES);
        let mut xs = vec![0.51, 1.0, 1.0397, 1.0398, 1.0986, 2.0, 27.7, 38.8, 40.0, -0.5, -0.35];
        xs.extend([-0.346, -0.3466, -1e-20, -5.5e-17, -2.2e-308, 39.5, 40.00001]);
        for _ in 0..100_000 {
            xs.push(s.between(0.5, 40.0));
            xs.push(-s.between(0.0, 0.52));
            xs.push(-f64::from_bits(s.bits() >> 2 & 0x3fdf_ffff_ffff_ffff));
        }
        for &x in &xs {
            let got = expm1(Lanes::<1>([x])).0[0];
            assert_eq!(got.to_bits(), libm::expm1(x).to_bits(), "expm1({x:e})");
        }
    }
}
