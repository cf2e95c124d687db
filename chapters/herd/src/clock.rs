//! The benchmark's question asked with a stopwatch: one tick of the crowd through each query, at
//! every size. Criterion answers it carefully; this answers it in one table and one chart, for
//! the book's measured block.

use std::io::Write;
use std::path::Path;
use std::time::{Duration, Instant};

use world::base::CELL;
use world::flock::near::{Buckets, Everybody, Mailboxes, Query};
use world::pictures::chart::{Axis, Chart};
use world::pictures::palette::{BLUE, INK, RED};
use world::shell::progress::Progress;
use world::shell::turns::Turns;

use world::flock::{Herd, Listen};

use crate::charts::{log_chart, log_lines};
use crate::scene::{MOST_WALKERS, SIZES, crowd, crowd_side, valley_crowd};

/// How many turns each design gets: its time is the best of them, and a ratio the middle one of
/// the rounds' ratios.
const ROUNDS: u32 = 5;

/// One design's herd, ticking.
type Ticker<'a> = Box<dyn FnMut() -> anyhow::Result<()> + 'a>;

/// A herd as a design to time, hearing its neighbours the way the design does.
fn ticker<'a, Q: Query + 'a>(herd: Herd<Q>, listen: Listen) -> Ticker<'a> {
    let mut herd = herd.listening(listen);
    Box::new(move || Ok(herd.tick()?))
}

/// Times each design: one tick each to warm the memory, then the designs take turns, round
/// after round, each turn as many ticks as fill `budget / ROUNDS` (one at least), in
/// milliseconds per tick.
fn per_tick(designs: &mut [Ticker], budget: Duration) -> anyhow::Result<Turns> {
    let turn = budget / ROUNDS;
    for tick in designs.iter_mut() {
        tick()?;
    }
    Turns::take(designs.len(), ROUNDS as usize, |d| {
        let start = Instant::now();
        let mut ticks = 0u32;
        while ticks < 1 || start.elapsed() < turn {
            designs[d]()?;
            ticks += 1;
        }
        Ok(start.elapsed().as_secs_f64() * 1000.0 / f64::from(ticks))
    })
}

/// The line above each table that says what its figures are.
fn heading(millis: u32) -> String {
    format!(
        "ms per tick, best of {ROUNDS} turns (at least {millis} ms of ticks); \
         ratio: middle of {ROUNDS} paired ratios"
    )
}

