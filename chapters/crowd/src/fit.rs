//! The capacity run: the chapter's valley made 1, 2, 5 and 10 times as long, with the crowding
//! held at one creature to five cells, and what a tick of each asks for.

use std::io::{self, Write};

use world::beast::think::brain::MULTIPLIES;
use world::beast::{Design, Settings};
use world::pictures::chart::{self, Axis, Chart, Corner, Line, Rule};
use world::pictures::palette::{BLUE, RED, Rgb};
use world::shell::progress::Progress;

use crate::scene::{BUDGET_MS, COLS, CROWD, MOST_CROWD, ROWS, found};
use crate::timed::timed;

pub const TIMES: [u32; 4] = [1, 2, 5, 10];

/// The rows: each valley run for `--ticks` ticks, what it asks for, and with `--clock` (or
/// `--chart`) what a tick of it takes here.
pub fn run(out: &mut dyn Write, args: &Args, settings: Settings) -> anyhow::Result<()> {
    let (ticks, design, more) = (args.run.ticks, args.design.0, &args.more[..]);
    let clock = args.clock || args.chart.is_some();
    heading(out, ticks, more, clock)?;
    let mut times = Vec::new();
    let progress = Progress::new("fit", (TIMES.len() + more.len()) as u64 * u64::from(ticks));
    for k in TIMES.iter().chain(more) {
        let (rows, crowd) = (ROWS * *k as usize, CROWD * *k as usize);
        progress.say(format!("{crowd} creatures"));
        let mut w = found(crowd, rows, design, settings)?;
        let c = timed(&mut w, ticks, &progress);
        let steps = w.counts().tick.steps;
        let each = steps as f64 / crowd as f64;
        write!(
            out,
            "  {COLS:>5} {rows:>5} {:>7} {crowd:>9} {steps:>8} {each:>12.1} {:>13}",
            COLS * rows,
            crowd * MULTIPLIES
        )?;
        if clock {
            let ms = c.phase_ms(ticks);
            times.push((crowd as f64, ms));
            writeln!(out, " {ms:>11.3} {:>15.2}", ms * 1e3 / crowd as f64)?;
        } else {
            writeln!(out)?;
        }
    }
    writeln!(out)?;
    writeln!(
        out,
        "  strides: what the closing tick's fans took; per creature: those over the crowd"
    )?;
    writeln!(out, "  multiply-adds: one pass each")?;
    if clock {
        let threads = settings.threads(design);
        writeln!(out, "  ms per tick: the creature phase, timed here on {threads} thread(s)")?;
        writeln!(out, "  µs per creature: that time over the crowd")?;
    }
    if let Some(path) = args.chart.as_deref() {
        draw(&times).save(path)?;
        writeln!(out, "wrote {}", path.display())?;
    }
    Ok(())
}

/// The lines above the table: the valleys, and the columns.
fn heading(out: &mut dyn Write, ticks: u32, more: &[u32], clock: bool) -> std::io::Result<()> {
    writeln!(
        out,
        "the {COLS}-wide valley at {} times its length, each run for {}",
        list(&TIMES, more),
        world::shell::cli::count(ticks, "tick", "ticks")
    )?;
    writeln!(out)?;
    write!(
        out,
        "  {:>5} {:>5} {:>7} {:>9} {:>8} {:>12} {:>13}",
        "cols", "rows", "cells", "creatures", "strides", "per creature", "multiply-adds"
    )?;
    writeln!(out, "{}", if clock { " ms per tick µs per creature" } else { "" })
}

/// An orange for the aim's point, told apart from the budget's red rule.
const ORANGE: Rgb = [230, 140, 20];

/// The timings as a chart: creatures across from zero, ms per tick up from zero (both numbered at
/// round steps, ten at most), the runs as one line, the 50 ms budget as a rule, and the first
/// aim as the one point it names, 25 ms at 30,000 creatures: an aim for one size is no rule
/// across every size.
fn draw(times: &[(f64, f64)]) -> Chart {
    let wide = times.iter().map(|t| t.0).fold(0.0, f64::max) * 1.05;
    let high = times.iter().map(|t| t.1).fold(BUDGET_MS, f64::max) * 1.1;
    let across = chart::step_for(wide, 10);
    let up = chart::step_for(high, 10);
    Chart {
        title: "Creatures against ms per tick, on this machine".into(),
        x: Axis::linear("creatures", 0.0, chart::round_up(wide, across), across),
        y: Axis::linear("ms per tick", 0.0, chart::round_up(high, up), up),
        lines: vec![
            Line {
                name: "the creature phase".into(),
                colour: BLUE,
                points: times.to_vec(),
                dots: true,
            },
            Line {
                name: "the first aim: 25 ms at 30,000".into(),
                colour: ORANGE,
                points: vec![((CROWD * 10) as f64, BUDGET_MS / 2.0)],
                dots: true,
            },
        ],
        rules: vec![Rule { name: "the 50 ms budget".into(), colour: RED, at: BUDGET_MS }],
        key: Corner::UpperLeft,
    }
}

fn list(a: &[u32], b: &[u32]) -> String {
    let all: Vec<String> = a.iter().chain(b).map(u32::to_string).collect();
    all.join(", ")
}

