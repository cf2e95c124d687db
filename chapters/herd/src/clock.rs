//! The benchmark's question asked with a stopwatch: one tick of the crowd through each query, at
//! every size. Criterion answers it carefully; this answers it in one table and one chart, for
//! the book's measured block.

use std::io::Write;
use std::path::Path;
use std::time::{Duration, Instant};

use world::chart::Axis;
use world::near::{Buckets, Everybody, Query};
use world::progress::Progress;
use world::terra::CELL;

use crate::scene::{Herd, SIZES, crowd};
use crate::tests::log_chart;

/// Milliseconds per tick of `herd`: one tick to warm the buckets' memory, then as many ticks as
/// fill `budget` (three at least), so a small crowd is timed over many ticks and a big one over
/// few.
fn per_tick<Q: Query>(mut herd: Herd<Q>, budget: Duration) -> anyhow::Result<f64> {
    herd.tick()?;
    let start = Instant::now();
    let mut ticks = 0u32;
    while ticks < 3 || start.elapsed() < budget {
        herd.tick()?;
        ticks += 1;
    }
    Ok(start.elapsed().as_secs_f64() * 1000.0 / f64::from(ticks))
}

pub fn run(out: &mut dyn Write, millis: u32, picture: Option<&Path>) -> anyhow::Result<()> {
    if let Some(path) = picture {
        world::out::ready(path)?;
    }
    let budget = Duration::from_millis(u64::from(millis));
    writeln!(out, "ms per tick, timed over at least {millis} ms of ticks for each figure")?;
    writeln!(
        out,
        "walkers   everybody     buckets   everybody/buckets   growth per 4x: everybody  buckets"
    )?;
    let mut rows: Vec<(f64, f64)> = Vec::new();
    let progress = Progress::new("clock", SIZES.len() as u64);
    for n in SIZES {
        progress.say(format!("{n} walkers"));
        let every = per_tick(crowd(n, |_, _| Everybody::default()), budget)?;
        let grid = per_tick(crowd(n, |c, r| Buckets::new(c, r, CELL)), budget)?;
        let growth = match rows.last() {
            Some(&(e, g)) => format!("{:>24.1}  {:>7.1}", every / e, grid / g),
            None => format!("{:>24}  {:>7}", "-", "-"),
        };
        writeln!(out, "{n:>7}  {every:>10.3}  {grid:>10.3}  {:>18.2}   {growth}", every / grid)?;
        rows.push((every, grid));
        progress.step();
    }
    if let Some(path) = picture {
        let y = Axis::decades("ms per tick (log scale)", -3, 3);
        log_chart("Time per tick as the crowd grows, on this machine", y, &rows).save(path)?;
        writeln!(out, "wrote {}", path.display())?;
    }
    Ok(())
}
