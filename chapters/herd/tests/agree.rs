//! The claim the buckets make, as tests: the same world as everybody, bit for bit, for less
//! work; and the retired unordered design really is a different world.

use herd::scene::crowd;
use world::digest;
use world::near::{Buckets, Everybody, Query, Unordered};
use world::terra::CELL;

// ANCHOR: agree
#[test]
fn ordered_buckets_steer_the_same_crowd_bit_for_bit() {
    let mut slow = crowd(512, |_, _| Everybody::default());
    let mut fast = crowd(512, |c, r| Buckets::new(c, r, CELL));
    for _ in 0..300 {
        slow.tick().unwrap();
        fast.tick().unwrap();
    }
    for (i, (s, f)) in slow.bodies.iter().zip(&fast.bodies).enumerate() {
        let bits = |b: &world::Body| [b.pos, b.vel].map(|v| (v.x.to_bits(), v.y.to_bits()));
        assert_eq!(bits(s), bits(f), "body {i} after 300 ticks: {s:?} against {f:?}");
    }
    let (every, grid) = (slow.query.count(), fast.query.count());
    assert_eq!(every, 300 * 512 * 511);
    assert!(grid < every / 10, "buckets measured {grid}, everybody {every}");
}
// ANCHOR_END: agree

/// `herd agree` prints this test's run for the book, so its defaults are this test's crowd.
#[test]
fn the_printed_run_is_the_tested_one() {
    assert_eq!((herd::agree::WALKERS, herd::agree::TICKS), (512, 300));
}

#[test]
fn unordered_buckets_make_a_different_world() {
    let mut ordered = crowd(512, |c, r| Buckets::new(c, r, CELL));
    let mut loose = crowd(512, |c, r| Unordered::new(c, r, CELL));
    for _ in 0..20 {
        ordered.tick().unwrap();
        loose.tick().unwrap();
    }
    assert_ne!(digest::bodies(&ordered.bodies), digest::bodies(&loose.bodies));
}
