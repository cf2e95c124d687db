//! The lane `tanh` against the pinned `libm::tanh`, bit for bit, on every instruction set this
//! CPU runs: every edge of the algorithm, and then tens of millions of drawn inputs.
//!
//! The drawn inputs come in three kinds, because raw bit patterns alone spend almost all their
//! time where the answer is trivial (about half have |x| > 20 or are NaN, and nearly all the
//! rest are below 2^-54): raw bits, uniform numbers over the range where all five formulas
//! live, and numbers whose exponent is drawn over that range so every scale of it is hit.

use world::base::Stream;
use world::lanes::{Isa, tanh};

/// Raw bit patterns drawn: ten million in a release build. Unoptimised, the lane code runs
/// about 150 times slower (every lane operation is a loop there), so a debug build draws a
/// hundredth as many of each kind, to finish in seconds too.
const RAW: usize = if cfg!(debug_assertions) { 100_000 } else { 10_000_000 };
/// Inputs drawn of each of the other two kinds.
const DRAWN: usize = if cfg!(debug_assertions) { 40_000 } else { 4_000_000 };

/// libm's thresholds, as the high word (top 32 bits, sign cleared) of |x|: tanh's own four,
/// and expm1's four moved to the |x| whose 2|x| crosses them (halving takes one off the
/// exponent, which is 0x100000 in the high word).
const TANH_WORDS: [u64; 4] = [0x4034_0000, 0x3fe1_93ea, 0x3fd0_58ae, 0x0010_0000];
const EXPM1_WORDS: [u64; 5] = [0x4043_687a, 0x3fd6_2e42, 0x3ff0_a2b2, 0x3c90_0000, 0x4086_2e42];

/// Each point, and `reach` neighbours a bit pattern apart on either side.
fn around(points: impl IntoIterator<Item = u64>, reach: u64) -> Vec<u64> {
    points.into_iter().flat_map(|p| p.saturating_sub(reach)..=p.saturating_add(reach)).collect()
}

/// Every edge: zeros, subnormals, the thresholds and the places where expm1's k steps up,
/// huge numbers, infinities and NaNs with assorted payloads, each with both signs.
fn edges() -> Vec<f64> {
    let mut bits = vec![0, 1, 2, 3, 0x000f_ffff_ffff_ffff, 0x0008_0000_0000_0000];
    bits.extend(around([0x0010_0000_0000_0000], 64));
    // Both sides of every threshold word: its first pattern, and the first above it.
    let words = TANH_WORDS.iter().copied().chain(EXPM1_WORDS.iter().map(|w| w - 0x10_0000));
    bits.extend(around(words.flat_map(|w| [w << 32, (w + 1) << 32]), 64));
    // libm's k for 2|x| is (2|x| / ln 2 + 0.5) truncated: it steps at 2|x| = (k - 0.5) ln 2.
    let ln2 = std::f64::consts::LN_2;
    bits.extend(around((1..=60).map(|k| ((k as f64 - 0.5) * ln2 / 2.0).to_bits()), 64));
    // Where expm1 changes formula by k (20, and 56 to 57), and where its k = 1 result splits.
    bits.extend(around([0.25f64, 20.0, 19.5, 10.0, 1.0, 0.5].map(f64::to_bits), 64));
    let big = [1e20, 354.0, 709.78, 710.0, 1e300, f64::MAX, f64::INFINITY];
    bits.extend(big.map(f64::to_bits));
    bits.extend([0x7ff0_0000_0000_0001, 0x7ff4_0000_0000_0000, 0x7ff8_0000_0000_0000]);
    bits.extend([0x7ff8_0000_0000_0001, 0x7ff0_dead_beef_0000, 0x7fff_ffff_ffff_ffff]);
    let both = bits.iter().flat_map(|&b| [b, b | 1 << 63]);
    both.map(f64::from_bits).collect()
}

/// Checks one batch on every instruction set and returns how many it checked.
fn check(xs: &[f64]) -> usize {
    let want: Vec<u64> = xs.iter().map(|&x| libm::tanh(x).to_bits()).collect();
    for isa in Isa::every() {
        let mut got = vec![0.0; xs.len()];
        tanh::each(isa, xs, &mut got);
        for ((x, w), g) in xs.iter().zip(&want).zip(&got) {
            assert_eq!(
                g.to_bits(),
                *w,
                "{}: tanh({x:e}) (bits {:016x}): libm {w:016x}, lanes {:016x}",
                isa.name(),
                x.to_bits(),
                g.to_bits()
            );
        }
    }
    xs.len()
}

/// Checks `n` inputs made by `draw`, a batch at a time.
fn check_drawn(n: usize, mut draw: impl FnMut() -> f64) -> usize {
    let mut batch = Vec::with_capacity(1 << 16);
    let mut done = 0;
    while done < n {
        batch.clear();
        batch.extend((0..(n - done).min(1 << 16)).map(|_| draw()));
        done += check(&batch);
    }
    done
}

#[test]
fn lanes_give_libms_bits_on_every_input_tried() {
    let edges = edges();
    assert!(edges.len() > 20_000, "{} edges", edges.len());
    let mut tested = check(&edges);

    let mut s = Stream::new(1, world::base::streams::TANH_CASES);
    tested += check_drawn(RAW, || f64::from_bits(s.bits()));
    tested += check_drawn(DRAWN, || s.between(-21.0, 21.0));
    tested += check_drawn(DRAWN, || {
        let b = s.bits();
        // Exponents from 2^-60 to 2^5, random mantissa and sign.
        let exp = 1023 - 60 + (b >> 52) % 66;
        f64::from_bits(b & (1 << 63 | 0x000f_ffff_ffff_ffff) | exp << 52)
    });
    if !cfg!(debug_assertions) {
        assert!(tested >= 18_000_000, "only {tested} inputs");
    }
    let isas: Vec<_> = Isa::every().iter().map(|i| i.name()).collect();
    eprintln!("tanh: {tested} inputs, bit-identical on {}", isas.join(" and "));
}
