//! The queries side by side: the same lists, the same tallies, the same refusals.

use super::*;
use crate::Vec2;
use crate::base::Stream;
use crate::base::streams::{CROWDS, NEAR_CASES, TWINS};

fn crowd(seed: u64, n: usize, w: f64, h: f64) -> Vec<Body> {
    let mut s = Stream::new(seed, CROWDS);
    (0..n)
        .map(|_| {
            // A few bodies off the grid on purpose: the clamp must not lose them.
            let p = Vec2::new(s.between(-20.0, w + 20.0), s.between(-20.0, h + 20.0));
            Body::new(p, Vec2::ZERO)
        })
        .collect()
}

#[test]
fn both_queries_give_the_same_lists_for_random_crowds() {
    // A property test with our own streams: many crowds, sizes, grids and radii up to the
    // cell size, each case decided by its number so a failure can be replayed.
    let mut pick = Stream::new(11, NEAR_CASES);
    for case in 0..300 {
        let (cols, rows) = (1 + pick.index(9), 1 + pick.index(9));
        let cell = pick.between(4.0, 40.0);
        let n = pick.index(60);
        let r = if case % 10 == 0 { cell } else { pick.between(0.0, cell) };
        let bodies = crowd(case, n, cols as f64 * cell, rows as f64 * cell);
        let mut every = Everybody::default();
        let mut grid = Buckets::new(cols, rows, cell);
        let mut mail = Mailboxes::new(cols, rows, cell);
        every.build(&bodies);
        grid.build(&bodies);
        mail.build(&bodies);
        let (mut a, mut b, mut c) = (Vec::new(), Vec::new(), Vec::new());
        for i in 0..n {
            every.near(&bodies, i, r, &mut a).unwrap();
            grid.near(&bodies, i, r, &mut b).unwrap();
            mail.near(&bodies, i, r, &mut c).unwrap();
            assert_eq!(a, b, "case {case}: body {i} of {n}, {cols}x{rows} cells of {cell}");
            assert_eq!(a, c, "case {case}: body {i} of {n}, {cols}x{rows} cells of {cell}");
            assert!(a.windows(2).all(|w| w[0] < w[1]) && !a.contains(&i));
        }
    }
}

/// A crowd with company: every body has a twin on the very same spot (no vote between
/// them), and some stand exactly a radius from another, on a cell's edge.
fn awkward(seed: u64, n: usize, w: f64, h: f64, r: f64) -> Vec<Body> {
    let mut bodies = crowd(seed, n, w, h);
    let mut s = Stream::new(seed, TWINS);
    for i in 0..n / 4 {
        let b = bodies[i];
        bodies.push(b);
        let on_edge = Vec2::new(libm::floor(b.pos.x / r) * r, b.pos.y);
        bodies.push(Body::new(on_edge, Vec2::new(s.between(-1.0, 1.0), 0.5)));
        bodies.push(Body::new(on_edge.add(Vec2::new(r, 0.0)), Vec2::new(0.25, -1.0)));
    }
    bodies
}

#[test]
fn mailboxes_hear_what_the_lists_of_everybody_say() {
    // Tallies compared bit for bit: the same neighbours, heard in the same order.
    let mut pick = Stream::new(12, NEAR_CASES);
    for case in 0..300 {
        let (cols, rows) = (1 + pick.index(9), 1 + pick.index(9));
        let cell = pick.between(4.0, 40.0);
        let r = if case % 3 == 0 { cell } else { pick.between(0.0, cell) };
        let bodies = awkward(case, pick.index(80), cols as f64 * cell, rows as f64 * cell, r);
        let (mut every, mut mail) = (Everybody::default(), Mailboxes::new(cols, rows, cell));
        let (mut want, mut got) = (Heard::default(), Heard::default());
        every.build(&bodies);
        mail.build(&bodies);
        every.hear(&bodies, r, &mut want).unwrap();
        mail.hear(&bodies, r, &mut got).unwrap();
        assert_eq!(got.len(), bodies.len());
        for i in 0..bodies.len() {
            assert_eq!(got.of(i), want.of(i), "case {case}: body {i} of {}", bodies.len());
        }
        // Asked one body at a time, they measure to the very same candidates.
        let at_once = mail.count();
        mail.reset();
        let mut dst = Vec::new();
        for i in 0..bodies.len() {
            mail.near(&bodies, i, r, &mut dst).unwrap();
        }
        assert_eq!(mail.count(), at_once, "case {case}");
    }
}

#[test]
fn a_neighbour_a_rounding_past_the_radius_is_found_by_the_mailboxes() {
    // 32 - (16 - 2^-49) is 16 + 2^-49, which rounds to exactly 16: within a radius of 16,
    // though the two stand in buckets two apart. The first round's buckets miss it.
    let at = |x: f64| Body::new(Vec2::new(x, 8.0), Vec2::ZERO);
    let bodies = [at(32.0), at(16.0 - libm::pow(2.0, -49.0))];
    assert_eq!(bodies[0].pos.dist(bodies[1].pos), 16.0);
    let mut dst = Vec::new();
    let mut ask = |q: &mut dyn Query| {
        q.build(&bodies);
        q.near(&bodies, 0, 16.0, &mut dst).unwrap();
        dst.clone()
    };
    assert_eq!(ask(&mut Everybody::default()), [1]);
    assert_eq!(ask(&mut Mailboxes::new(4, 1, 16.0)), [1]);
    assert_eq!(ask(&mut Buckets::new(4, 1, 16.0)), [0usize; 0], "the buckets found it now");
}

