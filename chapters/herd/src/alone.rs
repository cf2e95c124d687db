//! The herd with one rule heard at a time, then all three.

use std::io::Write;
use std::path::{Path, PathBuf};

use world::Body;
use world::base::{Land, digest};
use world::pictures::Frame;
use world::pictures::film::Film;
use world::pictures::frame::{VIEW_H, VIEW_W};
use world::pictures::palette::{INK, PAPER, RED};
use world::shell::cli::count;
use world::shell::files;
use world::shell::progress::Progress;

use crate::design::Design;
use crate::scene::{Census, Rule, Scene, census, frame, ground};

/// The rows of `alone`: each rule heard on its own by a herd of the scene, and the census of
/// where each ended, with its still and its film when asked.
pub fn run(
    out: &mut dyn Write,
    s: &Scene,
    design: Design,
    rules: &[Rule],
    shot: Option<&Path>,
    film: Option<&Path>,
) -> anyhow::Result<()> {
    design.fits(s.radius, true)?;
    if film.is_some() {
        world::pictures::film::fits(s.ticks)?;
    }
    let ground = ground(s.seed);
    heading(out, s)?;
    let progress = Progress::new("alone", rules.len() as u64 * u64::from(s.ticks));
    let mut wrote = Vec::new();
    let mut sealed = None;
    for &rule in rules {
        progress.say(rule.label());
        let (bodies, reel) = walk(s, design, rule, &ground, film.is_some(), &progress)?;
        let last = frame(&bodies, &ground);
        row(out, rule, &census(&bodies, s.radius), &last)?;
        wrote.extend(save(rule, &last, reel, (shot, film), s.ticks)?);
        sealed = Some(digest::bodies(&bodies));
    }
    // The digest `designs` gives, so a run under a switch shows it is the same herd, or not.
    if let Some(d) = sealed {
        writeln!(out, "the last row's digest of every number: {d}")?;
    }
    for path in wrote {
        writeln!(out, "wrote {}", path.display())?;
    }
    Ok(())
}

/// The table's first lines: the scene, and the columns.
fn heading(out: &mut dyn Write, s: &Scene) -> std::io::Result<()> {
    writeln!(
        out,
        "{}, {} on the valley of seed {}; a walker sees {} px",
        count(s.n as u64, "walker", "walkers"),
        count(s.ticks, "tick", "ticks"),
        s.seed,
        s.radius
    )?;
    writeln!(
        out,
        "{:<14}  {:>10}  {:>7}  {:>8}  {:>6}  frame",
        "hearing", "in reach", "nearest", "together", "groups"
    )
}

/// One row's herd run for the scene's ticks, filmed a frame per tick when `filmed`: its walkers
/// at the end, and the film so far.
fn walk(
    s: &Scene,
    design: Design,
    rule: Rule,
    ground: &Frame,
    filmed: bool,
    progress: &Progress,
) -> anyhow::Result<(Vec<Body>, Option<Reel>)> {
    let mut herd = design.herd(s, rule);
    let mut reel = filmed.then(|| Reel::new(rule, s.ticks)).transpose()?;
    for t in 0..s.ticks {
        if let Some(r) = &mut reel {
            r.add(&frame(&herd.bodies, ground), t)?;
        }
        herd.tick()?;
        progress.step();
    }
    Ok((herd.bodies, reel))
}

/// One row of the table: the census of the herd at the end, and the hash of its last frame.
fn row(out: &mut dyn Write, rule: Rule, c: &Census, last: &Frame) -> std::io::Result<()> {
    let nearest = c.nearest.map_or("-".to_string(), |d| format!("{d:.3}"));
    writeln!(
        out,
        "{:<14}  {:>10.2}  {:>7}  {:>8.3}  {:>6}  {}",
        rule.label(),
        c.neighbours,
        nearest,
        c.together,
        c.groups,
        last.hash()
    )
}

