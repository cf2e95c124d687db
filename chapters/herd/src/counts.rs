//! How many distances each query measures per tick as the crowd grows at constant crowding.

use std::io::Write;

use world::near::{Buckets, Everybody, Query};
use world::terra::CELL;

use crate::scene::{crowd, crowd_side};

/// The crowd sizes of the `tests` table and the benchmark.
pub const SIZES: [usize; 5] = [32, 128, 512, 2048, 8192];

/// Distance tests per tick, averaged over `ticks` ticks of the benchmark's crowd.
pub fn per_tick<Q: Query>(
    n: usize,
    ticks: u32,
    query: impl FnOnce(usize, usize) -> Q,
) -> anyhow::Result<f64> {
    let mut herd = crowd(n, query);
    herd.query.reset();
    for _ in 0..ticks {
        herd.tick()?;
    }
    Ok(herd.query.count() as f64 / f64::from(ticks))
}

pub fn run(out: &mut dyn Write, ticks: u32) -> anyhow::Result<()> {
    writeln!(
        out,
        "distance tests per tick, mean of the first {ticks} ticks, two walkers to a cell"
    )?;
    writeln!(out, "walkers   field   everybody    n(n-1)    buckets  everybody/buckets")?;
    for n in SIZES {
        let every = per_tick(n, ticks, |_, _| Everybody::default())?;
        let grid = per_tick(n, ticks, |c, r| Buckets::new(c, r, CELL))?;
        let side = crowd_side(n);
        let exact = (n * (n - 1)) as f64;
        anyhow::ensure!(
            every == exact,
            "everybody made {every} tests a tick, not n(n-1) = {exact}"
        );
        writeln!(
            out,
            "{n:>7}  {:>6}  {every:>10.0}  {:>8}  {grid:>9.1}  {:>17.1}",
            format!("{side}x{side}"),
            yes_exact(every == exact),
            every / grid
        )?;
    }
    Ok(())
}

fn yes_exact(b: bool) -> &'static str {
    if b { "exactly" } else { "NO" }
}
