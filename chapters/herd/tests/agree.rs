//! The claim the buckets and the mailboxes make, as tests: the same world as everybody, bit for
//! bit, for less work; and the retired unordered design really is a different world.

use herd::scene::{Listen, crowd, valley_crowd};
use world::digest;
use world::near::{Buckets, Everybody, Mailboxes, Query, Unordered};
use world::terra::CELL;

fn bits(b: &world::Body) -> [(u64, u64); 2] {
    [b.pos, b.vel].map(|v| (v.x.to_bits(), v.y.to_bits()))
}

// ANCHOR: agree
#[test]
fn ordered_buckets_steer_the_same_crowd_bit_for_bit() {
    let mut slow = crowd(512, |_, _| Everybody::default()).listening(Listen::ThreePasses);
    let mut fast = crowd(512, |c, r| Buckets::new(c, r, CELL)).listening(Listen::ThreePasses);
    for _ in 0..300 {
        slow.tick().unwrap();
        fast.tick().unwrap();
    }
    for (i, (s, f)) in slow.bodies.iter().zip(&fast.bodies).enumerate() {
        assert_eq!(bits(s), bits(f), "body {i} after 300 ticks: {s:?} against {f:?}");
    }
    let (every, grid) = (slow.query.count(), fast.query.count());
    assert_eq!(every, 300 * 512 * 511);
    assert!(grid < every / 10, "buckets measured {grid}, everybody {every}");
}
// ANCHOR_END: agree

// ANCHOR: mail
#[test]
fn mailboxes_in_one_pass_steer_the_same_crowd_bit_for_bit() {
    let mut slow = crowd(512, |_, _| Everybody::default()).listening(Listen::ThreePasses);
    let mut grid = crowd(512, |c, r| Buckets::new(c, r, CELL)).listening(Listen::ThreePasses);
    let mut mail = crowd(512, |c, r| Mailboxes::new(c, r, CELL)).listening(Listen::OnePass);
    for _ in 0..300 {
        slow.tick().unwrap();
        grid.tick().unwrap();
        mail.tick().unwrap();
    }
    for (i, (s, m)) in slow.bodies.iter().zip(&mail.bodies).enumerate() {
        assert_eq!(bits(s), bits(m), "body {i} after 300 ticks: {s:?} against {m:?}");
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

/// `herd agree` prints this test's run for the book, so its defaults are this test's crowd.
#[test]
fn the_printed_run_is_the_tested_one() {
    assert_eq!((herd::agree::WALKERS, herd::agree::TICKS), (512, 300));
}

#[test]
fn unordered_buckets_make_a_different_world() {
    let mut ordered = crowd(512, |c, r| Buckets::new(c, r, CELL)).listening(Listen::ThreePasses);
    let mut loose = crowd(512, |c, r| Unordered::new(c, r, CELL)).listening(Listen::ThreePasses);
    for _ in 0..20 {
        ordered.tick().unwrap();
        loose.tick().unwrap();
    }
    assert_ne!(digest::bodies(&ordered.bodies), digest::bodies(&loose.bodies));
}
