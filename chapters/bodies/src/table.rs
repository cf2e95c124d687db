//! The falling body by hand: the first table.

use std::io::Write;

use world::{Body, Vec2};

use crate::design::Design;
use crate::pushes::GRAVITY;

// ANCHOR: falling
/// The body the hand table follows: 24 px in, 8 px down, moving right at 2 px a tick.
pub fn falling() -> Body {
    Body::new(Vec2::new(24.0, 8.0), Vec2::new(2.0, 0.0))
}
// ANCHOR_END: falling

// ANCHOR: table
/// The falling body, one row a tick: what was pushed, the velocity and the position after
/// the step.
pub fn table(out: &mut dyn Write, ticks: u32, design: Design) -> anyhow::Result<()> {
    let mut b = falling();
    writeln!(out, "tick   push this tick     velocity now        position now")?;
    writeln!(
        out,
        "{:>4}  {:>12}  {:>16}  {:>18}",
        0,
        "-",
        format!("{:6}", b.vel),
        format!("{:7}", b.pos)
    )?;
    for t in 1..=ticks {
        let mut pushed = Vec2::ZERO;
        design.tick(&mut b, |b| {
            b.push(GRAVITY);
            pushed = b.acc();
        });
        writeln!(
            out,
            "{t:>4}  {:>12}  {:>16}  {:>18}",
            format!("{:5}", pushed),
            format!("{:6}", b.vel),
            format!("{:7}", b.pos)
        )?;
    }
    Ok(())
}
// ANCHOR_END: table

/// One falling body, tick by tick: the table you can check with a pencil.
///
/// Starts at (24, 8) moving (2, 0) and pushed by gravity (0, 0.5) every tick. Each row is
/// what was pushed that tick, and the velocity and position after the step.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// Ticks to run: 1 to 1,000,000.
    #[arg(long, default_value = "4", value_parser = crate::flags::TICKS, allow_hyphen_values = true)]
    pub ticks: u32,
    #[command(flatten)]
    pub design: Design,
}

impl crate::run::Run for Args {
    fn run(&self, out: &mut dyn Write) -> anyhow::Result<()> {
        table(out, self.ticks, self.design)
    }
}
