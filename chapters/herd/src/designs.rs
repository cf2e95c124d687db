//! The neighbour query's designs: which query the walkers ask, every switch of it run once on
//! the herd of `alone`, and whether it moves the digest.

use std::io::Write;

use clap::Args;
use world::designs::{Run, Table, report};
use world::digest;
use world::near::{Buckets, Everybody, Query, TooWide, Unordered};
use world::terra::CELL;

use crate::scene::{Herd, RADIUS, Rule, VALLEY_COLS, VALLEY_ROWS, VALLEY_SEED};

// ANCHOR: design
/// Which neighbour query the walkers ask: with no switch, the buckets, their candidates in
/// index order. Each switch puts a retired query back, a sibling type of the one it became.
#[derive(Args, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Design {
    /// Every walker measured against every other, not only those in the nine buckets around
    #[arg(long, help_heading = "The buckets")]
    pub everybody: bool,
    /// The buckets' candidates measured in bucket order, not sorted into index order
    #[arg(long, help_heading = "Other rules, which move the digest")]
    #[arg(conflicts_with = "everybody")]
    pub unordered: bool,
}

impl Design {
    /// The query this design asks, for a field of `cols` by `rows` cells.
    pub fn query(self, cols: usize, rows: usize) -> Box<dyn Query> {
        if self.everybody {
            Box::new(Everybody::default())
        } else if self.unordered {
            Box::new(Unordered::new(cols, rows, CELL))
        } else {
            Box::new(Buckets::new(cols, rows, CELL))
        }
    }

    /// Refuses, before anything runs, a radius the buckets would refuse on the first tick;
    /// everybody answers any radius.
    pub fn fits(self, radius: f64) -> Result<(), TooWide> {
        if !self.everybody && radius > CELL { Err(TooWide { radius, cell: CELL }) } else { Ok(()) }
    }
}
// ANCHOR_END: design

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
        let mut herd =
            Herd::new(VALLEY_SEED, N, VALLEY_COLS, VALLEY_ROWS, Rule::All, RADIUS, query);
        let start = std::time::Instant::now();
        for _ in 0..TICKS {
            herd.tick()?;
        }
        let time = start.elapsed().as_secs_f64() * 1e3;
        Ok(Run { digest: digest::bodies(&herd.bodies), time })
    })
}
