//! 3000 forward passes, the chapter's crowd: each brain alone, against four brains a pack in
//! lanes on plain x86-64 and, where the CPU has it, AVX2, side by side in one run.
//!
//! The brains are drawn as the valley draws them; the rows are numbers in [-1.5, 1.5], the
//! range most of a sensor row lives in. Both sides compute the same bits (the `pack` test
//! proves it), so the figures compare the same work.

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use world::beast::kind::ACTS;
use world::beast::think::pack::{LANES, Sample};
use world::lanes::Isa;

const CROWD: usize = 3000;

fn passes(c: &mut Criterion) {
    let Sample { brains, packs, rows, grouped } = Sample::draw(CROWD);
    let mut out = vec![[0.0; ACTS]; CROWD];

    let mut g = c.benchmark_group("3000 passes");
    g.throughput(Throughput::Elements(CROWD as u64));
    g.bench_function("scalar", |b| {
        b.iter(|| {
            for ((o, brain), row) in out.iter_mut().zip(&brains).zip(black_box(&rows)) {
                *o = brain.think(row);
            }
            black_box(&out);
        })
    });
    for isa in Isa::every() {
        g.bench_function(format!("packs of {LANES}, {}", isa.name()), |b| {
            b.iter(|| {
                for ((o, pack), rows) in out.chunks_mut(LANES).zip(&packs).zip(black_box(&grouped))
                {
                    o.copy_from_slice(&pack.think(isa, rows));
                }
                black_box(&out);
            })
        });
    }
    g.finish();
}

criterion_group!(benches, passes);
criterion_main!(benches);
