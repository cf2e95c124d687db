//! Every fan of the chapter's crowd cast once, as the phase casts them ahead: the cast the phase
//! uses, stepping each ray stride by stride by its cell's edges, against two ways of putting
//! the rays in lanes, on plain x86-64 and, where the CPU has it, AVX2, side by side in one run.
//!
//! The two lane casts live here, not in the library, because both measured slower than the
//! cast they would replace: a reader can run them, and read why, without the library carrying
//! them. Before anything is timed, each is checked against the phase's cast on every fan: the
//! same cells asked in the same order, so the same nine rays to the bit.
//!
//! - `strides in lanes`: each ray's strides four at a time, the four places and the cells
//!   they land in worked out side by side, then asked in order.
//! - `rays in lanes`: four rays of a fan side by side, one stride at a time, each lane asking
//!   when its cell changes, until all four have met something.
//!
//! The crowd is the 3000 of the chapter's valley after 20 ticks, so the rays meet what they
//! meet in the book's runs.

use std::hint::black_box;
use world::beast::look::gone::Gone;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use world::beast::creature::Eye;
use world::beast::kind::{FAN, RAY_GAP, STEPS, STRIDE};
use world::beast::look::fan::{BLANK_FAN, Cast, Fan, Ray};
use world::beast::look::hit::Hit;
use world::beast::look::view::{Flat, View};
use world::beast::{Design, Settings, World};
use world::lanes::{Isa, Lanes};

type Offsets = [(f64, f64); FAN];

/// The cosine and sine of each ray's angle off the heading, as `fan` works them out.
fn offsets() -> Offsets {
    std::array::from_fn(|r| {
        let a = (r as f64 - (FAN / 2) as f64) * RAY_GAP;
        (libm::cos(a), libm::sin(a))
    })
}

/// Strides placed at once.
const PLACED: usize = 4;

/// `column` in every lane, as a whole number in an f64: -1 below zero, the floor at or above.
#[inline(always)]
fn column_of(v: Lanes<PLACED>) -> Lanes<PLACED> {
    v.lt(Lanes::splat(0.0)).select(Lanes::splat(-1.0), v.floor())
}

/// The place in the rows of the cells four places land in, as integers.
#[inline(always)]
fn slots(x: Lanes<PLACED>, y: Lanes<PLACED>, down: f64) -> [u64; PLACED] {
    ((column_of(y) + 1.0) * down + (column_of(x) + 1.0)).whole()
}

/// Each ray's strides four at a time.
fn strides_in_lanes(
    isa: Isa,
    off: &Offsets,
    v: &Flat,
    eye: Eye,
    me: u32,
    gone: &Gone,
    fan: &mut Fan,
) {
    isa.run(
        #[inline(always)]
        || {
            let (ch, sh) = eye.facing;
            let down = (v.ringed(0, 1) - v.ringed(0, 0)) as f64;
            for (ray, &(co, so)) in fan.iter_mut().zip(off) {
                let dx = (ch * co - sh * so) * STRIDE;
                let dy = (sh * co + ch * so) * STRIDE;
                *ray = Ray::BLANK;
                let mut last = u64::MAX;
                let mut k = Lanes([1.0, 2.0, 3.0, 4.0]);
                'strides: for block in 0..STEPS / PLACED {
                    let at = slots(eye.x + dx * k, eye.y + dy * k, down);
                    let before = [last, at[0], at[1], at[2]];
                    let new: [bool; PLACED] = std::array::from_fn(|j| at[j] != before[j]);
                    for j in 0..PLACED {
                        if new[j] {
                            let hit = v.at_slot(at[j] as usize, me, gone);
                            if hit != Hit::Nothing {
                                *ray = Ray { hit, steps: (block * PLACED + j + 1) as u8 };
                                break 'strides;
                            }
                        }
                    }
                    last = at[PLACED - 1];
                    k = k + PLACED as f64;
                }
            }
        },
    )
}

