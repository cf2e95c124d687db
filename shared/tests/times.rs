//! A phase's times thread by thread, taken with the run's clock: they change no bit of the run,
//! each thread's lane runs in the order the phase does (its look, then its band of the walk,
//! with its waits and its turns near a death inside the walk), and the turns near a death are
//! exactly the fans the phase counted cast again.

use std::sync::OnceLock;
use std::time::Instant;

use world::beast::{Design, Settings, World};
use world::lanes::Isa;

/// The run's clock: nanoseconds since its first reading, from one, so that a lane never
/// written (all zeros) cannot pass for one that was.
fn now() -> u64 {
    static START: OnceLock<Instant> = OnceLock::new();
    START.get_or_init(Instant::now).elapsed().as_nanos() as u64 + 1
}

#[test]
fn times_change_no_bit_and_each_lane_runs_look_then_walk() {
    let settings = Settings::new(2, Isa::best());
    let found = || World::found(5, 150, 100, 3000, Design::default(), settings).unwrap();
    let (mut timed, mut plain) = (found(), found());
    timed.keep_times(now);
    let mut recast = 0;
    for tick in 1..=60 {
        timed.tick();
        plain.tick();
        let lanes = timed.lanes();
        assert_eq!(lanes.len(), 2, "a lane per thread");
        for l in &lanes {
            assert!(l.look.0 > 0 && l.look.0 <= l.look.1, "tick {tick}: {l:?}");
            assert!(l.look.1 <= l.walk.0, "tick {tick}: {l:?}");
            assert!(l.walk.0 > 0 && l.walk.0 <= l.walk.1, "tick {tick}: {l:?}");
            assert!(l.waited + l.again <= l.walk.1 - l.walk.0, "tick {tick}: {l:?}");
        }
        let near: u64 = lanes.iter().map(|l| l.again_turns).sum();
        assert_eq!(near, timed.counts().tick.recast, "tick {tick}");
        recast += near;
    }
    assert!(recast > 0, "sixty ticks see deaths, and fans cast again near them");
    assert_eq!(timed.digest(), plain.digest());
    assert!(plain.lanes().is_empty(), "no clock, no times");
}
