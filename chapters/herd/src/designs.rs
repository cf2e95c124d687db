//! The neighbour query's designs: which query the walkers ask and how they hear it, every
//! switch of it run once on the herd of `alone`, and whether it moves the digest.

use std::io::Write;

use clap::Args;
use world::designs::{Run, Table, report};
use world::digest;
use world::near::{Buckets, Everybody, Mailboxes, Query, TooWide, Unordered};
use world::terra::CELL;

use crate::Scene;
use crate::scene::{Herd, Listen, RADIUS, Rule, VALLEY_COLS, VALLEY_ROWS, VALLEY_SEED};

// ANCHOR: design
/// Which neighbour query the walkers ask and how they hear what it finds: with no switch, the
/// mailboxes, heard in one pass. Each switch puts a retired part back, a sibling of the one it
/// became; the first round is `--buckets --three-passes`.
#[derive(Args, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Design {
    /// The first round's query: the nine buckets around a walker, its candidates sorted, not
    /// the mailboxes
    #[arg(long, help_heading = "The mailboxes")]
    pub buckets: bool,
    /// Every walker measured against every other, not only those in the cells around it
    #[arg(long, help_heading = "The mailboxes")]
    #[arg(conflicts_with = "buckets")]
    pub everybody: bool,
    /// The first round's tick: each walker's neighbours asked for in turn, copied out and
    /// walked once by each rule, not heard all at once into one tally each
    #[arg(long, help_heading = "The mailboxes")]
    pub three_passes: bool,
    /// The buckets' candidates measured in bucket order, not sorted into index order
    #[arg(long, help_heading = "Other rules, which move the digest")]
    #[arg(conflicts_with_all = ["everybody", "buckets"])]
    pub unordered: bool,
}
// ANCHOR_END: design

impl Design {
    // ANCHOR: pick
    /// The query this design asks, for a field of `cols` by `rows` cells.
    pub fn query(self, cols: usize, rows: usize) -> Box<dyn Query> {
        if self.everybody {
            Box::new(Everybody::default())
        } else if self.unordered {
            Box::new(Unordered::new(cols, rows, CELL))
        } else if self.buckets {
            Box::new(Buckets::new(cols, rows, CELL))
        } else {
            Box::new(Mailboxes::new(cols, rows, CELL))
        }
    }

    /// How this design's tick hears the neighbours its query finds.
    pub fn listen(self) -> Listen {
        if self.three_passes { Listen::ThreePasses } else { Listen::OnePass }
    }
    // ANCHOR_END: pick

    /// The valley's herd of `scene`, hearing `rule`, built to this design.
    pub fn herd(self, scene: &Scene, rule: Rule) -> Herd<Box<dyn Query>> {
        let Scene { n, radius, seed, .. } = *scene;
        let query = self.query(VALLEY_COLS, VALLEY_ROWS);
        Herd::new(seed, n, VALLEY_COLS, VALLEY_ROWS, rule, radius, query).listening(self.listen())
    }

    /// Refuses, before anything runs, a radius the buckets or the mailboxes would refuse on
    /// the first tick; everybody answers any radius.
    pub fn fits(self, radius: f64) -> Result<(), TooWide> {
        if !self.everybody && radius > CELL { Err(TooWide { radius, cell: CELL }) } else { Ok(()) }
    }
}

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
            Herd::new(VALLEY_SEED, N, VALLEY_COLS, VALLEY_ROWS, Rule::All, RADIUS, query)
                .listening(design.listen());
        let start = std::time::Instant::now();
        for _ in 0..TICKS {
            herd.tick()?;
        }
        let time = start.elapsed().as_secs_f64() * 1e3;
        Ok(Run { digest: digest::bodies(&herd.bodies), time })
    })
}
