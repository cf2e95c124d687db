//! One full tick of the benchmark crowd through each neighbour query, at five sizes.
//!
//! The times belong to the machine that ran them. Alongside each, the bench prints the distance
//! tests it made per tick, which belong to no machine.

use std::hint::black_box;

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use herd::scene::{Herd, SIZES, crowd};

use world::near::{Buckets, Everybody, Query};
use world::terra::CELL;

fn one<Q: Query>(
    c: &mut criterion::BenchmarkGroup<'_, criterion::measurement::WallTime>,
    name: &str,
    n: usize,
    mut herd: Herd<Q>,
) {
    // One tick first, so the buckets' lists have their memory before the clock starts.
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
    println!("{name}/{n}: {:.1} tests/tick", herd.query.count() as f64 / ticks.max(1) as f64);
}

fn neighbours(c: &mut Criterion) {
    let mut g = c.benchmark_group("neighbours");
    g.sample_size(10);
    for n in SIZES {
        one(&mut g, "everybody", n, crowd(n, |_, _| Everybody::default()));
        one(&mut g, "buckets", n, crowd(n, |cols, rows| Buckets::new(cols, rows, CELL)));
    }
    g.finish();
}

criterion_group!(benches, neighbours);
criterion_main!(benches);
