//! Running a world for some ticks, timed or not: the one loop every subcommand runs its worlds
//! through.

use std::time::{Duration, Instant};

use world::beast::{Moment, World};
use world::shell::progress::Progress;

/// Runs `ticks` ticks, a step of `progress` each.
pub fn run_for(w: &mut World, ticks: u32, progress: &Progress) {
    for _ in 0..ticks {
        w.tick();
        progress.step();
    }
}

/// What a timed run took: the whole tick and the phase inside it, summed over every tick.
#[derive(Default)]
pub struct Clock {
    /// Every whole tick, added up.
    pub tick: Duration,
    /// Every creature phase, added up.
    pub phase: Duration,
}

impl Clock {
    /// The phase's milliseconds a tick, over `ticks` ticks.
    pub fn phase_ms(&self, ticks: u32) -> f64 {
        self.phase.as_secs_f64() * 1e3 / f64::from(ticks)
    }
}

/// Runs `w` for `ticks`, timing each tick and the phase inside it, a step of `progress` a tick.
pub fn timed(w: &mut World, ticks: u32, progress: &Progress) -> Clock {
    let mut c = Clock::default();
    for _ in 0..ticks {
        progress.step();
        let (mut opened, mut phase) = (Instant::now(), Instant::now());
        w.tick_watched(|m| match m {
            Moment::TickOpens => opened = Instant::now(),
            Moment::PhaseOpens => phase = Instant::now(),
            Moment::PhaseCloses => {
                let end = Instant::now();
                c.tick += end - opened;
                c.phase += end - phase;
            }
            Moment::LookAhead | Moment::Walk | Moment::Close => {}
        });
    }
    c
}