pub fn run(out: &mut dyn Write, millis: u32, picture: Option<&Path>) -> anyhow::Result<()> {
    let budget = Duration::from_millis(u64::from(millis));
    writeln!(out, "{}", heading(millis))?;
    writeln!(
        out,
        "walkers   everybody     buckets   everybody/buckets   growth per 4x: everybody  buckets"
    )?;
    let mut rows: Vec<(f64, f64)> = Vec::new();
    let progress = Progress::new("clock", SIZES.len() as u64);
    for n in SIZES {
        progress.say(format!("{n} walkers"));
        let mut designs = [
            ticker(crowd(n, |_, _| Everybody::default()), Listen::ThreePasses),
            ticker(crowd(n, |c, r| Buckets::new(c, r, CELL)), Listen::ThreePasses),
        ];
        let timed = per_tick(&mut designs, budget)?;
        let (every, grid) = (timed.best(0), timed.best(1));
        let growth = match rows.last() {
            Some(&(e, g)) => format!("{:>24.1}  {:>7.1}", every / e, grid / g),
            None => format!("{:>24}  {:>7}", "-", "-"),
        };
        let ratio = timed.ratio(0, 1);
        writeln!(out, "{n:>7}  {every:>10.3}  {grid:>10.3}  {ratio:>18.2}   {growth}")?;
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

// ANCHOR: second
/// The second round's times: everybody, the first round's buckets (three passes of the rules
/// over a sorted copy), and the mailboxes (one pass), on the benchmark's crowds and on the most
/// crowded valley.
pub fn second(out: &mut dyn Write, millis: u32, picture: Option<&Path>) -> anyhow::Result<()> {
    let budget = Duration::from_millis(u64::from(millis));
    writeln!(out, "{}", heading(millis))?;
    writeln!(
        out,
        "walkers  field   everybody     buckets   mailboxes   buckets/mailboxes  everybody/mailboxes"
    )?;
    let progress = Progress::new("clock", SIZES.len() as u64 + 3);
    let mut rows = Vec::new();
    let mut row = |n: usize, field: &str, mut designs: [Ticker; 3]| -> anyhow::Result<()> {
        progress.say(format!("{n} walkers, {field}"));
        let timed = per_tick(&mut designs, budget)?;
        let [every, grid, mail] = [0, 1, 2].map(|d| timed.best(d));
        progress.step();
        rows.push([every, grid, mail]);
        writeln!(
            out,
            "{n:>7}  {field:>6}  {every:>10.3}  {grid:>10.3}  {mail:>10.3}  {:>18.2}  {:>19.2}",
            timed.ratio(1, 2),
            timed.ratio(0, 2)
        )?;
        Ok(())
    };
    for n in SIZES {
        let side = crowd_side(n);
        row(
            n,
            &format!("{side}x{side}"),
            [
                ticker(crowd(n, |_, _| Everybody::default()), Listen::ThreePasses),
                ticker(crowd(n, |c, r| Buckets::new(c, r, CELL)), Listen::ThreePasses),
                ticker(crowd(n, |c, r| Mailboxes::new(c, r, CELL)), Listen::OnePass),
            ],
        )?;
    }
    row(
        MOST_WALKERS as usize,
        "valley",
        [
            ticker(valley_crowd(|_, _| Everybody::default()), Listen::ThreePasses),
            ticker(valley_crowd(|c, r| Buckets::new(c, r, CELL)), Listen::ThreePasses),
            ticker(valley_crowd(|c, r| Mailboxes::new(c, r, CELL)), Listen::OnePass),
        ],
    )?;
    progress.say("each change on its own");
    steps(out, budget)?;
    progress.step();
    progress.step();
    if let Some(path) = picture {
        second_chart(&rows[..SIZES.len()]).save(path)?;
        writeln!(out, "wrote {}", path.display())?;
    }
    Ok(())
}

/// The second round's times against the crowd size, a line a design, on log scales.
fn second_chart(rows: &[[f64; 3]]) -> Chart {
    let y = Axis::decades("ms per tick (log scale)", -3, 3);
    let line = |k: usize| rows.iter().map(|r| r[k]).collect();
    let lines =
        vec![("everybody", RED, line(0)), ("buckets", BLUE, line(1)), ("mailboxes", INK, line(2))];
    log_lines("Time per tick, both rounds, on this machine", y, lines)
}

// ANCHOR: steps
/// Each half of the change on its own: either query, heard either way, at 2048 walkers and on
/// the most crowded valley. The mailboxes asked one walker at a time are the thin cells and
/// the squared test without the turns: each walker's list is found, sorted and copied out.
fn steps(out: &mut dyn Write, budget: Duration) -> anyhow::Result<()> {
    let n = 2048;
    let (three, one) = (Listen::ThreePasses, Listen::OnePass);
    let crowds = [
        per_tick(
            &mut [
                ticker(crowd(n, |c, r| Buckets::new(c, r, CELL)), three),
                ticker(crowd(n, |c, r| Buckets::new(c, r, CELL)), one),
                ticker(crowd(n, |c, r| Mailboxes::new(c, r, CELL)), three),
                ticker(crowd(n, |c, r| Mailboxes::new(c, r, CELL)), one),
            ],
            budget,
        )?,
        per_tick(
            &mut [
                ticker(valley_crowd(|c, r| Buckets::new(c, r, CELL)), three),
                ticker(valley_crowd(|c, r| Buckets::new(c, r, CELL)), one),
                ticker(valley_crowd(|c, r| Mailboxes::new(c, r, CELL)), three),
                ticker(valley_crowd(|c, r| Mailboxes::new(c, r, CELL)), one),
            ],
            budget,
        )?,
    ];
    writeln!(out)?;
    writeln!(out, "each change on its own, ms per tick      {n} walkers  valley, 2000")?;
    let names = [
        "buckets, three passes (the first round)",
        "buckets, one pass",
        "thin cells one walker at a time, three passes",
        "mailboxes, one pass (the second round)",
    ];
    let [sparse, dense] = &crowds;
    for (k, name) in names.iter().enumerate() {
        writeln!(out, "{name:<45}  {:>10.3}  {:>12.3}", sparse.best(k), dense.best(k))?;
    }
    Ok(())
}
// ANCHOR_END: steps
// ANCHOR_END: second

/// Times one tick of the same crowds through both queries: a measurement, so it differs
/// from machine to machine and run to run, and the book keeps it in a measured block.
///
/// The designs take turns, five rounds of them. A time is the design's best turn, so a
/// moment when the machine was busy elsewhere does not count against it; a ratio is the
/// middle one of the rounds' ratios, since the two turns of a round see the machine alike.
/// Criterion's benchmark (`cargo bench -p herd`) asks the same question more carefully.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// Time each figure over at least this many milliseconds of ticks, 1 to 60,000.
    #[arg(long, default_value = "300", value_parser = MILLIS, allow_hyphen_values = true)]
    pub millis: u32,
    /// Which round of the chapter to time, 1 or 2: 1 is everybody against the buckets, 2
    /// adds the mailboxes, the most crowded valley and each change of the second round on
    /// its own.
    #[arg(long, default_value = "1", value_parser = crate::scene::ROUND, allow_hyphen_values = true)]
    pub round: u8,
    /// Also chart the times against the crowd size into this SVG, on log scales.
    #[arg(long, value_name = "FILE", value_parser = world::shell::file_flags::svg)]
    pub chart: Option<world::shell::file_flags::OutFile>,
}

impl crate::run::Run for Args {
    fn run(&self, out: &mut dyn Write) -> anyhow::Result<()> {
        match self.round {
            1 => run(out, self.millis, self.chart.as_deref()),
            _ => second(out, self.millis, self.chart.as_deref()),
        }
    }
}

/// How long `clock` times each figure: 1 ms to a minute.
const MILLIS: world::shell::cli::Whole<u32> =
    world::shell::cli::Whole::new("milliseconds", 1, 60_000);
