//! One full tick of the benchmark crowd through each neighbour query, at five sizes, and of the
//! most crowded valley.
//!
//! The times belong to the machine that ran them. Alongside each, the bench prints the distance
//! tests it made per tick, which belong to no machine.

use std::hint::black_box;

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use herd::scene::{MOST_WALKERS, SIZES, crowd, valley_crowd};
use world::base::CELL;
use world::flock::near::{Buckets, Everybody, Mailboxes, Query};
use world::flock::{Herd, Listen};

fn one<Q: Query>(
    c: &mut criterion::BenchmarkGroup<'_, criterion::measurement::WallTime>,
    name: &str,
    n: usize,
    herd: Herd<Q>,
    listen: Listen,
) {
    let mut herd = herd.listening(listen);
    // One tick first, so the queries' memory is grown before the clock starts.
    herd.tick().expect("the crowd's radius fits its buckets");
    herd.query.reset();
    let mut ticks = 0u64;
    c.bench_function(BenchmarkId::new(name, n), |b| {
        b.iter(|| {
            herd.tick().expect("the crowd's radius fits its buckets");
            ticks += 1;
            black_box(&herd.bodies);
        })
    });
    // A benchmark the filter left out never ticked, and has no count to show.
    if ticks > 0 {
        println!("{name}/{n}: {:.1} tests/tick", herd.query.count() as f64 / ticks as f64);
    }
}

/// Everybody and the first round's buckets hear their neighbours in three passes, as the first
/// round built them; the mailboxes in one.
fn neighbours(c: &mut Criterion) {
    let mut g = c.benchmark_group("neighbours");
    g.sample_size(10);
    for n in SIZES {
        let three = Listen::ThreePasses;
        one(&mut g, "everybody", n, crowd(n, |_, _| Everybody::default()), three);
        one(&mut g, "buckets", n, crowd(n, |cols, rows| Buckets::new(cols, rows, CELL)), three);
        let mail = crowd(n, |cols, rows| Mailboxes::new(cols, rows, CELL));
        one(&mut g, "mailboxes", n, mail, Listen::OnePass);
    }
    g.finish();
}

/// The 192x128 valley at its most crowded: about ninety neighbours a walker.
fn valley(c: &mut Criterion) {
    let mut g = c.benchmark_group("valley");
    g.sample_size(10);
    let n = MOST_WALKERS as usize;
    let three = Listen::ThreePasses;
    one(&mut g, "everybody", n, valley_crowd(|_, _| Everybody::default()), three);
    one(&mut g, "buckets", n, valley_crowd(|cols, rows| Buckets::new(cols, rows, CELL)), three);
    let mail = valley_crowd(|cols, rows| Mailboxes::new(cols, rows, CELL));
    one(&mut g, "mailboxes", n, mail, Listen::OnePass);
    g.finish();
}

criterion_group!(benches, neighbours, valley);
criterion_main!(benches);
