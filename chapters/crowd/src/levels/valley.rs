//! The valleys the levels are counted on, and a run to the opening of one tick's phase: what the
//! table, the clock, the rule's picture and the bands' pictures all start from.

use world::beast::{Creature, Design, Settings, World};
use world::shell::progress::Progress;

use crate::scene::{CROWD, ROWS, found};

/// The valleys counted: the chapter's, and ten times as long with ten times the crowd.
pub const TIMES: [usize; 2] = [1, 10];

/// The chapter's valley on one thread with its levels watched, run through the phase of tick
/// `tick`: the crowd as that phase opened, and the world after it, whose levels are that phase's.
pub fn at_tick(tick: u32, settings: Settings) -> anyhow::Result<(Vec<Creature>, World)> {
    let mut w = found(CROWD, ROWS, Design::default(), settings.with_crew(1))?;
    w.watch_levels();
    Ok(through(w, tick, "levels"))
}

/// Runs `w` through the phase of tick `tick`, a step of a progress bar named `name` a tick: the
/// crowd as that phase opened, and the world after it, for a picture of that phase.
pub fn through(mut w: World, tick: u32, name: &str) -> (Vec<Creature>, World) {
    let progress = Progress::new(name, u64::from(tick));
    for _ in 1..tick {
        w.tick();
        progress.step();
    }
    let opened = w.roster.live.clone();
    w.tick();
    progress.step();
    (opened, w)
}
