//! The agreement test's run, printed: the benchmark's crowd asked both ways for as many ticks
//! as `tests/agree.rs` runs it, with the digest of every number each way and the distance
//! tests each made, so the figures the test holds to are in the book.

use std::io::Write;

use world::base::{CELL, digest};
use world::flock::Herd;
use world::flock::near::{Buckets, Everybody, Query};
use world::shell::cli::{count, yes};
use world::shell::progress::Progress;

use crate::scene::{crowd, crowd_side};

/// The crowd `tests/agree.rs` runs and for how long.
pub const WALKERS: usize = 512;
pub const TICKS: u32 = 300;

pub fn run(out: &mut dyn Write, n: usize, ticks: u32) -> anyhow::Result<()> {
    let progress = Progress::new("agree", 2 * u64::from(ticks));
    let mut slow = crowd(n, |_, _| Everybody::default());
    let mut fast = crowd(n, |c, r| Buckets::new(c, r, CELL));
    advance(&mut slow, ticks, &progress)?;
    advance(&mut fast, ticks, &progress)?;
    let side = crowd_side(n);
    writeln!(
        out,
        "{} hearing all three, two to a cell on a {side}x{side} field, {}, asked two ways",
        count(n as u64, "walker", "walkers"),
        count(ticks, "tick", "ticks")
    )?;
    writeln!(out)?;
    writeln!(out, "             distance tests  per tick, on average  digest of every number")?;
    let row = |out: &mut dyn Write, name: &str, tests: u64, numbers: &str| {
        let mean = tests as f64 / f64::from(ticks.max(1));
        writeln!(out, "  {name:<9}  {tests:>14}  {mean:>20.1}  {numbers}")
    };
    let (every, grid) = (slow.query.count(), fast.query.count());
    let (a, b) = (digest::bodies(&slow.bodies), digest::bodies(&fast.bodies));
    row(out, "everybody", every, &a)?;
    row(out, "buckets", grid, &b)?;
    writeln!(out)?;
    writeln!(out, "  every bit of every position and velocity the same: {}", yes(a == b))?;
    if grid > 0 {
        let ratio = every as f64 / grid as f64;
        writeln!(
            out,
            "  everybody measured {ratio:.1} distances for each one the buckets measured"
        )?;
    }
    Ok(())
}

fn advance<Q: Query>(herd: &mut Herd<Q>, ticks: u32, progress: &Progress) -> anyhow::Result<()> {
    for _ in 0..ticks {
        herd.tick()?;
        progress.step();
    }
    Ok(())
}

/// The agreement test's run, printed: the benchmark's crowd of 512 walkers for 300 ticks,
/// through everybody and through the buckets.
///
/// Prints the distance tests each made and the digest of every number each way: the
/// figures `tests/agree.rs` holds to (the same bits, and under a tenth of the tests).
#[derive(clap::Args, Debug)]
pub struct Args {
    /// Walkers, two to a cell on a square field: 1 to 2,000.
    #[arg(short = 'n', default_value_t = WALKERS, value_parser = crate::scene::WALKER_RANGE, allow_hyphen_values = true)]
    pub n: usize,
    /// Ticks to run each way: 0 to 1,000.
    #[arg(long, default_value_t = TICKS, value_parser = TICK_RANGE, allow_hyphen_values = true)]
    pub ticks: u32,
}

impl crate::run::Run for Args {
    fn run(&self, out: &mut dyn Write) -> anyhow::Result<()> {
        run(out, self.n, self.ticks)
    }
}

/// How long `agree` runs: 0 to 1,000 ticks (at 2,000 walkers everybody makes four million
/// tests a tick).
const TICK_RANGE: world::shell::cli::Whole<u32> = world::shell::cli::Whole::new("ticks", 0, 1000);
