//! `designs`: every switch of the neighbour query's design run once on the herd of `alone`,
//! what it puts back, and whether it moves the digest.

use std::io::Write;

use world::base::digest;
use world::flock::Herd;
use world::shell::designs::{Run, Table, report};

use crate::design::Design;
use crate::scene::{RADIUS, Rule, VALLEY_COLS, VALLEY_ROWS, VALLEY_SEED};

/// The walkers of `alone`'s last row: 120 hearing all three rules for 400 ticks.
pub fn run(out: &mut dyn Write, clock: bool) -> anyhow::Result<()> {
    const N: usize = 120;
    const TICKS: u32 = 400;
    let about = format!(
        "alone --rule all: {N} walkers hearing all three rules, {TICKS} ticks on the valley of \
         seed {VALLEY_SEED}; the digest of every number"
    );
    let table = Table { package: "herd", run: "alone --rule all", about: &about, unit: "ms a run" };
    report::<Design>(out, &table, clock, |design| {
        let query = design.query(VALLEY_COLS, VALLEY_ROWS);
        let weights = Rule::All.weights();
        let mut herd = Herd::new(VALLEY_SEED, N, VALLEY_COLS, VALLEY_ROWS, weights, RADIUS, query)
            .listening(design.listen());
        let start = std::time::Instant::now();
        for _ in 0..TICKS {
            herd.tick()?;
        }
        let time = start.elapsed().as_secs_f64() * 1e3;
        Ok(Run { digest: digest::bodies(&herd.bodies), time })
    })
}

/// Every switch of the neighbour query's design: what it puts back, and whether it moves
/// the digest of `alone --rule all`, found by running it once with no switch and once
/// with each.
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
