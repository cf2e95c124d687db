//! The arithmetic before anything is timed: what one creature asks for in a tick, and what a
//! crowd of them comes to. Every figure is a count.

use std::io::Write;

use world::beast::kind::{ACTS, FAN, INPUTS, REACH, STEPS};
use world::beast::think::brain::{ADDS, MULTIPLIES, SQUASHES, WEIGHTS};

use crate::scene::COLS;
use world::shell::cli::count;

pub fn run(out: &mut dyn Write, crowd: usize, rows: usize) -> anyhow::Result<()> {
    crate::scene::room(crowd, rows)?;
    let bite = (2 * REACH + 1) * (2 * REACH + 1);
    let line = |out: &mut dyn Write, what: &str, n: usize| writeln!(out, "  {what:<40} {n:>10}");
    writeln!(out, "one creature, one tick")?;
    line(out, "weights in its brain", WEIGHTS)?;
    line(out, "multiplications in a forward pass", MULTIPLIES)?;
    line(out, "additions in a forward pass", ADDS)?;
    line(out, "tanh calls in a forward pass", SQUASHES)?;
    line(out, "inputs in the sensor row", INPUTS)?;
    line(out, "rays it looks with", FAN)?;
    line(out, "strides a ray can take", STEPS)?;
    line(out, "strides a fan can take", FAN * STEPS)?;
    line(out, "cells under one bite", bite as usize)?;
    line(out, "actions the picker ranks", ACTS)?;
    writeln!(out)?;
    writeln!(
        out,
        "{} on a {COLS}x{rows} valley, one tick",
        count(crowd as u64, "creature", "creatures")
    )?;
    line(out, "multiply-adds in their forward passes", crowd * MULTIPLIES)?;
    line(out, "ray strides at the sight cap", crowd * FAN * STEPS)?;
    line(out, "cells in the valley", COLS * rows)?;
    Ok(())
}

/// The work in one creature's tick, and in a crowd's: counts only, the same on every
/// machine.
#[derive(clap::Args, Debug)]
pub struct Args {
    #[command(flatten)]
    pub scene: crate::flags::Scene,
}

impl crate::run::Run for Args {
    fn run(&self, out: &mut dyn Write, _: world::beast::Settings) -> anyhow::Result<()> {
        run(out, self.scene.crowd, self.scene.rows)
    }
}
