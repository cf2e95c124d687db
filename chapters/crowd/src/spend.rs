//! The run the chapter measures: 120 ticks of the 3000-creature valley, counted, folded into a
//! digest, and, with --clock, timed.

use std::io::Write;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use world::beast::roster::Cast;
use world::beast::{Design, World};
use world::cli::count;
use world::progress::Progress;

use crate::Retired;
use crate::town::{COLS, found};

pub struct Spend {
    pub ticks: u32,
    pub herd: usize,
    pub rows: usize,
    pub retired: Retired,
    pub crew: usize,
    pub clock: bool,
    pub cpuprofile: Option<PathBuf>,
}

/// The budget a phase has in a tick.
pub const BUDGET_MS: f64 = 50.0;

/// What a timed run took: the whole tick and the phase inside it, summed over every tick.
#[derive(Default)]
pub struct Clock {
    pub tick: Duration,
    pub phase: Duration,
}

/// Runs `w` for `ticks`, timing each tick and the phase inside it, a step of `progress` a tick.
pub fn timed(w: &mut World, ticks: u32, progress: &Progress) -> Clock {
    let mut c = Clock::default();
    for _ in 0..ticks {
        progress.step();
        let t0 = Instant::now();
        w.hab.grow();
        let t1 = Instant::now();
        w.roster.phase(&mut w.hab);
        let t2 = Instant::now();
        w.hab.now += 1;
        c.tick += t2 - t0;
        c.phase += t2 - t1;
    }
    c
}

/// How a design is described in a report's heading: two lines.
pub fn describe(d: Design, cast: Cast) -> [String; 2] {
    let index = if d.maps { "hash maps" } else { "flat rows" };
    let build = if d.fresh { "built new each tick" } else { "refilled each tick" };
    let minds = if d.twice { "a second one for the minds" } else { "the same one for the minds" };
    let check = if d.wordy { "a written refusal" } else { "a yes or a no" };
    let looks = match cast {
        Cast::Narrow => "each at its creature's turn",
        Cast::Wide { loose: false, .. } => "all first, again near a death",
        Cast::Wide { loose: true, .. } => "all first, never again",
    };
    [
        format!("the view: {index}, {build}, {minds}"),
        format!("the ranking walk asks for {check}; fans cast {looks}"),
    ]
}

pub fn run(out: &mut dyn Write, s: &Spend) -> anyhow::Result<()> {
    crate::profile::can(s.cpuprofile.as_deref())?;
    let design = s.retired.design();
    let cast = if s.retired.was {
        Cast::Narrow
    } else {
        Cast::Wide { crew: s.crew, loose: false, kept: true }
    };
    let mut w = found(s.herd, s.rows, design, cast)?;
    let profile = crate::profile::start(s.cpuprofile.as_deref())?;
    let clock = timed(&mut w, s.ticks, &Progress::new("spend", u64::from(s.ticks)));
    let top = crate::profile::finish(profile, s.cpuprofile.as_deref())?;
    let r = &w.roster;
    let c = r.counts;
    writeln!(
        out,
        "{COLS}x{} valley, {} cells, {}, {}",
        s.rows,
        COLS * s.rows,
        count(w.hab.stands.len() as u64, "plant", "plants"),
        count(s.herd as u64, "creature", "creatures")
    )?;
    for line in describe(design, cast) {
        writeln!(out, "  {line}")?;
    }
    writeln!(out)?;
    let line = |out: &mut dyn Write, what: &str, n: u64| writeln!(out, "  {what:<40} {n:>16}");
    line(out, "ticks run", u64::from(s.ticks))?;
    line(out, "creature-ticks handed out", c.creature_ticks)?;
    line(out, "creatures struck off", c.struck)?;
    line(out, "creatures still walking", r.live.len() as u64)?;
    line(out, "fans cast on the closing tick", c.fans)?;
    line(out, "ray strides those fans took", c.steps)?;
    line(out, "rays among them that met something", c.met)?;
    writeln!(out, "  {:<40} {:>16}", "digest of valley and crowd", w.digest())?;
    if s.clock {
        let per = |d: Duration| d.as_secs_f64() * 1e3 / f64::from(s.ticks);
        let (tick, phase) = (per(clock.tick), per(clock.phase));
        let threads = if s.retired.was { 1 } else { s.crew };
        writeln!(out)?;
        writeln!(out, "  timed here, on {threads} thread(s):")?;
        writeln!(out, "  {:<40} {:>13.3} ms", "a whole tick", tick)?;
        writeln!(out, "  {:<40} {:>13.3} ms", "the creature phase within it", phase)?;
        writeln!(
            out,
            "  {:<40} {:>15.0}%",
            "the phase, as a part of the tick",
            100.0 * phase / tick
        )?;
        writeln!(
            out,
            "  {:<40} {:>15.1}%",
            "the phase, as a part of 50 ms",
            100.0 * phase / BUDGET_MS
        )?;
    }
    if let Some(lines) = top {
        writeln!(out)?;
        for l in lines {
            writeln!(out, "{l}")?;
        }
    }
    Ok(())
}
