//! Numbered random streams from one seed, and the one register of every number in use.
//!
//! Each part of the world that needs chance draws from its own stream: the scatter from one
//! number, the brains from another. Adding a draw to one stream then moves nothing in any other,
//! which is what lets a chapter grow without every figure before it changing. Two parts that
//! drew from one number by mistake would each move when the other changed, so every number is
//! named once, below, and a test refuses a number named twice.
//!
//! The conversions from raw bits to floats and to integers are written here, not borrowed, so
//! that they cannot change under us when a dependency is updated.

use rand_pcg::Pcg64;
use rand_pcg::rand_core::TryRng;

// ANCHOR: stream
/// One stream of random numbers, decided entirely by a seed and a stream number.
#[derive(Clone, Debug)]
pub struct Stream(Pcg64);

/// SplitMix64's finaliser: spreads every input bit over every output bit, so seeds 1 and 2
/// (or streams 12 and 13) start from states that have nothing in common.
fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

impl Stream {
    /// Stream `number` of `seed`. The PCG state comes from both numbers, and the PCG stream
    /// selector from the stream number, so two streams differ in where they start and in the
    /// sequence they walk.
    pub fn new(seed: u64, number: u64) -> Stream {
        let hi = mix(seed ^ mix(number));
        let lo = mix(hi ^ number.rotate_left(32));
        let state = (u128::from(hi) << 64) | u128::from(lo);
        Stream(Pcg64::new(state, u128::from(number)))
    }

    /// Sixty-four fresh bits.
    pub fn bits(&mut self) -> u64 {
        let Ok(x) = self.0.try_next_u64();
        x
    }

    /// A float in [0, 1): the top 53 bits as a fraction, every value equally likely.
    pub fn unit(&mut self) -> f64 {
        (self.bits() >> 11) as f64 * (1.0 / (1u64 << 53) as f64)
    }
}
// ANCHOR_END: stream

