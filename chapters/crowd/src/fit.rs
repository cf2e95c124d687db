//! The capacity run: the chapter's valley made 1, 2, 5 and 10 times as long, with the crowding
//! held at one creature to five cells, and what a tick of each asks for.

use std::io::Write;
use std::path::Path;

use world::beast::Design;
use world::beast::brain::MULTIPLIES;
use world::progress::Progress;

use crate::chart::{self, Chart, ORANGE, Series};
use crate::town::{BUDGET_MS, COLS, CROWD, ROWS, found, timed};

pub const TIMES: [u32; 4] = [1, 2, 5, 10];

pub fn run(
    out: &mut dyn Write,
    ticks: u32,
    design: Design,
    crew: usize,
    clock: bool,
    more: &[u32],
    chart: Option<&Path>,
) -> anyhow::Result<()> {
    writeln!(
        out,
        "the {COLS}-wide valley at {} times its length, each run for {}",
        list(&TIMES, more),
        world::cli::count(ticks, "tick", "ticks")
    )?;
    writeln!(out)?;
    write!(
        out,
        "  {:>6} {:>6} {:>8} {:>9} {:>12} {:>13}",
        "cols", "rows", "cells", "creatures", "strides", "multiply-adds"
    )?;
    writeln!(out, "{}", if clock { "    ms a tick" } else { "" })?;
    let mut times = Vec::new();
    let progress = Progress::new("fit", (TIMES.len() + more.len()) as u64 * u64::from(ticks));
    for k in TIMES.iter().chain(more) {
        let (rows, crowd) = (ROWS * *k as usize, CROWD * *k as usize);
        progress.say(format!("{crowd} creatures"));
        let mut w = found(crowd, rows, design, crew)?;
        let c = timed(&mut w, ticks, &progress);
        write!(
            out,
            "  {COLS:>6} {rows:>6} {:>8} {crowd:>9} {:>12} {:>13}",
            COLS * rows,
            w.roster.counts.tick.steps,
            crowd * MULTIPLIES
        )?;
        if clock {
            let ms = c.phase_ms(ticks);
            times.push((crowd as f64, ms));
            writeln!(out, " {ms:>12.3}")?;
        } else {
            writeln!(out)?;
        }
    }
    writeln!(out)?;
    writeln!(
        out,
        "  ray strides: what the closing tick's fans took; multiply-adds: one pass each"
    )?;
    if clock {
        writeln!(out, "  ms a tick: the creature phase, timed here on {crew} thread(s)")?;
    }
    if let Some(path) = chart {
        draw(&times).save(path)?;
        writeln!(out, "wrote {}", path.display())?;
    }
    Ok(())
}

/// The timings as a chart: creatures across from zero with a tick every 10,000, ms a tick up
/// from zero with a grey rule every 10 ms, the budget of 50 ms as a red rule and half of it as
/// an orange one, and the runs as a blue line.
fn draw(times: &[(f64, f64)]) -> Chart {
    let wide = times.iter().map(|t| t.0).fold(0.0, f64::max);
    let high = times.iter().map(|t| t.1).fold(BUDGET_MS, f64::max) * 1.1;
    let x_max = chart::round_up(wide * 1.05, 10_000.0);
    Chart {
        x_max,
        y_max: chart::round_up(high, 10.0),
        y_rule: 10.0,
        x_ticks: (1..).map(|k| f64::from(k) * 10_000.0).take_while(|&x| x <= x_max).collect(),
        levels: vec![(BUDGET_MS, world::render::RED), (BUDGET_MS / 2.0, ORANGE)],
        series: vec![Series { points: times.to_vec(), colour: world::render::BLUE }],
    }
}

fn list(a: &[u32], b: &[u32]) -> String {
    let all: Vec<String> = a.iter().chain(b).map(u32::to_string).collect();
    all.join(", ")
}
