//! The law of motion's designs: which step the bodies take, every switch of it run once on the
//! swarm, and whether it moves the digest.

use std::io::Write;

use clap::Args;
use world::designs::{Run, Table, report};
use world::{Body, digest};

use crate::swarm::{advance, scatter};

// ANCHOR: design
/// Which step the bodies take: with no switch, `Body::step`, velocity first. The switch puts
/// the retired order back, `Body::step_lagging`, the sibling kept beside it.
#[derive(Args, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Design {
    /// Position first, then velocity: Body::step_lagging, a push shows a tick late
    #[arg(long, help_heading = "Other rules, which move the digest")]
    pub lagging: bool,
}

impl Design {
    /// One tick of `b`: `push` puts this tick's pushes on it, and the design's law of motion
    /// spends them. The pushes come as the code that puts them on, not as a total, because
    /// when in the tick they are taken is part of a law of motion: both laws here take them
    /// as the tick opens.
    pub fn tick(self, b: &mut Body, push: impl FnOnce(&mut Body)) {
        push(b);
        if self.lagging { b.step_lagging() } else { b.step() }
    }
}
// ANCHOR_END: design

/// The swarm of `swarm`: seed 7, 400 ticks.
pub fn run(out: &mut dyn Write, clock: bool) -> anyhow::Result<()> {
    const SEED: u64 = 7;
    const TICKS: u32 = 400;
    let about = format!(
        "swarm: 24 tethered bodies from seed {SEED}, {TICKS} ticks; the digest of every number"
    );
    let table = Table { package: "bodies", run: "swarm", about: &about, unit: "µs a run" };
    report::<Design>(out, &table, clock, |design| {
        let mut bodies = scatter(SEED);
        let start = std::time::Instant::now();
        for _ in 0..TICKS {
            advance(&mut bodies, &[], design);
        }
        let time = start.elapsed().as_secs_f64() * 1e6;
        Ok(Run { digest: digest::bodies(&bodies), time })
    })
}
