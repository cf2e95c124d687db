//! The run the chapter measures: 120 ticks of the 3000-creature valley, counted, folded into a
//! digest, and, with --clock, timed.

use std::io::Write;
use std::path::PathBuf;
use std::time::Duration;

use world::beast::{Design, Settings};
use world::shell::cli::count;
use world::shell::progress::Progress;

use crate::scene::{BUDGET_MS, COLS, found};
use crate::timed::{Clock, timed};

/// What one `spend` run was asked for.
pub struct Spend {
    /// Ticks to run.
    pub ticks: u32,
    /// Creatures in the crowd.
    pub crowd: usize,
    /// Rows of the valley.
    pub rows: usize,
    /// The design the phase runs.
    pub design: Design,
    /// How the run is carried out: its crew and its instructions.
    pub settings: Settings,
    /// Whether to time the tick and the phase.
    pub clock: bool,
    /// Where to write a CPU profile, if anywhere.
    pub cpuprofile: Option<PathBuf>,
    /// Where to draw the profile's shares as bars, if anywhere.
    pub shares: Option<PathBuf>,
}

/// How a design is described in a report's heading: two lines, for the first round's four
/// switches and the split's.
pub fn describe(d: Design) -> [String; 2] {
    let index = if d.maps { "hash maps" } else { "flat rows" };
    let build = if d.fresh { "built new each tick" } else { "refilled each tick" };
    let minds = if d.twice { "a second one for the minds" } else { "the same one for the minds" };
    let check = if d.wordy { "a written refusal" } else { "a yes or a no" };
    let looks = if d.narrow {
        "each at its creature's turn"
    } else if d.loose {
        "all first, never again"
    } else {
        "all first, again near a death"
    };
    [
        format!("the view: {index}, {build}, {minds}"),
        format!("the picker asks for {check}; fans cast {looks}"),
    ]
}

pub fn run(out: &mut dyn Write, s: &Spend) -> anyhow::Result<()> {
    crate::scene::room(s.crowd, s.rows)?;
    crate::profile::can(s.cpuprofile.as_deref())?;
    let mut w = found(s.crowd, s.rows, s.design, s.settings)?;
    let profile = crate::profile::start(s.cpuprofile.as_deref())?;
    let clock = timed(&mut w, s.ticks, &Progress::new("spend", u64::from(s.ticks)));
    let top = crate::profile::finish(profile, s.cpuprofile.as_deref(), s.shares.as_deref())?;
    let r = &w.roster;
    let (run, tick) = (w.counts().run, w.counts().tick);
    writeln!(
        out,
        "{COLS}x{} valley, {} cells, {}, {}",
        s.rows,
        COLS * s.rows,
        count(w.hab.stands.len() as u64, "plant", "plants"),
        count(s.crowd as u64, "creature", "creatures")
    )?;
    for line in describe(s.design) {
        writeln!(out, "  {line}")?;
    }
    writeln!(out)?;
    let line = |out: &mut dyn Write, what: &str, n: u64| writeln!(out, "  {what:<40} {n:>16}");
    line(out, "ticks run", u64::from(s.ticks))?;
    line(out, "turns taken, one per creature per tick", run.creature_ticks)?;
    line(out, "creatures that starved", run.struck)?;
    line(out, "creatures alive at the end", r.live.len() as u64)?;
    line(out, "fans cast on the closing tick", tick.fans)?;
    line(out, "ray strides those fans took", tick.steps)?;
    line(out, "rays among them that met something", tick.met)?;
    writeln!(out, "  {:<40} {:>16}", "digest of valley and crowd", w.digest())?;
    if s.clock {
        print_clock(out, s, &clock)?;
    }
    if let Some(lines) = top {
        writeln!(out)?;
        for l in lines {
            writeln!(out, "{l}")?;
        }
    }
    Ok(())
}

/// The timed lines: a whole tick, the phase within it, and the phase as a part of the tick and
/// of the budget.
fn print_clock(out: &mut dyn Write, s: &Spend, clock: &Clock) -> std::io::Result<()> {
    let per = |d: Duration| d.as_secs_f64() * 1e3 / f64::from(s.ticks);
    let (tick, phase) = (per(clock.tick), per(clock.phase));
    let threads = s.settings.threads(s.design);
    writeln!(out)?;
    writeln!(out, "  timed here, on {threads} thread(s):")?;
    writeln!(out, "  {:<40} {:>13.3} ms", "a whole tick", tick)?;
    writeln!(out, "  {:<40} {:>13.3} ms", "the creature phase within it", phase)?;
    writeln!(out, "  {:<40} {:>15.0}%", "the phase, as a part of the tick", 100.0 * phase / tick)?;
    writeln!(
        out,
        "  {:<40} {:>15.1}%",
        "the phase, as a part of 50 ms",
        100.0 * phase / BUDGET_MS
    )?;
    Ok(())
}

/// Runs the 150x100 valley with 3000 creatures and counts the turns the phase gave,
/// ending on a digest of the whole world. Every retired design but the two under "Other
/// rules" gives the same counts and the same digest.
#[derive(clap::Args, Debug)]
pub struct Args {
    #[command(flatten)]
    pub run: crate::flags::Ticks<120>,
    #[command(flatten)]
    pub scene: crate::flags::Scene,
    /// Threads the fans are cast on: 1 to 256 (default: the machine's cores).
    #[arg(long, value_parser = crate::flags::CREW, allow_hyphen_values = true)]
    #[arg(conflicts_with_all = ["was", "narrow"])]
    pub crew: Option<usize>,
    /// Also time the tick and the phase: these lines differ on every machine.
    #[arg(long)]
    pub clock: bool,
    /// Write a CPU profile of the run here (a flame graph SVG; needs the pprof feature).
    /// Not with --clock: the profiler's sampling slows the run it would be timing.
    #[arg(long, value_name = "FILE", value_parser = world::shell::file_flags::svg, conflicts_with = "clock")]
    pub cpuprofile: Option<world::shell::file_flags::OutFile>,
    /// Also draw the profile's shares as bars into this SVG (760 px wide): the ten
    /// functions with the most samples and the chapter's three parts. Needs --cpuprofile.
    #[arg(long, value_name = "FILE", value_parser = world::shell::file_flags::svg, requires = "cpuprofile")]
    pub shares: Option<world::shell::file_flags::OutFile>,
    #[command(flatten)]
    pub design: world::shell::design::Staged,
}

impl crate::run::Run for Args {
    fn run(&self, out: &mut dyn Write, settings: Settings) -> anyhow::Result<()> {
        let file = |f: &Option<world::shell::file_flags::OutFile>| f.as_ref().map(|f| f.0.clone());
        let (ticks, crowd, rows) = (self.run.ticks, self.scene.crowd, self.scene.rows);
        let (design, clock) = (self.design.0, self.clock);
        let (cpuprofile, shares) = (file(&self.cpuprofile), file(&self.shares));
        run(out, &Spend { ticks, crowd, rows, design, settings, clock, cpuprofile, shares })
    }
}
