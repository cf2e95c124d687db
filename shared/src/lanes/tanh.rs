//! `tanh` in lanes, returning in every lane the bits the pinned `libm::tanh` returns.
//!
//! libm picks one of five formulas by the size of |x|: 1 beyond 20 (and NaN through the same
//! arithmetic), `1 - 2/(e^2x + 1)` down to log(3)/2, `t/(t + 2)` with `t = expm1(2|x|)` down
//! to log(5/3)/2, `-t/(t + 2)` with `t = expm1(-2|x|)` down to the smallest normal, and |x|
//! itself below. Here every lane works out one `expm1` on the argument its branch would pass
//! (and 1 where its branch passes none, so no NaN or subnormal slows the lane), then one
//! division whose numerator and denominator are picked per lane: the three middle formulas
//! share the denominator `t + 2`, and the first is `1 - 0/|x|`. The sign goes back on last,
//! as libm's `if sign { -t }` puts it.

use super::cpu::Isa;
use super::expm1::{above, at, expm1};
use super::lane::Lanes;

/// Lanes a slice is cut into by `each`: four doubles are two registers on plain x86-64 and
/// one with AVX2.
pub const WIDTH: usize = 4;

// ANCHOR: tanh
/// `libm::tanh` in every lane, bit for bit, for every input.
#[inline(always)]
pub fn tanh<const N: usize>(x: Lanes<N>) -> Lanes<N> {
    let ax = x.abs();
    // The branches, by libm's high word `w` of |x|. NaN fails every `<`, so it lands with
    // the huge, as it does in libm.
    let huge = !ax.lt(above(0x4034_0000)); // |x| > 20, or NaN
    let outer = !ax.lt(above(0x3fe1_93ea)); // |x| > log(3)/2
    let middle = !ax.lt(above(0x3fd0_58ae)); // |x| > log(5/3)/2
    let normal = !ax.lt(at(0x0010_0000)); // |x| at least 2^-1022

    let arg = middle.select(2.0 * ax, -2.0 * ax);
    let t = expm1((huge | !normal).select(Lanes::splat(1.0), arg));
    let num = huge.select(Lanes::splat(0.0), outer.select(Lanes::splat(2.0), middle.select(t, -t)));
    let den = huge.select(ax, t + 2.0);
    let q = num / den;
    let t = (huge | outer).select(1.0 - q, q);
    normal.select(t, ax).flip_by(x)
}
// ANCHOR_END: tanh

/// Writes the `tanh` of every number in `xs` into `out`, four at a time on `isa`; a short
/// last group is padded with zeros, whose answers are dropped. The two must be the same length.
pub fn each(isa: Isa, xs: &[f64], out: &mut [f64]) {
    assert_eq!(xs.len(), out.len(), "one answer a number");
    isa.run(
        #[inline(always)]
        || {
            let mut from = xs.chunks_exact(WIDTH);
            let mut to = out.chunks_exact_mut(WIDTH);
            for (x, t) in (&mut from).zip(&mut to) {
                let x: &[f64; WIDTH] = x.try_into().expect("chunks are WIDTH long");
                t.copy_from_slice(&tanh(Lanes(*x)).0);
            }
            let (x, t) = (from.remainder(), to.into_remainder());
            let mut last = [0.0; WIDTH];
            last[..x.len()].copy_from_slice(x);
            t.copy_from_slice(&tanh(Lanes(last)).0[..x.len()]);
        },
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_few_values_match_libm_on_every_isa() {
        let xs = [0.0, -0.0, 0.1, -0.3, 0.55, 1.0, -2.5, 19.9, 20.0, 21.0, f64::INFINITY, f64::NAN];
        for isa in Isa::every() {
            let mut got = [0.0; 12];
            each(isa, &xs[..7], &mut got[..7]);
            each(isa, &xs[7..], &mut got[7..]);
            for (x, y) in xs.iter().zip(got) {
                assert_eq!(y.to_bits(), libm::tanh(*x).to_bits(), "{} tanh({x})", isa.name());
            }
        }
    }
}
