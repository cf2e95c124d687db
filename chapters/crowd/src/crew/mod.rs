//! The same run with the fans cast wide on 1, 2, 4, 8 and 16 threads, against the run cast
//! narrow in roster order: the digest of each, and whether it is the same run. Its other two
//! modes are files of this folder: [`stripes`] (`--stripes`) and [`again`] (`--again`).

pub mod again;
pub mod stripes;

use std::io::{self, Write};

use world::beast::{Design, Settings, World};
use world::pictures::chart::{self, Axis, Chart, Corner, Line, Rule};
use world::pictures::palette::{BLUE, INK, RED};
use world::shell::cli::yes;
use world::shell::progress::Progress;

use crate::scene::{COLS, found};
use crate::timed::{run_for, timed};

pub const CREWS: [usize; 5] = [1, 2, 4, 8, 16];

/// `design` runs on every crew, with `crowd` creatures on a valley of `rows` rows, against the same design with each fan cast in its creature's
/// turn and none left uncast: the run the rules describe.
pub fn run(out: &mut dyn Write, a: &Args, settings: Settings) -> anyhow::Result<()> {
    let (ticks, (crowd, rows), design) = (a.run.ticks, (a.scene.crowd, a.scene.rows), a.design.0);
    crate::scene::room(crowd, rows)?;
    let (clock, chart) = (a.clock || a.chart.is_some(), a.chart.as_deref());
    let runs = 1 + CREWS.len() as u64 * if clock { 2 } else { 1 };
    let progress = Progress::new("crew", runs * u64::from(ticks));
    let narrow_design = Design { narrow: true, loose: false, ..design };
    let mut narrow = found(crowd, rows, narrow_design, settings.with_crew(1))?;
    let narrow_ms = match clock {
        true => timed(&mut narrow, ticks, &progress).phase_ms(ticks),
        false => {
            run_for(&mut narrow, ticks, &progress);
            0.0
        }
    };
    let want = narrow.digest();
    heading(out, ticks, (crowd, rows), &narrow, design)?;
    // One world at a time: each is let go before the next is founded, so the largest crowd
    // costs what one run of it does, not three.
    drop(narrow);
    let mut times = Vec::new();
    for crew in CREWS {
        let (got, kept, recast) = {
            let mut w = found(crowd, rows, design, settings.with_crew(crew))?;
            progress.say(format!("{crew} kept threads"));
            let kept = timed(&mut w, ticks, &progress).phase_ms(ticks);
            (w.digest(), kept, w.counts().run.recast)
        };
        let same = yes(got == want);
        writeln!(out, "  {crew:>5}  {got:>16}  {same:>12}  {recast:>10}")?;
        if clock {
            // The same crew on threads made afresh every phase, for the comparison.
            let scoped = Design { scoped: true, ..design };
            let mut w = found(crowd, rows, scoped, settings.with_crew(crew))?;
            progress.say(format!("{crew} threads made per phase"));
            let scoped = timed(&mut w, ticks, &progress).phase_ms(ticks);
            anyhow::ensure!(w.digest() == got, "threads made per phase gave another run");
            times.push((crew, kept, scoped));
        }
    }
    if clock {
        print_times(out, narrow_ms, &times)?;
    }
    if let Some(path) = chart {
        draw(narrow_ms, &times).save(path)?;
        writeln!(out, "wrote {}", path.display())?;
    }
    Ok(())
}

/// The lines above the table: the run cast narrow, which every crew must match, and how the
/// fans below are cast.
fn heading(
    out: &mut dyn Write,
    ticks: u32,
    (crowd, rows): (usize, usize),
    narrow: &World,
    design: Design,
) -> io::Result<()> {
    writeln!(
        out,
        "{COLS}x{rows} valley, {crowd} creatures, {}, {} starved",
        world::shell::cli::count(ticks, "tick", "ticks"),
        narrow.counts().run.struck
    )?;
    writeln!(out, "  cast narrow, each fan at its creature's turn: {}", narrow.digest())?;
    if design.loose {
        writeln!(out, "  below, the fans are cast first and never cast again after a death")?;
    } else {
        writeln!(out, "  below, the fans are cast first and cast again near a death")?;
    }
    writeln!(out)?;
    writeln!(out, "  {:>5}  {:>16}  {:>12}  {:>10}", "crew", "digest", "the same run", "cast again")
}

