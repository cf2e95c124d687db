//! The claim the buckets and the mailboxes make, as tests: the same world as everybody, bit for
//! bit, for less work; and the retired unordered design really is a different world.

use herd::agree::{TICKS, WALKERS};
use herd::scene::{crowd, valley_crowd};
use world::base::{CELL, digest};
use world::flock::Listen;
use world::flock::near::{Buckets, Everybody, Mailboxes, Query, Unordered};

fn bits(b: &world::Body) -> [(u64, u64); 2] {
    [b.pos, b.vel].map(|v| (v.x.to_bits(), v.y.to_bits()))
}

// ANCHOR: agree
#[test]
fn ordered_buckets_steer_the_same_crowd_bit_for_bit() {
    let mut slow = crowd(WALKERS, |_, _| Everybody::default()).listening(Listen::ThreePasses);
    let mut fast = crowd(WALKERS, |c, r| Buckets::new(c, r, CELL)).listening(Listen::ThreePasses);
    for _ in 0..TICKS {
        slow.tick().unwrap();
        fast.tick().unwrap();
    }
    for (i, (s, f)) in slow.bodies.iter().zip(&fast.bodies).enumerate() {
        assert_eq!(bits(s), bits(f), "body {i} after {TICKS} ticks: {s:?} against {f:?}");
    }
    let (every, grid) = (slow.query.count(), fast.query.count());
    let n = WALKERS as u64;
    assert_eq!(every, u64::from(TICKS) * n * (n - 1));
    assert!(grid < every / 10, "buckets measured {grid}, everybody {every}");
}
// ANCHOR_END: agree

// ANCHOR: mail
#[test]
fn mailboxes_in_one_pass_steer_the_same_crowd_bit_for_bit() {
    let mut slow = crowd(WALKERS, |_, _| Everybody::default()).listening(Listen::ThreePasses);
    let mut grid = crowd(WALKERS, |c, r| Buckets::new(c, r, CELL)).listening(Listen::ThreePasses);
    let mut mail = crowd(WALKERS, |c, r| Mailboxes::new(c, r, CELL)).listening(Listen::OnePass);
    for _ in 0..TICKS {
        slow.tick().unwrap();
        grid.tick().unwrap();
        mail.tick().unwrap();
    }
    for (i, (s, m)) in slow.bodies.iter().zip(&mail.bodies).enumerate() {
        assert_eq!(bits(s), bits(m), "body {i} after {TICKS} ticks: {s:?} against {m:?}");
    }
    let (buckets, mailboxes) = (grid.query.count(), mail.query.count());
    assert!(mailboxes < buckets * 4 / 5, "mailboxes measured {mailboxes}, buckets {buckets}");
}
// ANCHOR_END: mail

#[test]
fn every_design_steers_the_crowded_valley_alike() {
    // Ninety neighbours a walker: long sums, where a different order would soon show.
    let mut slow = valley_crowd(|_, _| Everybody::default()).listening(Listen::ThreePasses);
    let mut grid = valley_crowd(|c, r| Buckets::new(c, r, CELL)).listening(Listen::OnePass);
    let mut mail = valley_crowd(|c, r| Mailboxes::new(c, r, CELL)).listening(Listen::ThreePasses);
    for _ in 0..10 {
        slow.tick().unwrap();
        grid.tick().unwrap();
        mail.tick().unwrap();
    }
    let want = digest::bodies(&slow.bodies);
    assert_eq!(digest::bodies(&grid.bodies), want, "buckets heard in one pass");
    assert_eq!(digest::bodies(&mail.bodies), want, "mailboxes asked one walker at a time");
}

/// `herd agree` prints these tests' run for the book, whose prose speaks of 512 walkers and
/// 300 ticks: the crowd the tests above run is `agree`'s own, and this pins it to the book's.
#[test]
fn the_printed_run_is_the_tested_one_and_the_books() {
    assert_eq!((WALKERS, TICKS), (512, 300));
}

#[test]
fn unordered_buckets_make_a_different_world() {
    let mut ordered =
        crowd(WALKERS, |c, r| Buckets::new(c, r, CELL)).listening(Listen::ThreePasses);
    let mut loose =
        crowd(WALKERS, |c, r| Unordered::new(c, r, CELL)).listening(Listen::ThreePasses);
    for _ in 0..20 {
        ordered.tick().unwrap();
        loose.tick().unwrap();
    }
    assert_ne!(digest::bodies(&ordered.bodies), digest::bodies(&loose.bodies));
}
