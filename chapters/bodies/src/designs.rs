//! `designs`: every switch of the law of motion's design run once on the swarm, what it puts
//! back, and whether it moves the digest.

use std::io::Write;

use world::base::digest;
use world::shell::designs::{Run, Table, report};

use crate::design::Design;
use crate::swarm::{advance, scatter};

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

/// Every switch of the law of motion's design: what it puts back, and whether it moves
/// the digest of `swarm`, found by running the swarm once with no switch and once with
/// each.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// Also time each run, and set it against the design as it stands: these columns
    /// differ on every machine.
    #[arg(long)]
    pub clock: bool,
}

impl crate::run::Run for Args {
    fn run(&self, out: &mut dyn Write) -> anyhow::Result<()> {
        run(out, self.clock)
    }
}
