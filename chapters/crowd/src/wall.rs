//! The memory wall: the bytes a tick must read at each crowd size of `fit`, counted; and with
//! --clock, how fast this machine streams memory and what share of that each crowd's phase
//! reaches.

use std::hint::black_box;
use std::io::Write;
use std::time::Instant;

use world::beast::think::brain::BYTES;
use world::beast::{Design, Settings};
use world::pictures::chart::{self, Axis, Chart, Corner, Line, Rule};
use world::pictures::palette::{BLUE, RED};
use world::shell::progress::Progress;

use crate::fit::TIMES;
use crate::scene::{BUDGET_MS, COLS, CROWD, ROWS, found};
use crate::timed::timed;

/// The buffer the bandwidth is measured on: 256 MiB, far past any cache and inside the
/// 400 MB every run of this chapter keeps to ([`crate::scene::MOST_MB`]).
const BUFFER: usize = 1 << 28;
/// Passes over the buffer in one timed read, so a read streams 1 GiB however small the buffer.
const PASSES: usize = 4;
/// Timed reads; the fastest is kept, as the least disturbed.
const READS: usize = 5;

/// A million bytes.
const MB: f64 = 1e6;

/// The table: each of fit's crowd sizes run for `--ticks` ticks and the bytes its closing tick
/// read, and with `--clock` (or `--chart`) the stream's speed and each phase's share of it.
pub fn run(out: &mut dyn Write, args: &Args, settings: Settings) -> anyhow::Result<()> {
    let (ticks, more, chart) = (args.run.ticks, &args.more[..], args.chart.as_deref());
    let clock = args.clock || chart.is_some();
    let crew = settings.crew;
    writeln!(out, "what a tick must read: every living creature's brain once, and the view")?;
    let stream = if clock { Some(bandwidth(crew)) } else { None };
    if let Some(gbs) = stream {
        writeln!(
            out,
            "this machine streams {gbs:.1} GB/s, summing a {} MiB buffer {PASSES} times on {crew} \
             thread(s)",
            BUFFER >> 20
        )?;
    }
    writeln!(out)?;
    write!(
        out,
        "  {:>6} {:>9} {:>11} {:>9} {:>13}",
        "rows", "creatures", "weights MB", "view MB", "MB per tick"
    )?;
    writeln!(out, "{}", if clock { "  ms per tick    GB/s  of the stream" } else { "" })?;
    let progress = Progress::new("wall", (TIMES.len() + more.len()) as u64 * u64::from(ticks));
    // For the chart: each crowd, its phase's ms per tick, and the ms the stream would take to
    // read its bytes.
    let mut points = Vec::new();
    for k in TIMES.iter().chain(more) {
        let (rows, crowd) = (ROWS * *k as usize, CROWD * *k as usize);
        let mut w = found(crowd, rows, Design::default(), settings)?;
        let c = timed(&mut w, ticks, &progress);
        let weights = (w.roster.live.len() * BYTES) as f64 / MB;
        let view = w.view_bytes().unwrap_or(0) as f64 / MB;
        let all = weights + view;
        write!(out, "  {rows:>6} {crowd:>9} {weights:>11.2} {view:>9.2} {all:>13.2}")?;
        match stream {
            Some(gbs) => {
                let ms = c.phase_ms(ticks);
                // Megabytes per millisecond are gigabytes per second.
                let reached = all / ms;
                writeln!(out, "  {ms:>11.3} {reached:>7.2} {:>13.1}%", 100.0 * reached / gbs)?;
                points.push((crowd as f64, ms, all / gbs));
            }
            None => writeln!(out)?,
        }
    }
    notes(out, ticks, stream.is_some().then_some(crew))?;
    if let Some(path) = chart {
        draw(&points).save(path)?;
        writeln!(out, "wrote {}", path.display())?;
    }
    Ok(())
}

/// The wall as a chart: creatures across, ms per tick up, both on log scales, so the stream's
/// few milliseconds show beside the phase's tens. The stream's line is carried on, at its own
/// bytes per creature, to the crowd whose bytes alone would fill the 50 ms budget: the wall
/// itself, drawn where it stands even when no crowd timed reaches it.
fn draw(points: &[(f64, f64, f64)]) -> Chart {
    let last = points.last().copied().unwrap_or((1.0, 1.0, 1.0));
    // The stream's ms per creature holds across the table (bytes grow with the crowd), so the
    // largest crowd's gives the wall.
    let wall = if last.2 > 0.0 { BUDGET_MS * last.0 / last.2 } else { last.0 };
    let decade = |v: f64, up: bool| {
        let l = libm::log10(v.max(1e-9));
        (if up { libm::ceil(l) } else { libm::floor(l) }) as i32
    };
    let fewest = points.iter().map(|p| p.0).fold(f64::INFINITY, f64::min).min(wall);
    let most = points.iter().map(|p| p.0).fold(wall, f64::max);
    let quickest = points.iter().map(|p| p.2.min(p.1)).fold(BUDGET_MS, f64::min);
    let slowest = points.iter().map(|p| p.1).fold(BUDGET_MS, f64::max);
    let line = |name: &str, colour, pick: fn(&(f64, f64, f64)) -> f64| Line {
        name: name.into(),
        colour,
        points: points.iter().map(|p| (p.0, pick(p))).collect(),
        dots: true,
    };
    Chart {
        title: "The memory wall: a tick's phase against the time to stream its bytes".into(),
        x: Axis::decades("creatures (log scale)", decade(fewest, false), decade(most * 1.05, true)),
        y: Axis::decades(
            "ms per tick (log scale)",
            decade(quickest, false),
            decade(slowest * 1.1, true),
        ),
        lines: vec![
            line("the phase, as timed", BLUE, |p| p.1),
            line("the stream reading its bytes", ORANGE, |p| p.2),
            Line {
                name: format!(
                    "the stream carried on: the wall, {} creatures",
                    chart::number(wall, 0)
                ),
                colour: GREY,
                points: vec![(last.0, last.2), (wall, BUDGET_MS)],
                dots: true,
            },
        ],
        rules: vec![Rule { name: "the 50 ms budget".into(), colour: RED, at: BUDGET_MS }],
        key: Corner::LowerRight,
    }
}