#[test]
fn pairs_that_r_times_r_would_drop_are_heard() {
    // The root of the rounded r * r always gives back r, but for about half of all radii a
    // square a step or two above r * r does too. Two bodies placed so that their squared
    // distance lands on such a step are neighbours to `Everybody`, and would be lost by a
    // query that compared with r * r; the mailboxes must hear them.
    let mut s = Stream::new(13, NEAR_CASES);
    let mut found = 0;
    while found < 50 {
        let r = s.between(1.0, 16.0);
        let (edge, naive) = (squared_reach(r), r * r);
        assert!(edge >= naive, "r = {r}: r * r is past the edge");
        let dy = (edge - naive).sqrt();
        if edge == naive || r * r + dy * dy != edge {
            continue;
        }
        let bodies = [Body::new(Vec2::ZERO, Vec2::ZERO), Body::new(Vec2::new(r, dy), Vec2::ZERO)];
        let mut dst = Vec::new();
        Everybody::default().near(&bodies, 0, r, &mut dst).unwrap();
        assert_eq!(dst, [1], "r = {r}: the pair is within the rooted test");
        let mut mail = Mailboxes::new(1, 1, 16.0);
        mail.build(&bodies);
        let mut heard = Heard::default();
        mail.hear(&bodies, r, &mut heard).unwrap();
        assert_eq!(heard.of(0).heard(), 1, "r = {r}, squared distance {edge:e}");
        found += 1;
    }
}

#[test]
fn no_walker_is_its_own_neighbour_even_at_an_endless_radius() {
    // The mailboxes leave a walker out of its own search by making its place NaN, which no
    // reach keeps, not even an infinite one (an infinitely far place would be kept there).
    let bodies = crowd(4, 30, 64.0, 64.0);
    let (mut every, mut mail) = (Everybody::default(), Mailboxes::new(1, 1, f64::INFINITY));
    every.build(&bodies);
    mail.build(&bodies);
    let (mut a, mut b) = (Vec::new(), Vec::new());
    for i in 0..bodies.len() {
        every.near(&bodies, i, f64::INFINITY, &mut a).unwrap();
        mail.near(&bodies, i, f64::INFINITY, &mut b).unwrap();
        assert_eq!(a.len(), bodies.len() - 1);
        assert_eq!(a, b, "body {i}");
    }
    let (mut want, mut got) = (Heard::default(), Heard::default());
    every.hear(&bodies, f64::INFINITY, &mut want).unwrap();
    mail.hear(&bodies, f64::INFINITY, &mut got).unwrap();
    for i in 0..bodies.len() {
        assert_eq!(got.of(i), want.of(i), "body {i}");
    }
}

#[test]
fn everybody_makes_n_times_n_minus_one_tests() {
    let bodies = crowd(1, 40, 100.0, 100.0);
    let mut q = Everybody::default();
    let mut dst = Vec::new();
    q.build(&bodies);
    for i in 0..bodies.len() {
        q.near(&bodies, i, 10.0, &mut dst).unwrap();
    }
    assert_eq!(q.count(), 40 * 39);
    q.reset();
    assert_eq!(q.count(), 0);
}

#[test]
fn unordered_buckets_hold_the_same_set_in_another_order() {
    let bodies = crowd(2, 200, 64.0, 64.0);
    let mut sorted = Buckets::new(4, 4, 16.0);
    let mut loose = Unordered::new(4, 4, 16.0);
    sorted.build(&bodies);
    loose.build(&bodies);
    let (mut a, mut b) = (Vec::new(), Vec::new());
    let mut reordered = 0;
    for i in 0..bodies.len() {
        sorted.near(&bodies, i, 16.0, &mut a).unwrap();
        loose.near(&bodies, i, 16.0, &mut b).unwrap();
        reordered += usize::from(a != b);
        b.sort_unstable();
        assert_eq!(a, b);
    }
    assert!(reordered > 0, "the retired design must really answer in another order");
}

#[test]
fn a_radius_wider_than_a_bucket_is_refused() {
    let bodies = crowd(3, 5, 32.0, 32.0);
    let mut heard = Heard::default();
    for q in [&mut Buckets::new(2, 2, 16.0) as &mut dyn Query, &mut Mailboxes::new(2, 2, 16.0)] {
        q.build(&bodies);
        let mut dst = Vec::new();
        let e = q.near(&bodies, 0, 16.5, &mut dst).unwrap_err();
        assert!(e.to_string().contains("at most 16"), "{e}");
        assert!(q.near(&bodies, 0, f64::NAN, &mut dst).is_err());
        assert!(q.near(&bodies, 0, 16.0, &mut dst).is_ok());
        assert!(q.hear(&bodies, 16.5, &mut heard).is_err());
        assert!(q.hear(&bodies, 16.0, &mut heard).is_ok());
    }
}
