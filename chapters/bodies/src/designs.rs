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
    /// Steps `b` by this design's law of motion.
    pub fn step(self, b: &mut Body) {
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