/// Names each stream number once, and lists those it named, by name, in `$list`, for the test
/// that no number is named twice.
macro_rules! register {
    ($(#[$about:meta])* $list:ident: $($(#[$doc:meta])* $name:ident = $n:literal;)*) => {
        $($(#[$doc])* pub const $name: u64 = $n;)*
        $(#[$about])*
        pub const $list: &[(&str, u64)] = &[$((stringify!($name), $name)),*];
    };
}

// ANCHOR: register
register! {
    /// Every stream a run of the book or a check of the course draws from.
    RUNS:
    /// The valley's heights: every valley of the book.
    TERRAIN = 1;
    /// Chapter 1's swarm: where each body starts and how it is launched.
    SWARM = 2;
    /// Chapter 3's plants: where they stand and their first grams.
    PLANTS = 11;
    /// Chapter 3's crowd: the cell and heading of each creature.
    SCATTER = 12;
    /// Chapter 3's weather, tick by tick.
    WEATHER = 13;
    /// Chapter 3's brains, one a creature in roster order.
    BRAINS = 14;
    /// Chapter 2's herd: where each walker starts and how it is launched.
    PLACES = 20;
    /// Chapter 2's wandering headings, walker by walker in index order.
    WANDER = 21;
    /// The course's gusts, the pushes challenge 1.5 adds to the chapter's three.
    GUSTS = 90;
    /// The course's bodies under a steady push, for challenge 1.6.
    STARTS = 91;
}
// ANCHOR_END: register

register! {
    /// Every stream a test or a benchmark draws its cases from.
    CASES:
    /// Tests: the angles `Vec2::from_angle` is checked at.
    ANGLES = 9;
    /// Tests: the walkers and neighbours a tally is checked with.
    TALLIES = 8;
    /// Tests: a wandering heading's turns.
    WANDERS = 10;
    /// Tests: the radii the squared reach is checked at.
    RADII = 4;
    /// Tests: the radii that show `r * r` falling short.
    SHORT_RADII = 6;
    /// Tests: the grids, crowds and radii the neighbour queries are compared on.
    NEAR_CASES = 5;
    /// Tests: the places of a crowd the queries are asked about.
    CROWDS = 77;
    /// Tests: the twins and edge-standers added to such a crowd.
    TWINS = 78;
    /// Tests: the valleys the casts of a fan are compared on.
    FAN_SCENES = 98;
    /// Tests: the valleys the views are compared on.
    VIEW_SCENES = 99;
    /// Tests: the inputs the lane `tanh` is checked at.
    TANH_CASES = 140;
    /// Tests: the inputs the lane `expm1` is checked at.
    EXPM1_CASES = 141;
    /// Benchmarks: the inputs the lane `tanh` is timed on.
    TANH_BENCH = 142;
    /// Tests: the brains a pack is checked to keep.
    PACK_CASES = 143;
    /// Tests: the brains and rows packs are checked to think alike with.
    PACK_ROWS = 144;
    /// Benchmarks: the rows a forward pass is timed on.
    PASS_BENCH = 145;
    /// Tests: the valleys the walk by levels is compared with the walk in roster order on.
    WALK_CASES = 146;
}

/// Numbers of other shapes, all made from `bits` and `unit`.
impl Stream {
    /// A float in [lo, hi).
    pub fn between(&mut self, lo: f64, hi: f64) -> f64 {
        lo + (hi - lo) * self.unit()
    }

    /// A whole number in [0, n), without the bias of a bare modulo: draws that land in the
    /// short last lap of the 64-bit range are thrown back. `n` must not be zero.
    pub fn below(&mut self, n: u64) -> u64 {
        assert!(n > 0, "below(0) has no answer");
        let zone = u64::MAX - (u64::MAX % n + 1) % n;
        loop {
            let x = self.bits();
            if x <= zone {
                return x % n;
            }
        }
    }

    /// An index into something of length `n`. Drawn as a u64, so a 32-bit build picks the same.
    pub fn index(&mut self, n: usize) -> usize {
        self.below(n as u64) as usize
    }

    /// True with probability `p`.
    pub fn chance(&mut self, p: f64) -> bool {
        self.unit() < p
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_seed_and_number_same_stream() {
        let mut a = Stream::new(7, 3);
        let mut b = Stream::new(7, 3);
        for _ in 0..100 {
            assert_eq!(a.bits(), b.bits());
        }
    }

    #[test]
    fn neighbouring_streams_and_seeds_differ() {
        let first = |s, n| Stream::new(s, n).bits();
        assert_ne!(first(7, 3), first(7, 4));
        assert_ne!(first(7, 3), first(8, 3));
        assert_ne!(first(0, 0), first(0, 1));
    }

    #[test]
    fn values_are_pinned() {
        // If this fails, a dependency changed the numbers: every figure in the book would move.
        let mut s = Stream::new(7, 0);
        assert_eq!(format!("{:016x}", s.bits()), PINNED_BITS);
        assert_eq!(s.unit().to_bits(), PINNED_UNIT);
    }
    const PINNED_BITS: &str = "297fc54184f2d7bf";
    const PINNED_UNIT: u64 = 4603137847868664540;

    #[test]
    fn no_stream_number_is_named_twice() {
        let mut seen = std::collections::BTreeMap::new();
        for &(name, n) in RUNS.iter().chain(CASES) {
            if let Some(first) = seen.insert(n, name) {
                panic!("stream {n} is named both {first} and {name}");
            }
        }
        assert!(seen.len() > 20, "{seen:?}");
    }

    #[test]
    fn unit_and_below_stay_in_range() {
        let mut s = Stream::new(1, 1);
        for n in [1u64, 2, 3, 7, 1000, u64::MAX] {
            for _ in 0..200 {
                assert!(s.below(n) < n);
            }
        }
        for _ in 0..1000 {
            let u = s.unit();
            assert!((0.0..1.0).contains(&u));
        }
    }
}