/// A grey for the stream's line carried past the crowds timed: worked out, not measured.
const GREY: world::pictures::palette::Rgb = [140, 140, 140];

/// An orange for the stream's line, told apart from the phase's blue.
const ORANGE: world::pictures::palette::Rgb = [230, 140, 20];

/// The lines under the table: what its columns count, and where its timings were taken.
fn notes(out: &mut dyn Write, ticks: u32, timed_on: Option<usize>) -> anyhow::Result<()> {
    writeln!(out)?;
    writeln!(
        out,
        "  {COLS} cells across; each valley run {ticks} ticks, the bytes those of its closing tick"
    )?;
    writeln!(
        out,
        "  weights: {BYTES} bytes per living creature; view: the flat rows, ring included"
    )?;
    if let Some(crew) = timed_on {
        writeln!(
            out,
            "  GB/s: a tick's bytes over the phase's time, timed here on {crew} thread(s)"
        )?;
    }
    Ok(())
}

/// This machine's streaming bandwidth in GB/s: the fastest of several sums over a buffer far
/// bigger than any cache, cut into `crew` stripes read side by side.
fn bandwidth(crew: usize) -> f64 {
    let words = vec![1u64; BUFFER / size_of::<u64>()];
    let part = words.len().div_ceil(crew);
    let mut best = f64::MAX;
    for _ in 0..READS {
        let start = Instant::now();
        let sum: u64 = std::thread::scope(|s| {
            let sums: Vec<_> = words
                .chunks(part)
                .map(|c| s.spawn(move || (0..PASSES).map(|_| sum(black_box(c))).sum::<u64>()))
                .collect();
            sums.into_iter().map(|h| h.join().expect("a sum does not panic")).sum()
        });
        best = best.min(start.elapsed().as_secs_f64());
        assert_eq!(black_box(sum), (PASSES * words.len()) as u64, "every word read each pass");
    }
    (PASSES * BUFFER) as f64 / best / 1e9
}

/// The words summed, eight side by side so the reads are not held up by the adds.
fn sum(words: &[u64]) -> u64 {
    let mut acc = [0u64; 8];
    let mut chunks = words.chunks_exact(8);
    for c in &mut chunks {
        for (a, w) in acc.iter_mut().zip(c) {
            *a = a.wrapping_add(*w);
        }
    }
    let rest: u64 = chunks.remainder().iter().sum();
    acc.iter().sum::<u64>() + rest
}

/// The memory wall: the bytes a tick must read at each of fit's crowd sizes, and with
/// --clock this machine's streaming bandwidth and the share of it each crowd reaches.
#[derive(clap::Args, Debug)]
pub struct Args {
    #[command(flatten)]
    pub run: crate::flags::Ticks<30>,
    /// Threads the fans are cast on, and the buffer is read on: 1 to 256 (default: the
    /// machine's cores).
    #[arg(long, value_parser = crate::flags::CREW, allow_hyphen_values = true)]
    pub crew: Option<usize>,
    /// Also measure the bandwidth and time each row: these lines differ on every machine.
    #[arg(long)]
    pub clock: bool,
    /// Extra row sizes, as for fit: 1 to 50 times the 150x100 valley, separated by commas.
    #[arg(long, value_name = "TIMES", value_delimiter = ',', value_parser = crate::flags::TIMES, allow_hyphen_values = true)]
    #[arg(action = clap::ArgAction::Set)]
    pub more: Vec<u32>,
    /// Also chart each crowd's phase time against the time the stream would take to read
    /// its bytes into this SVG, with the 50 ms budget as a rule (and so time them, as
    /// --clock does).
    #[arg(long, value_name = "FILE", value_parser = world::shell::file_flags::svg)]
    pub chart: Option<world::shell::file_flags::OutFile>,
}

impl crate::run::Run for Args {
    fn run(&self, out: &mut dyn Write, settings: Settings) -> anyhow::Result<()> {
        run(out, self, settings)
    }
}
