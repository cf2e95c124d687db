//! The fourth round's counts: the levels the walk goes by, tick after tick, at the chapter's
//! crowd and at ten times it. Every figure is a count, the same on every machine and crew.
//! Its `--clock` is [`clock`] and its `--rule` [`rule`], files of this folder.

pub mod clock;
pub mod rule;
pub mod valley;

use std::io::Write;
use std::path::Path;

use world::beast::act::at_risk;
use world::beast::step::levels::Levels;
use world::beast::{Design, Settings};
use world::pictures::palette::{GREY, INK, RED, Rgb};
use world::pictures::sketch::{Align, Sketch};
use world::shell::progress::Progress;

use crate::scene::{COLS, CROWD, ROWS, found};

use valley::{TIMES, at_tick};

/// One tick's levels, as a row prints them.
struct Row {
    tick: u32,
    creatures: usize,
    risk: usize,
    levels: usize,
    largest: usize,
    median: usize,
    smallest: usize,
    /// Creatures in levels of fewer than [`TAIL`]: the tail.
    tail: usize,
}

/// A level smaller than this is counted in the tail: too few turns to be worth sharing out.
const TAIL: usize = 200;

fn row(tick: u32, levels: &Levels, sizes: &mut Vec<usize>) -> Row {
    sizes.clear();
    sizes.extend((0..levels.count()).map(|k| levels.level(k).len()));
    let tail = sizes.iter().filter(|&&s| s < TAIL).sum();
    let creatures = sizes.iter().sum();
    sizes.sort_unstable();
    Row {
        tick,
        creatures,
        risk: levels.at_risk(),
        levels: sizes.len(),
        largest: sizes.last().copied().unwrap_or(0),
        median: sizes.get(sizes.len() / 2).copied().unwrap_or(0),
        smallest: sizes.first().copied().unwrap_or(0),
        tail,
    }
}

/// Runs each valley for `ticks`, counting its levels as every phase opens, and prints the first
/// tick and every `every`-th, then the range over all of them.
pub fn run(out: &mut dyn Write, ticks: u32, every: u32, settings: Settings) -> anyhow::Result<()> {
    let progress = Progress::new("levels", TIMES.len() as u64 * u64::from(ticks));
    let mut sizes = Vec::new();
    for (n, k) in TIMES.into_iter().enumerate() {
        let (rows, crowd) = (ROWS * k, CROWD * k);
        progress.say(format!("{crowd} creatures"));
        let mut w = found(crowd, rows, Design::default(), settings.with_crew(1))?;
        w.watch_levels();
        if n > 0 {
            writeln!(out)?;
        }
        writeln!(out, "{COLS}x{rows} valley, {crowd} creatures, the levels as each phase opens")?;
        writeln!(out)?;
        writeln!(
            out,
            "  {:>5} {:>9} {:>7} {:>6} {:>8} {:>7} {:>9} {:>10}",
            "tick",
            "creatures",
            "at risk",
            "levels",
            "largest",
            "median",
            "smallest",
            "in the tail"
        )?;
        let mut all: Vec<Row> = Vec::new();
        for t in 1..=ticks {
            w.tick();
            progress.step();
            let levels = w.levels().expect("the levels are watched");
            all.push(row(t, levels, &mut sizes));
        }
        for r in all.iter().filter(|r| r.tick == 1 || r.tick % every == 0) {
            writeln!(
                out,
                "  {:>5} {:>9} {:>7} {:>6} {:>8} {:>7} {:>9} {:>10}",
                r.tick, r.creatures, r.risk, r.levels, r.largest, r.median, r.smallest, r.tail
            )?;
        }
        let span = |f: fn(&Row) -> usize| {
            let lo = all.iter().map(f).min().unwrap_or(0);
            let hi = all.iter().map(f).max().unwrap_or(0);
            format!("{lo} to {hi}")
        };
        writeln!(
            out,
            "  over all {ticks} ticks: {} levels, {} at risk, {} in the tail",
            span(|r| r.levels),
            span(|r| r.risk),
            span(|r| r.tail)
        )?;
    }
    writeln!(out)?;
    writeln!(out, "  levels: the longest chain of creatures, each depending on the one before")?;
    writeln!(out, "  at risk: a store that cannot pay a dash and the upkeep; nobody else can die")?;
    writeln!(out, "  in the tail: creatures in levels of fewer than {TAIL}")?;
    Ok(())
}

/// Runs the chapter's valley to the opening of tick `tick`'s phase, and draws every creature
/// where it stands then, coloured by the level the phase gives it, the creatures at risk
/// ringed; prints the counts the picture shows.
pub fn picture(
    out: &mut dyn Write,
    tick: u32,
    settings: Settings,
    path: &Path,
) -> anyhow::Result<()> {
    let (opened, w) = at_tick(tick, settings)?;
    // Where each creature stands as the phase opens, and whether it is at risk then.
    let stood: Vec<(f64, f64, bool)> =
        opened.iter().map(|c| (c.x, c.y, at_risk(c.store))).collect();
    let levels = w.levels().expect("the levels are watched");
    let of = levels.of();
    let (count, risk) = (levels.count(), levels.at_risk());
    writeln!(out, "{COLS}x{ROWS} valley, {} creatures as tick {tick}'s phase opens", of.len())?;
    writeln!(out, "  {count} levels, {risk} creatures at risk")?;
    writeln!(out, "  creatures per level, from level 1:")?;
    let sizes: Vec<String> = (0..count).map(|k| format!("{:>5}", levels.level(k).len())).collect();
    for line in sizes.chunks(12) {
        writeln!(out, "  {}", line.concat())?;
    }
    let title = format!("Tick {tick}: {} creatures in {count} levels", of.len());
    draw(&stood, of, count, &title).save(path)?;
    writeln!(out, "wrote {}", path.display())?;
    Ok(())
}

