//! `bands --timeline`: one tick's phase at 30,000 creatures on two threads by bands, thread by
//! thread. The open and the close on the walk's own thread; each thread's stripe of the look
//! ahead and its band of the walk, from when it began to when it ended; and, inside the walk,
//! how long each thread waited at the seams and how long its turns near a death took, each
//! casting its fan again first; and the writing back of the bands' creatures into the roster.
//! Ticks 91 to 120 are timed, and the tick shown is the one whose phase took the middle time of
//! them. The clock is this run's, handed to the world ([`World::keep_times`]); the times are
//! this machine's, so the block and the picture are measured ones.

use std::io::Write;
use std::path::Path;
use std::sync::OnceLock;
use std::time::Instant;

use world::beast::step::times::Lane;
use world::beast::{Design, Moment, Settings, World};
use world::pictures::palette::{BLUE, INK, RED, Rgb};
use world::pictures::sketch::{Align, Sketch};
use world::shell::progress::Progress;

use super::parts::{TIMES, ms_axis};
use crate::scene::{CROWD, ROWS, found};

/// The ticks timed: the last thirty of the chapter's hundred and twenty, when deaths are many
/// enough for turns near one to show.
const TICKS: u32 = 30;
/// The first tick timed.
const FROM: u32 = 91;
/// The threads the tick is shown on.
const CREW: usize = 2;

/// The run's clock: nanoseconds since its first reading, from one.
fn now() -> u64 {
    static START: OnceLock<Instant> = OnceLock::new();
    START.get_or_init(Instant::now).elapsed().as_nanos() as u64 + 1
}

/// One tick as timed: when its phase opened, its look ahead and its walk began, its close
/// began and it closed; and each thread's lane.
struct Tick {
    tick: u32,
    marks: [u64; 5],
    lanes: Vec<Lane>,
}

impl Tick {
    /// Milliseconds from the phase's opening to `at`.
    fn ms(&self, at: u64) -> f64 {
        at.saturating_sub(self.marks[0]) as f64 / 1e6
    }

    fn phase(&self) -> u64 {
        self.marks[4] - self.marks[0]
    }
}

/// One tick of `w`, timed.
fn timed(w: &mut World, tick: u32) -> Tick {
    let mut marks = [0; 5];
    w.tick_watched(|m| {
        let k = match m {
            Moment::TickOpens => return,
            Moment::PhaseOpens => 0,
            Moment::LookAhead => 1,
            Moment::Walk => 2,
            Moment::Close => 3,
            Moment::PhaseCloses => 4,
        };
        marks[k] = now();
    });
    Tick { tick, marks, lanes: w.lanes() }
}

pub fn run(out: &mut dyn Write, settings: Settings, picture: &Path) -> anyhow::Result<()> {
    let (rows, crowd) = (ROWS * TIMES, CROWD * TIMES);
    let progress = Progress::new("bands --timeline", u64::from(FROM + TICKS - 1));
    let mut w = found(crowd, rows, Design::default(), settings.with_crew(CREW))?;
    w.keep_times(now);
    for _ in 1..FROM {
        w.tick();
        progress.step();
    }
    let mut ticks: Vec<Tick> = (FROM..FROM + TICKS)
        .map(|t| {
            let tick = timed(&mut w, t);
            progress.step();
            tick
        })
        .collect();
    ticks.sort_by_key(Tick::phase);
    let t = &ticks[ticks.len() / 2];
    report(out, t, crowd)?;
    draw(t, crowd).save(picture)?;
    writeln!(out, "wrote {}", picture.display())?;
    Ok(())
}

/// The tick's table: each part's span on each thread, in ms from the phase's opening.
fn report(out: &mut dyn Write, t: &Tick, crowd: usize) -> anyhow::Result<()> {
    let span = |from: u64, to: u64| format!("{:.3} to {:.3}", t.ms(from), t.ms(to));
    let ms = |ns: u64| format!("{:.3}", ns as f64 / 1e6);
    let row = |out: &mut dyn Write, name: &str, cells: Vec<String>| -> std::io::Result<()> {
        write!(out, "  {name:<24}")?;
        for c in cells {
            write!(out, "{c:>20}")?;
        }
        writeln!(out)
    };
    let (m, lanes) = (&t.marks, &t.lanes);
    let walked = lanes.iter().map(|l| l.walk.1).max().unwrap_or(m[2]);
    writeln!(
        out,
        "timed here, {crowd} creatures on {CREW} threads by bands: tick {}, whose",
        t.tick
    )?;
    writeln!(
        out,
        "phase took the middle time of ticks {} to {}, in ms from its opening",
        FROM,
        FROM + TICKS - 1
    )?;
    writeln!(out)?;
    row(out, "", (0..lanes.len()).map(|k| format!("thread {k}")).collect())?;
    row(out, "open", vec![span(m[0], m[1])])?;
    row(out, "look ahead", lanes.iter().map(|l| span(l.look.0, l.look.1)).collect())?;
    row(out, "  then idle", lanes.iter().map(|l| ms(l.walk.0.saturating_sub(l.look.1))).collect())?;
    row(out, "walk by bands", lanes.iter().map(|l| span(l.walk.0, l.walk.1)).collect())?;
    row(out, "  waiting, in all", lanes.iter().map(|l| ms(l.waited)).collect())?;
    row(out, "  near a death, in all", lanes.iter().map(|l| ms(l.again)).collect())?;
    row(out, "  turns near a death", lanes.iter().map(|l| l.again_turns.to_string()).collect())?;
    row(out, "write back", vec![span(walked, m[3])])?;
    row(out, "close", vec![span(m[3], m[4])])?;
    writeln!(out)?;
    writeln!(out, "  thread 0 is the walk's own; the phase took {:.3} ms", t.ms(m[4]))?;
    writeln!(out, "  near a death: a turn that casts its fan again first")?;
    writeln!(out, "  written back: every band's creatures into the roster, once all are done")?;
    Ok(())
}

