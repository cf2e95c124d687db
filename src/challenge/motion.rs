//! The checks of chapter 1's code challenges, run on the chapter's own swarm.

use bodies::design::Design;
use bodies::pushes::{BREEZE, GRAVITY, MIDDLE, SWIRL};
use bodies::swarm::{advance, scatter};
use world::base::streams::{GUSTS, STARTS};
use world::base::{Stream, digest};
use world::{Body, Vec2};

use super::check::{Verdict, listed, switch};

const FILE: &str = "chapters/bodies/src/design.rs";

/// The swarms every check runs: seeds a student is unlikely to have been handed.
const SEEDS: [u64; 5] = [3, 19, 42, 77, 1001];

/// The tether's strength: `tether` pulls with this share of the offset.
const PULL: f64 = 0.02;

/// A small push drawn off the check's stream, of the size of the chapter's three.
fn gust(s: &mut Stream) -> Vec2 {
    Vec2::new(s.between(-0.2, 0.2), s.between(-0.2, 0.2))
}

/// The pushes in another order, drawn off the stream (Fisher and Yates, our own draws).
fn shuffle<T>(items: &mut [T], s: &mut Stream) {
    for i in (1..items.len()).rev() {
        items.swap(i, s.index(i + 1));
    }
}

// ANCHOR: sorted
/// 1.5: under `--sorted`, the order the pushes are given in no longer matters to a single bit,
/// and they are still the same pushes.
pub fn sorted() -> Verdict {
    const TICKS: u32 = 200;
    const ORDERS: usize = 12;
    let sorted: Design = switch("bodies", FILE, "--sorted")?;
    let names = ["gravity", "breeze", "swirl", "gust 1", "gust 2"];
    let mut widest = 0.0f64;
    for seed in SEEDS {
        let mut s = Stream::new(seed, GUSTS);
        let mut pushes: Vec<(&str, Vec2)> =
            names.into_iter().zip([GRAVITY, BREEZE, SWIRL, gust(&mut s), gust(&mut s)]).collect();
        let run = |pushes: &[(&str, Vec2)], design: Design| {
            let pushes: Vec<Vec2> = pushes.iter().map(|p| p.1).collect();
            let mut bodies = scatter(seed);
            for _ in 0..TICKS {
                advance(&mut bodies, &pushes, design);
            }
            bodies
        };
        let order =
            |pushes: &[(&str, Vec2)]| pushes.iter().map(|p| p.0).collect::<Vec<_>>().join(", ");
        let first = run(&pushes, sorted);
        let want = digest::bodies(&first);
        let (first_order, plain) = (order(&pushes), run(&pushes, Design::default()));
        for _ in 1..ORDERS {
            shuffle(&mut pushes, &mut s);
            let got = digest::bodies(&run(&pushes, sorted));
            if got != want {
                return Err(format!(
                    "under --sorted the swarm of seed {seed} still hangs on the order of its \
                     pushes: given {first_order} it ends on {want}, given {} on {got}",
                    order(&pushes)
                ));
            }
        }
        let gap = first.iter().zip(&plain).map(|(a, b)| a.pos.dist(b.pos)).fold(0.0, f64::max);
        if gap.is_nan() || gap > 1e-9 {
            return Err(format!(
                "under --sorted the swarm of seed {seed} ends {gap:.3e} px away from the same \
                 swarm with no switch: the pushes may be added in another order, but they must \
                 be the same pushes"
            ));
        }
        widest = widest.max(gap);
    }
    Ok(format!(
        "the swarms of seeds {} each end on one digest whatever the order of their five pushes \
         ({ORDERS} orders each, {TICKS} ticks), within {widest:.1e} px of the swarm with no switch",
        listed(&SEEDS)
    ))
}
// ANCHOR_END: sorted

/// The furthest a perfect spring would carry a body from the middle: the swing that its place
/// and speed at the start give it, sqrt(r^2 + v^2 / k).
fn swing(b: &Body) -> f64 {
    let r = b.pos.dist(MIDDLE);
    let v = b.vel.len();
    (r * r + v * v / PULL).sqrt()
}

// ANCHOR: halves
/// 1.6: under `--halves` a body under a steady push lands on the exact parabola tick after
/// tick, and no tethered body ever swings further out than a perfect spring would take it.
pub fn halves() -> Verdict {
    let halves: Design = switch("bodies", FILE, "--halves")?;
    for seed in SEEDS {
        let mut s = Stream::new(seed, STARTS);
        let start = Vec2::new(s.between(0.0, 192.0), s.between(0.0, 128.0));
        let speed = Vec2::new(s.between(-2.0, 2.0), s.between(-2.0, 2.0));
        let push = Vec2::new(s.between(-0.5, 0.5), s.between(0.0, 0.5));
        let mut b = Body::new(start, speed);
        for n in 1..=100 {
            halves.tick(&mut b, |b| b.push(push));
            let t = f64::from(n);
            let exact = start.add(speed.scale(t)).add(push.scale(t * t / 2.0));
            let off = b.pos.dist(exact);
            if off.is_nan() || off > 1e-9 * (1.0 + exact.len()) {
                return Err(format!(
                    "under --halves a body of seed {seed} pushed by ({push}) every tick is at \
                     ({}) after tick {n}, {off:.3} px from the exact path, ({exact})",
                    b.pos
                ));
            }
        }
    }
    let mut closest = f64::INFINITY;
    for seed in SEEDS {
        let mut bodies = scatter(seed);
        // And the chapter's held body, 48 px out at rest.
        bodies.push(Body::new(MIDDLE.add(Vec2::new(48.0, 0.0)), Vec2::ZERO));
        let swings: Vec<f64> = bodies.iter().map(swing).collect();
        for t in 1..=400 {
            advance(&mut bodies, &[], halves);
            for (i, (b, most)) in bodies.iter().zip(&swings).enumerate() {
                let out = b.pos.dist(MIDDLE);
                if out.is_nan() || out > most * (1.0 + 1e-9) {
                    return Err(format!(
                        "under --halves body {i} of seed {seed} is {out:.3} px from the middle at \
                         tick {t}, beyond its swing of {most:.3} px (the furthest a perfect \
                         spring would carry it)"
                    ));
                }
                closest = closest.min(most - out);
            }
        }
    }
    Ok(format!(
        "bodies of seeds {} under a steady push stayed on the exact parabola for 100 ticks, and \
         the tethered swarms of the same seeds and the held body stayed inside their swings for \
         400 ticks (the nearest came {closest:.1e} px from its edge)",
        listed(&SEEDS)
    ))
}
// ANCHOR_END: halves