/// Four rays of the fan at a time, one a lane (the ninth alone in a group of its own).
fn rays_in_lanes(isa: Isa, off: &Offsets, v: &Flat, eye: Eye, me: u32, gone: &Gone, fan: &mut Fan) {
    isa.run(
        #[inline(always)]
        || {
            let (ch, sh) = eye.facing;
            let down = (v.ringed(0, 1) - v.ringed(0, 0)) as f64;
            for first in (0..FAN).step_by(PLACED) {
                let n = (FAN - first).min(PLACED);
                let (mut dx, mut dy) = (Lanes::splat(0.0), Lanes::splat(0.0));
                for l in 0..n {
                    let (co, so) = off[first + l];
                    dx.0[l] = (ch * co - sh * so) * STRIDE;
                    dy.0[l] = (sh * co + ch * so) * STRIDE;
                    fan[first + l] = Ray::BLANK;
                }
                let mut last = [u64::MAX; PLACED];
                let mut going: u32 = (1 << n) - 1;
                let mut k = 1;
                while going != 0 && k <= STEPS {
                    let at = slots(eye.x + dx * k as f64, eye.y + dy * k as f64, down);
                    let mut ask = 0;
                    for l in 0..PLACED {
                        ask |= u32::from(at[l] != last[l]) << l;
                    }
                    (last, ask) = (at, ask & going);
                    while ask != 0 {
                        let l = ask.trailing_zeros() as usize;
                        let hit = v.at_slot(at[l] as usize, me, gone);
                        if hit != Hit::Nothing {
                            fan[first + l] = Ray { hit, steps: k as u8 };
                            going &= !(1 << l);
                        }
                        ask &= ask - 1;
                    }
                    k += 1;
                }
            }
        },
    )
}

type LaneCast = fn(Isa, &Offsets, &Flat, Eye, u32, &Gone, &mut Fan);

fn fans(c: &mut Criterion) {
    let settings = Settings::new(1, Isa::best());
    let mut w = World::found(5, 150, 100, 3000, Design::default(), settings).expect("it fits");
    for _ in 0..20 {
        w.tick();
    }
    let live = &w.roster.live;
    let cells: Vec<(i64, i64)> = live.iter().map(|c| c.cell()).collect();
    let eyes: Vec<Eye> = live.iter().map(|c| c.eye()).collect();
    let mut flat = Flat::default();
    flat.refill(&w.hab, &cells);
    let (flat, view): (&Flat, &dyn View) = (&flat, &flat);
    let ground = &w.hab.ground;
    let off = offsets();
    let nobody = Gone::none(live.len());
    let mut want: Vec<Fan> = vec![BLANK_FAN; live.len()];
    for (i, (f, e)) in want.iter_mut().zip(&eyes).enumerate() {
        view.cast(ground, *e, i as u32, &nobody, f, Cast::Quick);
    }
    let mut out = want.clone();

    let mut g = c.benchmark_group("3000 fans");
    g.throughput(Throughput::Elements(live.len() as u64));
    g.bench_function("stepped, as the phase casts", |b| {
        b.iter(|| {
            for (i, (f, e)) in out.iter_mut().zip(black_box(&eyes)).enumerate() {
                view.cast(ground, *e, i as u32, &nobody, f, Cast::Quick);
            }
            black_box(&out);
        })
    });
    let ways: [(&str, LaneCast); 2] =
        [("strides in lanes", strides_in_lanes), ("rays in lanes", rays_in_lanes)];
    for (name, cast) in ways {
        for isa in Isa::every() {
            for (i, (f, e)) in out.iter_mut().zip(&eyes).enumerate() {
                cast(isa, &off, flat, *e, i as u32, &nobody, f);
            }
            assert!(out == want, "{name} on {} cast other rays", isa.name());
            g.bench_function(format!("{name}, {}", isa.name()), |b| {
                b.iter(|| {
                    for (i, (f, e)) in out.iter_mut().zip(black_box(&eyes)).enumerate() {
                        cast(isa, &off, flat, *e, i as u32, &nobody, f);
                    }
                    black_box(&out);
                })
            });
        }
    }
    g.finish();
}

criterion_group!(benches, fans);
criterion_main!(benches);
