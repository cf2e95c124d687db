//! `bands --parts`: where a tick's phase spends its time at 30,000 creatures, part by part (the
//! open, the look ahead, the walk, the close), on one thread and on two, in roster order and by
//! bands, each run in turns; and, with `--chart`, the parts drawn as one bar a run. The times
//! are this machine's, so the block and the picture are measured ones.

use std::io::Write;
use std::path::Path;
use std::time::Instant;

use world::beast::{Design, Moment, Settings, World};
use world::pictures::chart::{number, step_for};
use world::pictures::palette::{BLUE, GREY, INK, RED, Rgb};
use world::pictures::sketch::{Align, Sketch};
use world::shell::progress::Progress;

use crate::scene::{CROWD, ROWS, found};
use crate::turns::ROUNDS;

/// The valley timed: ten times the chapter's, where the aims are set.
pub(super) const TIMES: usize = 10;
/// The ticks of a turn, after one untimed.
const TICKS: u32 = 30;

/// The parts of a phase, in the order it runs them, with what a row calls them.
const PARTS: [&str; 4] = ["open", "look ahead", "walk", "close"];

/// One run timed: its name, and the mean milliseconds per tick of each part.
struct Timed {
    name: &'static str,
    parts: [f64; 4],
}

impl Timed {
    fn phase(&self) -> f64 {
        self.parts.iter().sum()
    }
}

/// Times `w` for [`TICKS`] ticks after one untimed: the mean ms per tick of each part.
fn parts_of(w: &mut World) -> [f64; 4] {
    w.tick();
    let mut sums = [0.0; 4];
    for _ in 0..TICKS {
        let mut at = Instant::now();
        let mut part = 0;
        w.tick_watched(|m| {
            let next = match m {
                Moment::PhaseOpens => {
                    at = Instant::now();
                    return;
                }
                Moment::LookAhead => 1,
                Moment::Walk => 2,
                Moment::Close => 3,
                Moment::PhaseCloses => 4,
                Moment::TickOpens => return,
            };
            let now = Instant::now();
            sums[part] += (now - at).as_secs_f64() * 1e3;
            (at, part) = (now, next);
        });
    }
    sums.map(|s| s / f64::from(TICKS))
}

pub fn run(out: &mut dyn Write, settings: Settings, chart: Option<&Path>) -> anyhow::Result<()> {
    let (rows, crowd) = (ROWS * TIMES, CROWD * TIMES);
    let serial = Design { serial: true, ..Design::default() };
    let runs: [(&'static str, Design, usize); 3] = [
        ("crew 1, in roster order", Design::default(), 1),
        ("crew 2, in roster order", serial, 2),
        ("crew 2, by bands", Design::default(), 2),
    ];
    let progress = Progress::new("bands --parts", (ROUNDS * runs.len()) as u64);
    found(crowd, rows, Design::default(), settings)?;
    // Each run's best round, by the whole phase: the rounds take turns, so a slow spell of the
    // machine falls on every run alike.
    let mut best: Vec<Option<[f64; 4]>> = vec![None; runs.len()];
    for _ in 0..ROUNDS {
        for (k, &(_, design, crew)) in runs.iter().enumerate() {
            let mut w = found(crowd, rows, design, settings.with_crew(crew))?;
            let parts = parts_of(&mut w);
            if best[k].is_none_or(|b| parts.iter().sum::<f64>() < b.iter().sum::<f64>()) {
                best[k] = Some(parts);
            }
            progress.step();
        }
    }
    let timed: Vec<Timed> = runs
        .iter()
        .zip(best)
        .map(|(&(name, _, _), parts)| Timed { name, parts: parts.unwrap_or_default() })
        .collect();
    writeln!(out, "timed here, {crowd} creatures, {TICKS} ticks per turn after one untimed,")?;
    writeln!(out, "{ROUNDS} rounds in turns: each run's best round, ms per tick")?;
    writeln!(out)?;
    write!(out, "  {:<12}", "part")?;
    for t in &timed {
        write!(out, " {:>24}", t.name)?;
    }
    writeln!(out)?;
    for (p, name) in PARTS.iter().enumerate() {
        write!(out, "  {name:<12}")?;
        for t in &timed {
            write!(out, " {:>24.3}", t.parts[p])?;
        }
        writeln!(out)?;
    }
    write!(out, "  {:<12}", "the phase")?;
    for t in &timed {
        write!(out, " {:>24.3}", t.phase())?;
    }
    writeln!(out)?;
    writeln!(out)?;
    writeln!(out, "  open: the view and the bands, on the walk's thread alone")?;
    writeln!(out, "  close: the burials and the striking off, on the walk's thread alone")?;
    if let Some(path) = chart {
        draw(&timed, crowd).save(path)?;
        writeln!(out, "wrote {}", path.display())?;
    }
    Ok(())
}

/// An axis of milliseconds from 0 past `most`, `across` (its left and width) and `down` (its
/// grid's top and the axis's line), its grid and numbers drawn and its name under it; gives
/// where a millisecond falls.
pub(super) fn ms_axis(
    s: &mut Sketch,
    (left, wide): (f64, f64),
    (top, axis): (f64, f64),
    most: f64,
    name: &str,
) -> impl Fn(f64) -> f64 + use<> {
    let step = step_for(most, 6);
    let end = (most / step).ceil() * step;
    let x = move |ms: f64| left + wide * ms / end;
    let mut at = 0.0;
    while at <= end + 1e-9 {
        s.line((x(at), top - 6.0), (x(at), axis), GREY, 1.0, true);
        let label = number(at, if step < 1.0 { 1 } else { 0 });
        s.text((x(at), axis + 16.0), 11.0, Align::Middle, INK, &label);
        at += step;
    }
    s.text((x(end / 2.0), axis + 34.0), 11.0, Align::Middle, INK, name);
    x
}

/// Each part's colour in the bars.
const SHADES: [Rgb; 4] = [RED, BLUE, [230, 120, 20], GREY];

/// One bar a run, its parts laid end to end in the order the phase runs them, on an axis of
/// milliseconds per tick, with the key of parts under it.
fn draw(timed: &[Timed], crowd: usize) -> Sketch {
    let (names, left, wide, row) = (20.0, 190.0, 540.0, 34.0);
    let top = 56.0;
    let high = top + row * timed.len() as f64 + 84.0;
    let mut s = Sketch::new(760.0, high);
    let title = format!("Where a tick's phase goes, {crowd} creatures (this machine)");
    s.text((names, 24.0), 15.0, Align::Start, INK, &title);
    let most = timed.iter().map(Timed::phase).fold(0.0, f64::max);
    let axis = top + row * timed.len() as f64 + 6.0;
    let x = ms_axis(&mut s, (left, wide), (top, axis), most, "ms per tick");
    for (k, t) in timed.iter().enumerate() {
        let y = top + row * k as f64;
        s.text((names, y + 17.0), 11.0, Align::Start, INK, t.name);
        let mut from = 0.0;
        for (p, &ms) in t.parts.iter().enumerate() {
            s.rect(x(from), y, x(from + ms) - x(from), row - 10.0, Some(SHADES[p]), None);
            from += ms;
        }
        let total = format!("{} ms", number(t.phase(), 1));
        s.text((x(from) + 6.0, y + 17.0), 11.0, Align::Start, INK, &total);
    }
    let key = axis + 58.0;
    for (p, name) in PARTS.iter().enumerate() {
        let kx = names + 150.0 * p as f64;
        s.rect(kx, key - 10.0, 14.0, 12.0, Some(SHADES[p]), None);
        s.text((kx + 20.0, key), 11.0, Align::Start, INK, name);
    }
    s
}
