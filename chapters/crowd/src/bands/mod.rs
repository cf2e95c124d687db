//! The fifth round's counts: the bands the walk goes by, tick after tick, at the chapter's
//! crowd and at ten times it: where the seams fall, how many creatures stand on one, and how
//! many of those depend on a creature of another band and so may have to wait. Every figure is
//! a count, the same on every machine; they depend only on how many bands there are. Its
//! `--clock` is [`clock`], its `--parts` [`parts`] and its `--timeline` [`timeline`], files of
//! this folder.

pub mod clock;
pub mod parts;
pub mod timeline;

use std::io::Write;
use std::path::Path;

use world::beast::look::fan::WATCHED;
use world::beast::step::bands::Bands;
use world::beast::{Design, Settings};
use world::pictures::palette::{BLUE, GREY, INK, RED, Rgb};
use world::pictures::sketch::{Align, Sketch};
use world::shell::progress::Progress;

use crate::levels::valley::TIMES;
use crate::scene::{COLS, CROWD, ROWS, found};

/// One tick's bands, as a row prints them.
struct Row {
    tick: u32,
    creatures: usize,
    smallest: usize,
    largest: usize,
    seams: usize,
    waits: usize,
}

fn row(tick: u32, bands: &Bands) -> Row {
    let sizes = (0..bands.count()).map(|b| bands.band(b).len());
    let (seams, waits) = bands.on_seams();
    Row {
        tick,
        creatures: sizes.clone().sum(),
        smallest: sizes.clone().min().unwrap_or(0),
        largest: sizes.max().unwrap_or(0),
        seams,
        waits,
    }
}

/// A share as a percentage of `of`, to one place.
fn share(part: usize, of: usize) -> f64 {
    100.0 * part as f64 / of.max(1) as f64
}

/// Runs each valley for `ticks` walked in `among` bands, and prints the first tick and every
/// `every`-th, then the range over all of them.
pub fn run(
    out: &mut dyn Write,
    ticks: u32,
    every: u32,
    among: usize,
    settings: Settings,
) -> anyhow::Result<()> {
    let progress = Progress::new("bands", TIMES.len() as u64 * u64::from(ticks));
    for (n, k) in TIMES.into_iter().enumerate() {
        let (rows, crowd) = (ROWS * k, CROWD * k);
        progress.say(format!("{crowd} creatures"));
        let mut w = found(crowd, rows, Design::default(), settings.with_crew(among))?;
        if n > 0 {
            writeln!(out)?;
        }
        writeln!(
            out,
            "{COLS}x{rows} valley, {crowd} creatures, {among} bands as each phase opens"
        )?;
        writeln!(out)?;
        writeln!(
            out,
            "  {:>5} {:>9} {:>13} {:>12} {:>9} {:>9} {:>8}",
            "tick", "creatures", "smallest band", "largest band", "on seams", "waiting", "share"
        )?;
        let mut all: Vec<Row> = Vec::new();
        for t in 1..=ticks {
            w.tick();
            progress.step();
            all.push(row(t, w.bands().expect("a crew of two or more walks by bands")));
        }
        for r in all.iter().filter(|r| r.tick == 1 || r.tick % every == 0) {
            writeln!(
                out,
                "  {:>5} {:>9} {:>13} {:>12} {:>9} {:>9} {:>7.1}%",
                r.tick,
                r.creatures,
                r.smallest,
                r.largest,
                r.seams,
                r.waits,
                share(r.waits, r.creatures)
            )?;
        }
        let most = all.iter().map(|r| share(r.waits, r.creatures)).fold(0.0, f64::max);
        let least = all.iter().map(|r| share(r.waits, r.creatures)).fold(100.0, f64::min);
        writeln!(
            out,
            "  over all {ticks} ticks: {least:.1}% to {most:.1}% of the creatures waiting"
        )?;
    }
    writeln!(out)?;
    writeln!(out, "  on seams: creatures within {WATCHED} rows of another band")?;
    writeln!(out, "  waiting: those of them that depend on an earlier creature of another band")?;
    Ok(())
}

