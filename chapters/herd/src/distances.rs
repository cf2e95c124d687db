//! `distances`: how many distances each query measures per tick as the crowd grows at constant
//! crowding. A count, not a time, so the book checks it.

use std::io::Write;
use std::path::Path;

use world::base::CELL;
use world::flock::near::{Buckets, Everybody, Mailboxes, Query};
use world::pictures::chart::Axis;
use world::pictures::palette::{BLUE, INK};
use world::shell::progress::Progress;

use world::flock::{Herd, Listen};

use crate::charts::{log_chart, log_lines};
use crate::scene::{MOST_WALKERS, SIZES, crowd, crowd_side, valley_crowd};

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
    writeln!(out, "distance tests per tick, mean of the first {ticks} ticks")?;
    writeln!(out, "{:>88}", "tests per walker in reach")?;
    writeln!(
        out,
        "walkers   field  in reach    buckets  mailboxes  buckets/mailboxes    buckets  mailboxes"
    )?;
    let mut row = |n: usize, field: String, grid: f64, (mail, near): (f64, f64)| {
        let each = |tests: f64| tests / (n as f64 * near);
        writeln!(
            out,
            "{n:>7}  {field:>6}  {near:>8.2}  {grid:>9.1}  {mail:>9.1}  {:>17.2}  {:>9.2}  {:>9.2}",
            grid / mail,
            each(grid),
            each(mail)
        )
    };
    let progress = Progress::new("distances", 2 * (SIZES.len() as u64 + 1) * u64::from(ticks));
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
    row(MOST_WALKERS as usize, "valley".to_string(), grid.0, mail)?;
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
    writeln!(
        out,
        "distance tests per tick, mean of the first {ticks} ticks, two walkers to a cell"
    )?;
    writeln!(out, "walkers   field   everybody    n(n-1)    buckets  everybody/buckets")?;
    let mut rows = Vec::new();
    let progress = Progress::new("distances", 2 * SIZES.len() as u64 * u64::from(ticks));
    for n in SIZES {
        progress.say(format!("{n} walkers"));
        let every = per_tick(n, ticks, |_, _| Everybody::default(), &progress)?;
        let grid = per_tick(n, ticks, |c, r| Buckets::new(c, r, CELL), &progress)?;
        let side = crowd_side(n);
        let exact = (n * (n - 1)) as f64;
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

/// "exactly", or a shouted "NO" when everybody's count is not n(n - 1): the claims test counts
/// the first.
fn yes_exact(b: bool) -> &'static str {
    if b { "exactly" } else { "NO" }
}

/// Distance tests per tick for both queries at 32 to 8192 walkers, two to a cell.
///
/// A count, not a time: the same on every machine, so the book can check it.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// Ticks to average over, 1 to 1,000 (each tick of the largest crowd takes a tenth of a
    /// second or so).
    #[arg(long, default_value = "10", value_parser = TICKS, allow_hyphen_values = true)]
    pub ticks: u32,
    /// Which round of the chapter to count, 1 or 2: 1 is everybody against the buckets, 2
    /// the buckets against the mailboxes, with the neighbours in reach and the most crowded
    /// valley.
    #[arg(long, default_value = "1", value_parser = crate::scene::ROUND, allow_hyphen_values = true)]
    pub round: u8,
    /// Also chart the counts against the crowd size into this SVG, on log scales.
    #[arg(long, value_name = "FILE", value_parser = world::shell::file_flags::svg)]
    pub chart: Option<world::shell::file_flags::OutFile>,
}

impl crate::run::Run for Args {
    fn run(&self, out: &mut dyn Write) -> anyhow::Result<()> {
        match self.round {
            1 => run(out, self.ticks, self.chart.as_deref()),
            _ => second(out, self.ticks, self.chart.as_deref()),
        }
    }
}

/// How many ticks `distances` averages over: 1 to 1,000.
const TICKS: world::shell::cli::Whole<u32> = world::shell::cli::Whole::new("ticks", 1, 1000);
