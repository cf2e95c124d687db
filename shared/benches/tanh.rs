//! Calls per microsecond of the pinned scalar `libm::tanh` against the lane port, on plain
//! x86-64 and, where the CPU has it, AVX2, side by side in one run. Criterion's throughput
//! line reads in millions of elements a second, which is calls per microsecond.
//!
//! The inputs are what a hidden unit's sum looks like: spread over [-4, 4], so every one of
//! libm's formulas but the two trivial ones is taken, in an order no branch predictor learns.

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use world::base::Stream;
use world::lanes::{Isa, tanh};

const CALLS: usize = 4096;

fn calls(c: &mut Criterion) {
    let mut s = Stream::new(1, world::base::streams::TANH_BENCH);
    let xs: Vec<f64> = (0..CALLS).map(|_| s.between(-4.0, 4.0)).collect();
    let mut out = vec![0.0; CALLS];
    let mut g = c.benchmark_group("tanh");
    g.throughput(Throughput::Elements(CALLS as u64));
    g.bench_function("scalar libm", |b| {
        b.iter(|| {
            for (o, x) in out.iter_mut().zip(black_box(&xs)) {
                *o = libm::tanh(*x);
            }
            black_box(&out);
        })
    });
    for isa in Isa::every() {
        g.bench_function(format!("lanes, {}", isa.name()), |b| {
            b.iter(|| {
                tanh::each(isa, black_box(&xs), &mut out);
                black_box(&out);
            })
        });
    }
    g.finish();
}

criterion_group!(benches, calls);
criterion_main!(benches);