/// The timings, a row a crew: kept threads, as a multiple of crew 1's, and threads made every
/// phase; and above them the phase cast narrow, every turn on one thread.
fn print_times(out: &mut dyn Write, narrow: f64, times: &[(usize, f64, f64)]) -> io::Result<()> {
    writeln!(out)?;
    writeln!(out, "  the phase, timed here, ms per tick:")?;
    writeln!(out, "  cast narrow, in the walk: {narrow:.3} ms per tick")?;
    let (kept, x, made) = ("kept threads", "x crew 1", "made per phase");
    writeln!(out, "  {:>5}  {kept:>12}  {x:>8}  {made:>14}", "crew")?;
    let one = times.first().map_or(f64::NAN, |t| t.1);
    for &(crew, kept, scoped) in times {
        writeln!(out, "  {crew:>5}  {kept:>12.3}  {:>8.2}  {scoped:>14.3}", kept / one)?;
    }
    Ok(())
}

/// The timings as a chart: crews across, evenly spaced, ms per tick up from zero, kept threads
/// against threads made for every phase, and the phase cast narrow as a rule across.
fn draw(narrow: f64, times: &[(usize, f64, f64)]) -> Chart {
    let top = times.iter().map(|t| t.1.max(t.2)).fold(narrow, f64::max) * 1.15;
    let step = chart::step_for(top, 8);
    let crews: Vec<f64> = times.iter().map(|t| t.0 as f64).collect();
    let line = |name: &str, colour, pick: fn(&(usize, f64, f64)) -> f64| Line {
        name: name.into(),
        colour,
        points: times.iter().map(|t| (t.0 as f64, pick(t))).collect(),
        dots: true,
    };
    Chart {
        title: "The creature phase by crew, on this machine".into(),
        x: Axis::marked("threads in the crew (log scale)", &crews, true),
        y: Axis::linear("ms per tick", 0.0, chart::round_up(top, step), step),
        lines: vec![
            line("kept threads", BLUE, |t| t.1),
            line("threads made every phase", RED, |t| t.2),
        ],
        rules: vec![Rule { name: "cast narrow, in the walk".into(), colour: INK, at: narrow }],
        key: Corner::LowerRight,
    }
}

/// The phase with each fan cast in the walk, then with the fans cast first on 1, 2, 4, 8
/// and 16 threads: the digest of each, and whether it is the same run.
#[derive(clap::Args, Debug)]
#[command(group(clap::ArgGroup::new("instead").multiple(false).args(["stripes", "again"])))]
pub struct Args {
    #[command(flatten)]
    pub run: crate::flags::Ticks<120>,
    #[command(flatten)]
    pub scene: crate::flags::Scene,
    /// Also time each crew's phase: these lines differ on every machine.
    #[arg(long)]
    pub clock: bool,
    /// Also chart the timings into this SVG (and so time them, as --clock does).
    #[arg(long, value_name = "FILE", value_parser = world::shell::file_flags::svg)]
    pub chart: Option<world::shell::file_flags::OutFile>,
    /// Instead of the table, share the founded valley's roster out among --among threads
    /// as the look ahead does: print the thread of the first 16 roster places and
    /// the creatures each thread takes, and draw the first 32 places and the whole valley
    /// coloured by thread into this SVG (760 px wide; a crew of 1 to 256, colours repeat
    /// after four and the key names the first eight).
    #[arg(long, value_name = "FILE", value_parser = world::shell::file_flags::svg)]
    #[arg(conflicts_with_all = ["clock", "chart", "crowd", "rows"])]
    pub stripes: Option<world::shell::file_flags::OutFile>,
    /// The threads --stripes shares the roster among, as a crew of that many would: 1 to
    /// 256.
    #[arg(long, default_value = "4", value_parser = crate::flags::CREW, allow_hyphen_values = true)]
    #[arg(requires = "stripes")]
    pub among: usize,
    /// Instead of the table, run to tick TICKS and find the first death of its phase that
    /// made a later creature cast its fan again: print where it was, the 29-cell square
    /// around it and who inside cast again, and draw them into this SVG (760 px wide).
    /// Exit 1 on a tick with no such death; not with --loose, which never casts again.
    #[arg(long, value_name = "FILE", value_parser = world::shell::file_flags::svg)]
    #[arg(conflicts_with_all = ["clock", "chart", "loose", "crowd", "rows"])]
    pub again: Option<world::shell::file_flags::OutFile>,
    #[command(flatten)]
    pub design: world::shell::design::Staged,
}

impl crate::run::Run for Args {
    fn run(&self, out: &mut dyn Write, settings: Settings) -> anyhow::Result<()> {
        let design = self.design.0;
        match (&self.stripes, &self.again) {
            (Some(path), _) => stripes::run(out, self.among, design, settings, path),
            (None, Some(path)) => again::run(out, self.run.ticks, design, settings, path),
            (None, None) => run(out, self, settings),
        }
    }
}
