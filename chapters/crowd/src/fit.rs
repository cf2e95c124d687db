//! The capacity run: the chapter's valley made 1, 2, 5 and 10 times as long, with the crowding
//! held at one creature to five cells, and what a tick of each asks for.

use std::io::Write;

use world::beast::Design;
use world::beast::brain::MULTIPLIES;
use world::beast::roster::Cast;

use crate::town::{COLS, HERD, ROWS, found};

pub const TIMES: [u32; 4] = [1, 2, 5, 10];

pub fn run(
    out: &mut dyn Write,
    ticks: u32,
    crew: usize,
    clock: bool,
    more: &[u32],
) -> anyhow::Result<()> {
    writeln!(
        out,
        "the {COLS}-wide valley at {} times its length, each run for {ticks} ticks",
        list(&TIMES, more)
    )?;
    writeln!(out)?;
    write!(
        out,
        "  {:>6} {:>6} {:>8} {:>9} {:>12} {:>13}",
        "cols", "rows", "cells", "creatures", "strides", "multiply-adds"
    )?;
    writeln!(out, "{}", if clock { "    ms a tick" } else { "" })?;
    for k in TIMES.iter().chain(more) {
        let (rows, herd) = (ROWS * *k as usize, HERD * *k as usize);
        let mut w = found(herd, rows, Design::NOW, Cast::Wide { crew, loose: false, kept: true })?;
        let c = crate::spend::timed(&mut w, ticks);
        eprintln!("fit: {herd} creatures done");
        write!(
            out,
            "  {COLS:>6} {rows:>6} {:>8} {herd:>9} {:>12} {:>13}",
            COLS * rows,
            w.roster.counts.steps,
            herd * MULTIPLIES
        )?;
        if clock {
            writeln!(out, " {:>12.3}", c.phase.as_secs_f64() * 1e3 / f64::from(ticks))?;
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
    Ok(())
}

fn list(a: &[u32], b: &[u32]) -> String {
    let all: Vec<String> = a.iter().chain(b).map(u32::to_string).collect();
    all.join(", ")
}