/// Runs the chapter's valley to the opening of tick `tick`'s phase, walked in `among` bands,
/// and draws every creature where it stands then, coloured by its band, the rows within
/// [`WATCHED`] of a seam shaded and the creatures that depend on another band ringed; prints
/// the counts the picture shows.
pub fn picture(
    out: &mut dyn Write,
    tick: u32,
    among: usize,
    settings: Settings,
    path: &Path,
) -> anyhow::Result<()> {
    let w = found(CROWD, ROWS, Design::default(), settings.with_crew(among))?;
    let (opened, w) = crate::levels::valley::through(w, tick, "bands");
    let bands = w.bands().expect("a crew of two or more walks by bands");
    let mut of = vec![(0, false); opened.len()];
    for b in 0..bands.count() {
        for (k, &i) in bands.band(b).iter().enumerate() {
            of[i as usize] = (b, bands.waits_for(b, k) > 0);
        }
    }
    let (seams, waits) = bands.on_seams();
    let cuts = bands.seams_at();
    writeln!(out, "{COLS}x{ROWS} valley, {} creatures as tick {tick}'s phase opens", of.len())?;
    let sizes: Vec<String> = (0..bands.count()).map(|b| bands.band(b).len().to_string()).collect();
    writeln!(out, "  {among} bands of {} creatures, top to bottom", sizes.join(", "))?;
    let rows: Vec<String> = cuts.iter().map(ToString::to_string).collect();
    let (seam, row) = if rows.len() == 1 { ("seam", "row") } else { ("seams", "rows") };
    writeln!(out, "  {seam} above {row} {}", rows.join(", "))?;
    writeln!(out, "  {seams} creatures on seams, {waits} of them waiting for another band")?;
    let stood: Vec<(f64, f64)> = opened.iter().map(|c| (c.x, c.y)).collect();
    let title = format!("Tick {tick}: {} creatures in {among} bands, {waits} waiting", of.len());
    draw(&stood, &of, &cuts, &title).save(path)?;
    writeln!(out, "wrote {}", path.display())?;
    Ok(())
}

/// A band's colour: blue and orange in turn, top to bottom.
fn shade(band: usize) -> Rgb {
    if band.is_multiple_of(2) { BLUE } else { [230, 120, 20] }
}

/// The valley, bare, with the rows within [`WATCHED`] of each seam shaded and the seam itself
/// a line, each creature a dot in its band's colour and a red ring round each one that depends
/// on a creature of another band, and the key beside it.
fn draw(stood: &[(f64, f64)], of: &[(usize, bool)], cuts: &[usize], title: &str) -> Sketch {
    let (left, top, px) = (20.0, 50.0, 4.0);
    let high = top + ROWS as f64 * px + 40.0;
    let mut s = Sketch::new(760.0, high);
    s.text((left, 24.0), 15.0, Align::Start, INK, title);
    let (wide, deep) = (COLS as f64 * px, ROWS as f64 * px);
    s.rect(left, top, wide, deep, Some([255, 255, 255]), Some(GREY));
    for &y in cuts {
        let from = y.saturating_sub(WATCHED as usize) as f64;
        let to = (y + WATCHED as usize).min(ROWS) as f64;
        s.rect(left, top + from * px, wide, (to - from) * px, Some([236, 236, 228]), None);
    }
    for &y in cuts {
        let at = top + y as f64 * px;
        s.line((left, at), (left + wide, at), INK, 1.0, true);
    }
    for (&(x, y), &(band, waits)) in stood.iter().zip(of) {
        let at = (left + x * px, top + y * px);
        s.dot(at, 2.0, shade(band), true);
        if waits {
            s.dot(at, 4.5, RED, false);
        }
    }
    let key_x = left + wide + 24.0;
    let mut key_y = top + 10.0;
    for (b, name) in [(0, "first band"), (1, "second band")] {
        s.dot((key_x + 8.0, key_y), 3.0, shade(b), true);
        s.text((key_x + 18.0, key_y + 4.0), 10.0, Align::Start, INK, name);
        key_y += 20.0;
    }
    s.dot((key_x + 8.0, key_y), 4.5, RED, false);
    s.text((key_x + 18.0, key_y + 4.0), 10.0, Align::Start, INK, "waits for");
    s.text((key_x + 18.0, key_y + 16.0), 10.0, Align::Start, INK, "another band");
    key_y += 36.0;
    s.rect(key_x, key_y - 8.0, 16.0, 12.0, Some([236, 236, 228]), Some(GREY));
    s.text((key_x + 22.0, key_y + 2.0), 10.0, Align::Start, INK, &format!("within {WATCHED} rows"));
    s.text((key_x + 22.0, key_y + 14.0), 10.0, Align::Start, INK, "of a seam");
    key_y += 32.0;
    s.line((key_x, key_y), (key_x + 16.0, key_y), INK, 1.0, true);
    s.text((key_x + 22.0, key_y + 4.0), 10.0, Align::Start, INK, "a seam");
    let foot = format!(
        "a dot is a creature where it stands as the phase opens; a cell is {px:.0} px, \
         {COLS} across and {ROWS} down"
    );
    s.text((left, high - 14.0), 11.0, Align::Start, INK, &foot);
    s
}

