//! How many distances each query measures per tick as the crowd grows at constant crowding.

use std::io::Write;
use std::path::Path;

use world::chart::{Axis, Chart, Corner, Line};
use world::near::{Buckets, Everybody, Query};
use world::progress::Progress;
use world::render::{BLUE, RED};
use world::terra::CELL;

use crate::scene::{SIZES, crowd, crowd_side};

/// Distance tests per tick, averaged over `ticks` ticks of the benchmark's crowd.
pub fn per_tick<Q: Query>(
    n: usize,
    ticks: u32,
    query: impl FnOnce(usize, usize) -> Q,
    progress: &Progress,
) -> anyhow::Result<f64> {
    let mut herd = crowd(n, query);
    herd.query.reset();
    for _ in 0..ticks {
        herd.tick()?;
        progress.step();
    }
    Ok(herd.query.count() as f64 / f64::from(ticks))
}

pub fn run(out: &mut dyn Write, ticks: u32, chart: Option<&Path>) -> anyhow::Result<()> {
    if let Some(path) = chart {
        world::out::ready(path)?;
    }
    writeln!(
        out,
        "distance tests per tick, mean of the first {ticks} ticks, two walkers to a cell"
    )?;
    writeln!(out, "walkers   field   everybody    n(n-1)    buckets  everybody/buckets")?;
    let mut rows = Vec::new();
    let progress = Progress::new("tests", 2 * SIZES.len() as u64 * u64::from(ticks));
    for n in SIZES {
        progress.say(format!("{n} walkers"));
        let every = per_tick(n, ticks, |_, _| Everybody::default(), &progress)?;
        let grid = per_tick(n, ticks, |c, r| Buckets::new(c, r, CELL), &progress)?;
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
        rows.push((every, grid));
    }
    if let Some(path) = chart {
        let y = Axis::decades("distance tests per tick (log scale)", 2, 8);
        log_chart("Distance tests per tick as the crowd grows", y, &rows).save(path)?;
        writeln!(out, "wrote {}", path.display())?;
    }
    Ok(())
}

/// Everybody's figure and the buckets' for each crowd size, on logarithmic scales both ways:
/// on such scales a figure that grows with the square of the crowd climbs twice as steeply as
/// one that grows with the crowd. `y` says what the figures are and which decades they span.
pub fn log_chart(title: &str, y: Axis, rows: &[(f64, f64)]) -> Chart {
    let sizes: Vec<f64> = SIZES.iter().map(|&n| n as f64).collect();
    let line = |name: &str, colour, pick: fn(&(f64, f64)) -> f64| Line {
        name: name.into(),
        colour,
        points: sizes.iter().zip(rows).map(|(&n, r)| (n, pick(r))).collect(),
        dots: true,
    };
    Chart {
        title: title.into(),
        x: Axis::marked("walkers, two to a cell (log scale)", &sizes, true),
        y,
        lines: vec![line("everybody", RED, |r| r.0), line("buckets", BLUE, |r| r.1)],
        rules: Vec::new(),
        key: Corner::UpperLeft,
    }
}

fn yes_exact(b: bool) -> &'static str {
    if b { "exactly" } else { "NO" }
}