/// Each part's colour, as the parts' bars have them, but the close: a sliver here, so it is
/// drawn dark to be seen at all.
const SHADES: [Rgb; 4] = [RED, BLUE, [230, 120, 20], [60, 60, 60]];
/// The writing back's shade.
const BACK: Rgb = [90, 170, 90];
/// The narrowest a summed wait or run of turns is drawn, in px, so that its colour shows.
const THINNEST: f64 = 4.0;
/// The shade of the waits and the turns near a death, drawn under each walk.
const INSIDE: [Rgb; 2] = [[20, 150, 160], [150, 40, 140]];

/// A lane per thread on an axis of milliseconds from the phase's opening: the open and the close
/// on the walk's thread, each thread's look ahead and walk where they fell, and under each walk
/// its waits and its turns near a death laid end to end, for their total, not their moments.
fn draw(t: &Tick, crowd: usize) -> Sketch {
    let (names, left, wide, row) = (20.0, 170.0, 540.0, 62.0);
    let top = 56.0;
    let axis = top + row * t.lanes.len() as f64 + 4.0;
    let mut s = Sketch::new(760.0, axis + 96.0);
    let title = format!(
        "Tick {}'s phase thread by thread: {crowd} creatures, {CREW} threads by bands (measured)",
        t.tick
    );
    s.text((names, 24.0), 15.0, Align::Start, INK, &title);
    let name = "ms from the phase's opening";
    let x = ms_axis(&mut s, (left, wide), (top, axis), t.ms(t.marks[4]), name);
    let bar = |s: &mut Sketch, y: f64, from: u64, to: u64, shade: Rgb| {
        let (a, b) = (x(t.ms(from)), x(t.ms(to)));
        s.rect(a, y, (b - a).max(1.0), 24.0, Some(shade), None);
    };
    for (k, lane) in t.lanes.iter().enumerate() {
        let y = top + row * k as f64;
        let name = if k == 0 { "thread 0 (the walk's)".to_string() } else { format!("thread {k}") };
        s.text((names, y + 16.0), 12.0, Align::Start, INK, &name);
        if k == 0 {
            let walked = t.lanes.iter().map(|l| l.walk.1).max().unwrap_or(t.marks[2]);
            bar(&mut s, y, t.marks[0], t.marks[1], SHADES[0]);
            bar(&mut s, y, walked, t.marks[3], BACK);
            bar(&mut s, y, t.marks[3], t.marks[4], SHADES[3]);
        }
        bar(&mut s, y, lane.look.0, lane.look.1, SHADES[1]);
        bar(&mut s, y, lane.walk.0, lane.walk.1, SHADES[2]);
        let mut from = x(t.ms(lane.walk.0));
        for (ns, shade) in [(lane.waited, INSIDE[0]), (lane.again, INSIDE[1])] {
            let w = x(ns as f64 / 1e6) - x(0.0);
            // A wait of a few microseconds is under a pixel: drawn at its width it would never
            // show its colour. So a sum narrower than THINNEST is drawn that wide and outlined,
            // and the note under the chart says so; its figure is the one printed beside it.
            if w < THINNEST {
                s.rect(from, y + 27.0, THINNEST, 10.0, Some(shade), Some(INK));
                from += THINNEST;
            } else {
                s.rect(from, y + 28.0, w, 8.0, Some(shade), None);
                from += w;
            }
        }
        let sums = format!(
            "summed: waiting {:.3} ms, near a death {:.3} ms in {} turns",
            lane.waited as f64 / 1e6,
            lane.again as f64 / 1e6,
            lane.again_turns
        );
        s.text((left, y + 50.0), 12.0, Align::Start, INK, &sums);
    }
    let key = axis + 62.0;
    let parts = ["open", "look ahead", "walk", "write back", "close", "waiting", "near a death"];
    let shades = [SHADES[0], SHADES[1], SHADES[2], BACK, SHADES[3], INSIDE[0], INSIDE[1]];
    for (p, (name, shade)) in parts.iter().zip(shades).enumerate() {
        let kx = names + 104.0 * p as f64;
        s.rect(kx, key - 10.0, 14.0, 12.0, Some(shade), None);
        s.text((kx + 20.0, key), 12.0, Align::Start, INK, name);
    }
    let note = "under each walk: its waits and its turns near a death, summed and laid end to end; \
                a sum under 4 px is drawn 4 px wide, outlined";
    s.text((names, key + 22.0), 12.0, Align::Start, INK, note);
    s
}
