//! The fourth round's counts: the levels the walk goes by, tick after tick, at the chapter's
//! crowd and at ten times it. Every figure is a count, the same on every machine and crew.

use std::io::Write;

use world::beast::levels::Levels;
use world::beast::{Design, Settings};
use world::shell::progress::Progress;

use crate::scene::{COLS, CROWD, ROWS, found};

/// The valleys counted: the chapter's, and ten times as long with ten times the crowd.
pub const TIMES: [usize; 2] = [1, 10];

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
        w.roster.watch_levels();
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
            let levels = w.roster.levels().expect("the levels are watched");
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
