//! One tick of the chapter's valley (150x100, 3000 creatures): the design as first wired
//! against the current one, narrow and cast on 1 and 2 threads; and, in a group of its own, the
//! third round against the phase without it (`--alone`), on 1 and 2 threads, with the lanes on
//! plain x86-64 and on the widest instructions this CPU has.
//!
//! A valley changes as it runs (creatures die, plants are eaten), so every timed tick comes
//! from the same stretch of a run: ticks 20 to 100 of a freshly founded valley, founded again
//! as often as the measurement needs. Founding and the first 20 ticks are not timed.

use std::time::{Duration, Instant};

use criterion::measurement::WallTime;
use criterion::{BenchmarkGroup, Criterion, criterion_group, criterion_main};
use world::beast::{Design, Settings, World};
use world::lanes::Isa;

const WARM: u32 = 20;
const SPAN: u64 = 80;

fn warmed(design: Design, crew: usize, isa: Isa) -> World {
    let settings = Settings::new(crew, isa);
    let mut w = World::found(5, 150, 100, 3000, design, settings).expect("the crowd fits");
    for _ in 0..WARM {
        w.tick();
    }
    w
}

/// Times one tick of `design` on `crew` threads with the lanes on `isa`, as `name`.
fn case(g: &mut BenchmarkGroup<WallTime>, name: &str, design: Design, crew: usize, isa: Isa) {
    g.bench_function(name, |b| {
        b.iter_custom(|iters| {
            let mut total = Duration::ZERO;
            let mut w = warmed(design, crew, isa);
            for i in 0..iters {
                if i > 0 && i % SPAN == 0 {
                    w = warmed(design, crew, isa);
                }
                let t = Instant::now();
                w.tick();
                total += t.elapsed();
            }
            total
        })
    });
}

fn phase(c: &mut Criterion) {
    let mut g = c.benchmark_group("tick at 3000");
    let narrow = Design { narrow: true, ..Design::default() };
    let cases = [
        ("was", Design::was(), 1),
        ("now, narrow", narrow, 1),
        ("now, crew 1", Design::default(), 1),
        ("now, crew 2", Design::default(), 2),
    ];
    for (name, design, crew) in cases {
        case(&mut g, name, design, crew, Isa::best());
    }
    g.finish();
}

fn lanes(c: &mut Criterion) {
    let mut g = c.benchmark_group("tick at 3000, third round");
    let alone = Design { alone: true, ..Design::default() };
    for crew in [1, 2] {
        case(&mut g, &format!("alone, crew {crew}"), alone, crew, Isa::best());
        for isa in Isa::every() {
            case(
                &mut g,
                &format!("four at once, {}, crew {crew}", isa.name()),
                Design::default(),
                crew,
                isa,
            );
        }
    }
    g.finish();
}

criterion_group!(benches, phase, lanes);
criterion_main!(benches);
