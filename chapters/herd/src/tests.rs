//! How many distances each query measures per tick as the crowd grows at constant crowding.

use std::io::Write;
use std::path::Path;

use world::chart::{Axis, Chart, Corner, Line};
use world::near::{Buckets, Everybody, Mailboxes, Query};
use world::progress::Progress;
use world::render::{BLUE, INK, RED, Rgb};
use world::terra::CELL;

use crate::scene::{Herd, Listen, SIZES, crowd, crowd_side, valley_crowd};

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

/// Distance tests per tick over `ticks` ticks of `herd`, and the neighbours each walker heard
/// per tick (the herd must hear in one pass for that).
fn work<Q: Query>(
    mut herd: Herd<Q>,
    ticks: u32,
    progress: &Progress,
) -> anyhow::Result<(f64, f64)> {
    let (n, mut heard) = (herd.bodies.len() as f64, 0);
    herd.query.reset();
    for _ in 0..ticks {
        herd.tick()?;
        heard += herd.heard().total();
        progress.step();
    }
    let per = |x: f64| x / f64::from(ticks);
    Ok((per(herd.query.count() as f64), per(heard as f64) / n))
}

// ANCHOR: second
/// The second round's table: the first round's buckets against the mailboxes, on the
/// benchmark's crowds and on the most crowded valley, with the neighbours there are to find.
pub fn second(out: &mut dyn Write, ticks: u32, chart: Option<&Path>) -> anyhow::Result<()> {
    if let Some(path) = chart {
        world::out::ready(path)?;
    }
    writeln!(out, "distance tests per tick, mean of the first {ticks} ticks")?;
    writeln!(
        out,
        "walkers   field  in reach    buckets  mailboxes  buckets/mailboxes   tests per walker in reach: buckets  mailboxes"
    )?;
    let mut row = |n: usize, field: String, grid: f64, (mail, near): (f64, f64)| {
        let each = |tests: f64| tests / (n as f64 * near);
        writeln!(
            out,
            "{n:>7}  {field:>6}  {near:>8.2}  {grid:>9.1}  {mail:>9.1}  {:>17.2}   {:>34.2}  {:>9.2}",
            grid / mail,
            each(grid),
            each(mail)
        )
    };
    let progress = Progress::new("tests", 2 * (SIZES.len() as u64 + 1) * u64::from(ticks));
    let mut rows = Vec::new();
    for n in SIZES {
        progress.say(format!("{n} walkers"));
        let side = crowd_side(n);
        let grid = per_tick(n, ticks, |c, r| Buckets::new(c, r, CELL), &progress)?;
        let mail = work(crowd(n, |c, r| Mailboxes::new(c, r, CELL)), ticks, &progress)?;
        row(n, format!("{side}x{side}"), grid, mail)?;
        rows.push((grid, mail.0));
    }
    progress.say("the valley");
    let buckets = valley_crowd(|c, r| Buckets::new(c, r, CELL)).listening(Listen::OnePass);
    let grid = work(buckets, ticks, &progress)?;
    let mail = work(valley_crowd(|c, r| Mailboxes::new(c, r, CELL)), ticks, &progress)?;
    row(crate::MOST_WALKERS as usize, "valley".to_string(), grid.0, mail)?;
    if let Some(path) = chart {
        let y = Axis::decades("distance tests per tick (log scale)", 2, 8);
        let buckets = ("buckets", BLUE, rows.iter().map(|r| r.0).collect());
        let mailboxes = ("mailboxes", INK, rows.iter().map(|r| r.1).collect());
        let title = "Distance tests per tick, the first round's buckets and the mailboxes";
        log_lines(title, y, vec![buckets, mailboxes]).save(path)?;
        writeln!(out, "wrote {}", path.display())?;
    }
    Ok(())
}
// ANCHOR_END: second

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
    let every = rows.iter().map(|r| r.0).collect();
    let grid = rows.iter().map(|r| r.1).collect();
    log_lines(title, y, vec![("everybody", RED, every), ("buckets", BLUE, grid)])
}

/// Any designs' figures for each crowd size, each a named line in its colour, on the same
/// scales as [`log_chart`].
pub fn log_lines(title: &str, y: Axis, figures: Vec<(&str, Rgb, Vec<f64>)>) -> Chart {
    let sizes: Vec<f64> = SIZES.iter().map(|&n| n as f64).collect();
    let line = |(name, colour, figures): (&str, Rgb, Vec<f64>)| Line {
        name: name.into(),
        colour,
        points: sizes.iter().copied().zip(figures).collect(),
        dots: true,
    };
    Chart {
        title: title.into(),
        x: Axis::marked("walkers, two to a cell (log scale)", &sizes, true),
        y,
        lines: figures.into_iter().map(line).collect(),
        rules: Vec::new(),
        key: Corner::UpperLeft,
    }
}

fn yes_exact(b: bool) -> &'static str {
    if b { "exactly" } else { "NO" }
}