/// A level's colour, on a ramp from orange for the first level walked to deep blue for the
/// last, so the order the walk takes them reads as light to dark.
fn shade(level: u32, count: usize) -> Rgb {
    let (from, to) = ([245.0, 160.0, 40.0], [30.0, 30.0, 120.0]);
    let t = f64::from(level.saturating_sub(1)) / (count.max(2) - 1) as f64;
    let mix = |k: usize| (from[k] + (to[k] - from[k]) * t).round() as u8;
    [mix(0), mix(1), mix(2)]
}

/// The valley, bare (the levels come from where creatures stand, not from the land), with each
/// creature a dot in its level's shade and a red ring round each one at risk, and the key of
/// shades beside it.
fn draw(stood: &[(f64, f64, bool)], of: &[u32], count: usize, title: &str) -> Sketch {
    let (left, top, px) = (20.0, 50.0, 4.0);
    let high = top + ROWS as f64 * px + 40.0;
    let mut s = Sketch::new(760.0, high);
    s.text((left, 24.0), 15.0, Align::Start, INK, title);
    let (wide, deep) = (COLS as f64 * px, ROWS as f64 * px);
    s.rect(left, top, wide, deep, Some([255, 255, 255]), Some(GREY));
    for (&(x, y, risky), &l) in stood.iter().zip(of) {
        let at = (left + x * px, top + y * px);
        s.dot(at, 2.0, shade(l, count), true);
        if risky {
            s.dot(at, 4.5, RED, false);
        }
    }
    let key_x = left + COLS as f64 * px + 24.0;
    s.text((key_x, top + 4.0), 11.0, Align::Start, INK, "level");
    let step = (ROWS as f64 * px - 60.0) / count.max(1) as f64;
    for k in 0..count {
        let y = top + 14.0 + step * k as f64;
        s.rect(key_x, y, 16.0, step, Some(shade(k as u32 + 1, count)), None);
        if k == 0 || k + 1 == count || (k + 1) % 5 == 0 {
            let label = (k + 1).to_string();
            s.text((key_x + 22.0, y + step / 2.0 + 4.0), 10.0, Align::Start, INK, &label);
        }
    }
    let ring_y = top + ROWS as f64 * px - 30.0;
    s.dot((key_x + 8.0, ring_y), 4.5, RED, false);
    s.text((key_x + 18.0, ring_y + 4.0), 10.0, Align::Start, INK, "at risk");
    let foot = format!(
        "a dot is a creature where it stands as the phase opens; a cell is {px:.0} px, \
         {COLS} across and {ROWS} down"
    );
    s.text((left, high - 14.0), 11.0, Align::Start, INK, &foot);
    s
}

/// The levels the walk goes by: for the chapter's valley and for ten times it (3000 and
/// 30,000 creatures), how many levels each phase had, the creatures in them and the
/// creatures at risk. Counts only, the same on every machine.
#[derive(clap::Args, Debug)]
#[command(group(clap::ArgGroup::new("instead").multiple(false).args(["picture", "clock", "rule"])))]
pub struct Args {
    #[command(flatten)]
    pub run: crate::flags::Ticks<120>,
    /// Print the first tick and every this many ticks: 1 to 100,000.
    #[arg(long, default_value = "20", value_parser = crate::flags::TICKS, allow_hyphen_values = true)]
    pub every: u32,
    /// Instead of the table, draw the chapter's valley as the phase of tick --ticks opens,
    /// every creature a dot coloured by its level, those at risk ringed, into this SVG
    /// (760 px wide).
    #[arg(long, value_name = "FILE", value_parser = world::shell::file_flags::svg)]
    #[arg(conflicts_with = "every")]
    pub picture: Option<world::shell::file_flags::OutFile>,
    /// Time the round instead, on this machine: at 3000 and at 30,000 creatures, the phase
    /// on crew 2 by levels against crew 1, and against crew 2 walking in roster order
    /// (--serial), each pair in turns (about twenty seconds). --isa is used; --ticks and
    /// --every are not.
    #[arg(long, conflicts_with_all = ["ticks", "every"])]
    pub clock: bool,
    /// Instead of the table, find the creature at risk on the highest level as the phase of
    /// tick --ticks opens, print what the levels' rule says about it, and draw the rule
    /// around it into this SVG (760 px wide): the 2-cell and the 14-cell squares and who
    /// in them comes before it and after.
    #[arg(long, value_name = "FILE", value_parser = world::shell::file_flags::svg)]
    #[arg(conflicts_with = "every")]
    pub rule: Option<world::shell::file_flags::OutFile>,
}

impl crate::run::Run for Args {
    fn run(&self, out: &mut dyn Write, settings: Settings) -> anyhow::Result<()> {
        let ticks = self.run.ticks;
        match (&self.rule, &self.picture) {
            _ if self.clock => clock::run(out, settings),
            (Some(path), _) => rule::run(out, ticks, settings, path),
            (None, Some(path)) => picture(out, ticks, settings, path),
            (None, None) => run(out, ticks, self.every, settings),
        }
    }
}
