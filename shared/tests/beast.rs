//! The creature world's promises: every retired design is the same run, a split phase is the
//! same run on any crew, the loose split is not, and the phase allocates nothing once warm.

use world::beast::ledger;
use world::beast::{Design, Settings, World};
use world::lanes::Isa;
use world::shell::switches::{switches, with};

#[global_allocator]
static LEDGER: ledger::Counting = ledger::Counting;

const SEED: u64 = 5;

fn world(cols: usize, rows: usize, crowd: usize, design: Design, crew: usize) -> World {
    on(cols, rows, crowd, design, Settings::new(crew, Isa::best()))
}

fn on(cols: usize, rows: usize, crowd: usize, design: Design, settings: Settings) -> World {
    World::found(SEED, cols, rows, crowd, design, settings).expect("the crowd fits")
}

fn run(mut w: World, ticks: u32) -> (String, u64) {
    for _ in 0..ticks {
        w.tick();
    }
    (w.digest(), w.counts().run.struck)
}

/// Every switch of the design that keeps the digest (none under the heading of other rules),
/// alone, as the command line builds it.
fn each_keeping_switch() -> Vec<(String, Design)> {
    let keeps = switches::<Design>().into_iter().filter(|s| !s.moves_digest());
    keeps.map(|s| (s.flag.clone(), with(&[&s.flag]).unwrap())).collect()
}

#[test]
fn every_retired_design_is_the_same_run_on_one_thread_and_two() {
    let (want, struck) = run(world(40, 30, 240, Design::default(), 1), 120);
    assert!(struck > 0, "the test valley must see deaths");
    for (flag, d) in each_keeping_switch() {
        for crew in [1, 2] {
            assert_eq!(run(world(40, 30, 240, d, crew), 120).0, want, "{flag} on {crew}");
        }
    }
    assert_eq!(run(world(40, 30, 240, Design::was(), 1), 120).0, want, "--was");
}

#[test]
fn every_instruction_set_is_the_same_run() {
    // The lanes on plain x86-64 and on whatever wider set this CPU has, four to a pack and
    // alone, on one thread and two: one digest, the one the design as it stands reaches.
    let (want, _) = run(world(40, 30, 240, Design::default(), 1), 120);
    let alone = Design { alone: true, ..Design::default() };
    for isa in Isa::every() {
        for design in [Design::default(), alone] {
            for crew in [1, 2] {
                let w = on(40, 30, 240, design, Settings::new(crew, isa));
                assert_eq!(run(w, 120).0, want, "{} alone {} on {crew}", isa.name(), design.alone);
            }
        }
    }
}

#[test]
fn burying_the_dead_as_they_fall_is_another_run() {
    // The one retired rule that is a different run, not a different speed.
    let hasty = Design { hasty: true, ..Design::default() };
    assert_ne!(
        run(world(150, 100, 3000, hasty, 2), 120).0,
        run(world(150, 100, 3000, Design::default(), 2), 120).0
    );
}

// ANCHOR: split
/// About forty creatures on a small valley, run long enough for several to die.
const SMALL: (usize, usize, usize) = (20, 12, 40);
const LONG: u32 = 160;

#[test]
fn a_split_phase_is_the_same_run() {
    let (c, r, n) = SMALL;
    let narrow = Design { narrow: true, ..Design::default() };
    let (want, struck) = run(world(c, r, n, narrow, 1), LONG);
    assert!(struck > 0, "someone has to die for this test to mean anything");
    let levels = Design { levels: true, ..Design::default() };
    let scoped = Design { scoped: true, ..Design::default() };
    for crew in [1, 2, 3, 7, 8, 16, 20, 64] {
        for (name, d) in
            [("by bands", Design::default()), ("by levels", levels), ("scoped", scoped)]
        {
            let got = run(world(c, r, n, d, crew), LONG).0;
            assert_eq!(got, want, "crew {crew}, {name}");
        }
    }
}

#[test]
fn fans_cast_wide_need_looking_at_again() {
    let (c, r, n) = SMALL;
    let mut narrow = world(c, r, n, Design { narrow: true, ..Design::default() }, 1);
    let mut loose = world(c, r, n, Design { loose: true, ..Design::default() }, 2);
    let mut died = false;
    for t in 0..LONG {
        narrow.tick();
        loose.tick();
        if !died {
            // Before the first death, and through the tick it happens on, nothing differs.
            assert_eq!(loose.digest(), narrow.digest(), "tick {t}");
        }
        died |= narrow.counts().run.struck > 0;
    }
    assert!(died);
    assert_ne!(loose.digest(), narrow.digest(), "the loose split should have gone wrong");
}
// ANCHOR_END: split

#[test]
fn a_warm_phase_allocates_nothing() {
    assert!(ledger::installed());
    let narrow = Design { narrow: true, ..Design::default() };
    for (design, crew) in
        [(narrow, 1), (Design::default(), 1), (Design::default(), 2), (Design::default(), 3)]
            .into_iter()
            .chain([(Design { levels: true, ..Design::default() }, 2)])
    {
        let mut w = world(40, 30, 240, design, crew);
        assert_eq!(w.warm_allocations(), 0, "{design:?} on {crew}");
        assert!(w.counts().run.struck > 0);
    }
}

#[test]
fn a_warm_walk_by_bands_allocates_nothing_however_its_bands_fall() {
    // Bands are cut by whole rows, so one may hold far more than its share of the crowd, and
    // more than it held the tick before: its turns must have room for every creature.
    assert!(ledger::installed());
    for seed in [2, 5, 11, 23] {
        for crew in [2, 3, 4] {
            let settings = Settings::new(crew, Isa::best());
            let mut w = World::found(seed, 40, 30, 240, Design::default(), settings).unwrap();
            assert_eq!(w.warm_allocations(), 0, "seed {seed} on {crew}");
        }
    }
}

#[test]
fn the_counts_of_a_tick_and_of_the_run_are_kept_apart() {
    let mut w = world(40, 30, 240, Design::default(), 2);
    let mut fans = 0;
    for _ in 0..60 {
        w.tick();
        let c = w.counts();
        fans += c.tick.fans;
        assert_eq!(c.tick.fans, c.tick.creature_ticks, "one fan read a creature stepped");
    }
    let c = w.counts();
    assert_eq!(c.run.fans, fans);
    assert_eq!(c.run.creature_ticks, fans);
    assert!(c.run.steps > c.tick.steps && c.run.met > c.tick.met);
}

#[test]
fn the_digest_is_pinned_so_debug_and_release_agree() {
    // Worked out by a release build; a debug build (or another target) must land on it too.
    let (c, r, n) = SMALL;
    let got = run(world(c, r, n, Design::default(), 2), LONG).0;
    assert_eq!(got, PINNED);
}
const PINNED: &str = "515309ed4535f8fe";