/// The bands the walk goes by: for the chapter's valley and for ten times it (3000 and
/// 30,000 creatures), cut into --among bands of rows, the creatures in the smallest and the
/// largest band, those on a seam (within 14 rows of another band) and those of them that
/// depend on an earlier creature of another band and so may wait. Counts only, the same on
/// every machine.
#[derive(clap::Args, Debug)]
#[command(group(clap::ArgGroup::new("instead").multiple(false)
    .args(["picture", "clock", "parts", "timeline"])))]
pub struct Args {
    #[command(flatten)]
    pub run: crate::flags::Ticks<120>,
    /// Print the first tick and every this many ticks: 1 to 100,000.
    #[arg(long, default_value = "20", value_parser = crate::flags::TICKS, allow_hyphen_values = true)]
    pub every: u32,
    /// The bands the valley is cut into, one per thread of the crew that walks them: 2 to
    /// 64.
    #[arg(long, default_value = "2", value_parser = crate::flags::BAND_COUNT, allow_hyphen_values = true)]
    pub among: usize,
    /// Instead of the table, draw the chapter's valley as the phase of tick --ticks opens,
    /// every creature a dot coloured by its band, the rows within 14 of a seam shaded, and
    /// those that depend on another band ringed, into this SVG (760 px wide).
    #[arg(long, value_name = "FILE", value_parser = world::shell::file_flags::svg)]
    #[arg(conflicts_with = "every")]
    pub picture: Option<world::shell::file_flags::OutFile>,
    /// Time the round instead, on this machine: at 3000 and at 30,000 creatures, the phase
    /// on crew 2 by bands against crew 1, against crew 2 walking in roster order
    /// (--serial) and against crew 2 by levels (--levels), each pair in turns (about
    /// thirty seconds). --isa is used; --ticks, --every and --among are not.
    #[arg(long, conflicts_with_all = ["ticks", "every", "among"])]
    pub clock: bool,
    /// Time the phase's parts instead, on this machine, at 30,000 creatures: the open, the
    /// look ahead, the walk and the close, on crew 1, on crew 2 in roster order and on crew
    /// 2 by bands, five rounds in turns (about half a minute). --isa is used; --ticks,
    /// --every and --among are not.
    #[arg(long, conflicts_with_all = ["ticks", "every", "among"])]
    pub parts: bool,
    /// With --parts, also draw each run's parts as a bar into this SVG (760 px wide).
    #[arg(long, value_name = "FILE", value_parser = world::shell::file_flags::svg)]
    #[arg(requires = "parts")]
    pub chart: Option<world::shell::file_flags::OutFile>,
    /// Time one tick's phase thread by thread instead, on this machine, at 30,000
    /// creatures on two threads by bands, and draw it into this SVG (760 px wide): when
    /// each thread looked ahead and walked, how long it waited at the seams and took over
    /// turns near a death, and the open and the close. The tick shown is the middle one of
    /// thirty by its phase's time (a few seconds). --isa is used; --ticks, --every and
    /// --among are not.
    #[arg(long, value_name = "FILE", value_parser = world::shell::file_flags::svg)]
    #[arg(conflicts_with_all = ["ticks", "every", "among"])]
    pub timeline: Option<world::shell::file_flags::OutFile>,
}

impl crate::run::Run for Args {
    fn run(&self, out: &mut dyn Write, settings: Settings) -> anyhow::Result<()> {
        let (ticks, among) = (self.run.ticks, self.among);
        match (&self.timeline, &self.picture) {
            _ if self.clock => clock::run(out, settings),
            (Some(path), _) => timeline::run(out, settings, path),
            _ if self.parts => parts::run(out, settings, self.chart.as_deref()),
            (None, Some(path)) => picture(out, ticks, among, settings, path),
            (None, None) => run(out, ticks, self.every, among, settings),
        }
    }
}