/// Writes the row's last frame into the folder of `--shot` and its film, closed on that frame,
/// into the folder of `--film`, as they were asked for; returns the paths written.
fn save(
    rule: Rule,
    last: &Frame,
    reel: Option<Reel>,
    (shot, film): (Option<&Path>, Option<&Path>),
    ticks: u32,
) -> anyhow::Result<Vec<PathBuf>> {
    let mut wrote = Vec::new();
    if let Some(dir) = shot {
        files::folder(dir)?;
        let path = dir.join(rule.file());
        last.save_png(&path, 3)?;
        wrote.push(path);
    }
    if let (Some(dir), Some(mut r)) = (film, reel) {
        files::folder(dir)?;
        r.add(last, ticks)?;
        let path = dir.join(rule.file());
        r.film.save(&path)?;
        wrote.push(path);
    }
    Ok(wrote)
}

/// A film of one row of the table: the valley three times over, a caption strip under it.
struct Reel {
    film: Film,
    rule: Rule,
    ticks: u32,
}

/// Screen pixels to a world pixel, and the caption strip's height.
const ZOOM: usize = 3;
const CAPTION: usize = 26;
/// Hundredths of a second a tick is shown for, and the last frame before the film loops.
const TICK: u16 = 4;
const HOLD: u16 = 250;

impl Reel {
    fn new(rule: Rule, ticks: u32) -> anyhow::Result<Reel> {
        let (w, h) = (VIEW_W * ZOOM, VIEW_H * ZOOM + CAPTION);
        let palette =
            [PAPER, INK, RED, Land::Ground.colour(), Land::Water.colour(), Land::Rock.colour()];
        Ok(Reel { film: Film::new(w, h, ticks + 1, &palette)?, rule, ticks })
    }

    /// The herd's frame at tick `t`, blown up, with what it is and when under it.
    fn add(&mut self, frame: &Frame, t: u32) -> anyhow::Result<()> {
        let big = frame.zoomed(ZOOM);
        let mut f = Frame::new(big.w, big.h + CAPTION);
        f.paste(&big, 0, 0);
        let y = (big.h + 6) as i64;
        f.text(6, y, &format!("hearing: {}", self.rule.label()), INK);
        let clock = format!("tick {t} of {}", self.ticks);
        f.text(big.w as i64 - 6 - 9 * clock.len() as i64, y, &clock, INK);
        self.film.add(f, if t == self.ticks { HOLD } else { TICK })?;
        Ok(())
    }
}

/// The herd with one rule at a time, then all three: what each rule does on its own.
///
/// Each row is a fresh run from the same start. Columns: mean neighbours within the radius,
/// mean distance to the nearest walker, "together" (1 = all heading one way), the number of
/// groups connected at the radius, and the hash of the final frame.
#[derive(clap::Args, Debug)]
pub struct Args {
    #[command(flatten)]
    pub scene: Scene,
    /// Run only this row.
    #[arg(long, value_enum)]
    pub rule: Option<Rule>,
    /// Also save each row's last frame in DIR, named for its rule (none.png, separate.png,
    /// align.png, cohere.png), the row of all three as herd.png (the folder is made if need
    /// be).
    #[arg(long, value_name = "DIR", value_parser = world::shell::file_flags::folder())]
    pub shot: Option<world::shell::file_flags::OutFolder>,
    #[command(flatten)]
    pub design: Design,
    /// Also film each row, a frame per tick from the scatter it starts as, into an animated
    /// PNG in DIR named as for --shot (at most 1000 ticks; the folder is made if need be).
    #[arg(long, value_name = "DIR", value_parser = world::shell::file_flags::folder())]
    pub film: Option<world::shell::file_flags::OutFolder>,
}

impl Args {
    /// The rows to run: the one `--rule` names, or every one.
    fn rules(&self) -> Vec<Rule> {
        self.rule.map_or(Rule::ALL.to_vec(), |r| vec![r])
    }
}

impl crate::run::Run for Args {
    fn run(&self, out: &mut dyn Write) -> anyhow::Result<()> {
        let (shot, film) = (self.shot.as_deref(), self.film.as_deref());
        run(out, &self.scene, self.design, &self.rules(), shot, film)
    }

    /// A PNG a row, named for its rule, in each folder.
    fn in_folder(&self) -> Vec<String> {
        self.rules().iter().map(|r| format!("{}.png", r.name())).collect()
    }
}
