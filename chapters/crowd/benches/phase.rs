//! One tick of the chapter's valley (150x100, 3000 creatures): the design as first wired
//! against the current one, narrow and cast on 1 and 2 threads.
//!
//! A valley changes as it runs (creatures die, plants are eaten), so every timed tick comes
//! from the same stretch of a run: ticks 20 to 100 of a freshly founded valley, founded again
//! as often as the measurement needs. Founding and the first 20 ticks are not timed.

use std::time::{Duration, Instant};

use criterion::{Criterion, criterion_group, criterion_main};
use world::beast::{Design, World};

const WARM: u32 = 20;
const SPAN: u64 = 80;

fn warmed(design: Design, crew: usize) -> World {
    let mut w = World::found(5, 150, 100, 3000, design, crew).expect("the crowd fits");
    for _ in 0..WARM {
        w.tick();
    }
    w
}

fn phase(c: &mut Criterion) {
    let mut g = c.benchmark_group("tick at 3000");
    let narrow = Design { narrow: true, ..Design::NOW };
    let cases = [
        ("was", Design::WAS, 1),
        ("now, narrow", narrow, 1),
        ("now, crew 1", Design::NOW, 1),
        ("now, crew 2", Design::NOW, 2),
    ];
    for (name, design, crew) in cases {
        g.bench_function(name, |b| {
            b.iter_custom(|iters| {
                let mut total = Duration::ZERO;
                let mut w = warmed(design, crew);
                for i in 0..iters {
                    if i > 0 && i % SPAN == 0 {
                        w = warmed(design, crew);
                    }
                    let t = Instant::now();
                    w.tick();
                    total += t.elapsed();
                }
                total
            })
        });
    }
    g.finish();
}

criterion_group!(benches, phase);
criterion_main!(benches);