/// The lines above the capacity search's trials: the question, what a trial's time is and of
/// which design, and the columns.
fn budget_heading(
    out: &mut dyn Write,
    budget: f64,
    threads: usize,
    ticks: u32,
    design: Design,
) -> io::Result<()> {
    writeln!(
        out,
        "the largest crowd whose phase fits {budget} ms per tick on {threads} thread(s), {} per trial",
        world::shell::cli::count(ticks, "tick", "ticks")
    )?;
    let what = match design.as_of {
        _ if design == Design::default() => "the phase as it stands".to_string(),
        Some(stage) if design == Design::as_of(stage) => stage.left_it(),
        _ => "the phase with the switches given".to_string(),
    };
    writeln!(out, "  ms per tick: a trial's mean, after one untimed tick, of {what}")?;
    let walk = world::beast::step::phase::Walk::of(threads, design).name();
    writeln!(
        out,
        "  the walk: {walk}, on {}",
        world::shell::cli::count(threads as u64, "thread", "threads")
    )?;
    writeln!(out)?;
    writeln!(out, "  {:>5} {:>6} {:>9}  {:>11}  fits", "trial", "times", "creatures", "ms per tick")
}

/// A search for the largest crowd that fits, as `--budget`, `--ticks` and the design's flags
/// ask for it: the ms per tick a phase must fit, and each trial's ticks and design.
#[derive(Clone, Copy)]
pub struct Search {
    pub budget: f64,
    pub ticks: u32,
    pub design: Design,
}

/// The largest crowd, in whole valleys, whose phase fits inside `budget` ms per tick here: the
/// valley made one, two, four, ... times as long, doubling while the phase fits, then the step
/// halved between the last length that fitted and the first that did not. Every trial is
/// printed as it is timed, over `ticks` ticks after one untimed tick.
pub fn budget(out: &mut dyn Write, search: Search, settings: Settings) -> anyhow::Result<()> {
    let Search { budget, ticks, design } = search;
    let most = (MOST_CROWD as usize / CROWD) as u32;
    budget_heading(out, budget, settings.threads(design), ticks, design)?;
    let mut trial = 0;
    let mut time = |k: u32, out: &mut dyn Write| -> anyhow::Result<bool> {
        trial += 1;
        let (rows, crowd) = (ROWS * k as usize, CROWD * k as usize);
        let progress = Progress::new("fit", u64::from(ticks));
        progress.say(format!("{crowd} creatures"));
        let mut w = found(crowd, rows, design, settings)?;
        // One tick first, untimed, so the trial times no start-up: the threads, the buffers.
        w.tick();
        let ms = timed(&mut w, ticks, &progress).phase_ms(ticks);
        let fits = ms <= budget;
        let said = if fits { "yes" } else { "no" };
        writeln!(out, "  {trial:>5} {k:>6} {crowd:>9}  {ms:>11.3}  {said}")?;
        Ok(fits)
    };
    // Doubling: the last length that fitted, and the first that did not, if any did not.
    let (mut good, mut bad) = (0, None);
    let mut k = 1;
    while bad.is_none() && good < most {
        if time(k, out)? {
            good = k;
            k = (2 * k).min(most);
        } else {
            bad = Some(k);
        }
    }
    // Halving: between the two, each step half the gap left.
    if let Some(mut over) = bad {
        while over - good > 1 {
            let k = good + (over - good) / 2;
            if time(k, out)? {
                good = k;
            } else {
                over = k;
            }
        }
    }
    writeln!(out)?;
    if good == 0 {
        writeln!(out, "  not even the chapter's {CROWD} creatures fit {budget} ms per tick here")?;
    } else {
        let crowd = CROWD * good as usize;
        let cap = if good == most { ", the most a run takes" } else { "" };
        writeln!(out, "  the largest: {crowd} creatures, {good} times the valley{cap}")?;
    }
    Ok(())
}

/// The valley made 1, 2, 5 and 10 times as long (3000 to 30000 creatures): what each
/// asks for, and with --clock what a tick of it takes here.
#[derive(clap::Args, Debug)]
pub struct Args {
    #[command(flatten)]
    pub run: crate::flags::Ticks<30>,
    /// Threads the fans are cast on: 1 to 256 (default: the machine's cores).
    #[arg(long, value_parser = crate::flags::CREW, allow_hyphen_values = true)]
    #[arg(conflicts_with_all = ["was", "narrow"])]
    pub crew: Option<usize>,
    /// Also time each row: these lines differ on every machine.
    #[arg(long)]
    pub clock: bool,
    /// Extra row sizes, for the capacity run: 1 to 50 times the 150x100 valley (50 times
    /// is 150,000 creatures), separated by commas.
    #[arg(long, value_name = "TIMES", value_delimiter = ',', value_parser = crate::flags::TIMES, allow_hyphen_values = true)]
    #[arg(action = clap::ArgAction::Set)]
    pub more: Vec<u32>,
    /// Also chart the timings into this SVG (and so time them, as --clock does), with the
    /// 50 ms budget and the 25 ms aimed for as rules.
    #[arg(long, value_name = "FILE", value_parser = world::shell::file_flags::svg)]
    pub chart: Option<world::shell::file_flags::OutFile>,
    /// Instead of the rows, find the largest crowd whose phase fits this many ms per tick on
    /// this machine, 1 to 10,000: the valley made 1, 2, 4, ... times as long until the phase
    /// does not fit (at most 50 times, 150,000 creatures), then the step halved, each trial
    /// timed and printed. The answer differs on every machine.
    #[arg(long, value_name = "MS", value_parser = crate::flags::BUDGET_MS, allow_hyphen_values = true)]
    #[arg(conflicts_with_all = ["more", "chart", "clock"])]
    pub budget: Option<u32>,
    #[command(flatten)]
    pub design: world::shell::design::Staged,
}

impl crate::run::Run for Args {
    fn run(&self, out: &mut dyn Write, settings: Settings) -> anyhow::Result<()> {
        match self.budget {
            Some(ms) => {
                let (budget_ms, ticks, design) = (f64::from(ms), self.run.ticks, self.design.0);
                budget(out, Search { budget: budget_ms, ticks, design }, settings)
            }
            None => run(out, self, settings),
        }
    }
}
