//! The rays of one tick counted by how many empty cells each crossed before it met something or
//! reached the sight cap: the measure of how much a faster walk over empty cells could save.

use std::io::Write;

use world::beast::creature::Eye;
use world::beast::kind::{FAN, RAY_GAP, STEPS, STRIDE};
use world::beast::look::fan::{BLANK_FAN, Cast, cast_by};
use world::beast::look::hit::Hit;
use world::beast::look::view::{Flat, View};
use world::beast::{Creature, Design, Settings};
use world::shell::cli::yes;
use world::shell::progress::Progress;

use crate::scene::{CROWD, ROWS, found};
use crate::timed::run_for;

/// The bins, by the least number of empty cells a ray in them crossed; the last takes the rest.
const BINS: [u32; 7] = [0, 1, 2, 3, 4, 6, 10];

/// Runs `ticks - 1` ticks, then casts every fan of the closing tick as its phase opens, stride
/// by stride on flat rows, counting the cells each ray asked about that were empty.
pub fn run(out: &mut dyn Write, ticks: u32, settings: Settings) -> anyhow::Result<()> {
    let mut w = found(CROWD, ROWS, Design::default(), settings)?;
    run_for(&mut w, ticks - 1, &Progress::new("rays", u64::from(ticks)));
    let cells: Vec<(i64, i64)> = w.roster.live.iter().map(Creature::cell).collect();
    let mut view = Flat::default();
    view.refill(&w.hab, &cells);
    let gone = world::beast::look::gone::Gone::none(cells.len());
    // Rays, strides and empty cells crossed, a bin each.
    let mut bins = [(0u64, 0u64); BINS.len()];
    for (i, c) in w.roster.live.iter().enumerate() {
        let (eye, me) = (c.eye(), i as u32);
        let at = |x: i64, y: i64| View::at(&view, &w.hab.ground, x, y, me, &gone);
        let mut fan = BLANK_FAN;
        cast_by(Cast::Strides, eye, &mut fan, at);
        for (r, ray) in fan.iter().enumerate() {
            let strides = if ray.steps == 0 { STEPS } else { usize::from(ray.steps) };
            let empty = empty_cells(eye, r, strides, ray.steps > 0, at)?;
            let b = BINS.iter().rposition(|&lo| empty >= lo).unwrap_or(0);
            bins[b].0 += 1;
            bins[b].1 += strides as u64;
        }
    }
    let fans = w.roster.live.len();
    print(out, ticks, &bins, fans)?;
    // The phase itself, to check the count against its own.
    w.tick();
    let (own, ours) = (w.counts().tick.steps, bins.iter().map(|b| b.1).sum::<u64>());
    writeln!(
        out,
        "  the phase's own count of those strides: {own}, the same: {}",
        yes(own == ours)
    )?;
    Ok(())
}

/// The empty cells ray `r` of `eye`'s fan crossed in its `strides` strides, walked as the cast
/// walks it; the cell of its last stride is not counted when the ray met something there. Each
/// cell counted is asked again, and must be empty, so the walk cannot drift from the cast's.
fn empty_cells(
    eye: Eye,
    r: usize,
    strides: usize,
    met: bool,
    at: impl Fn(i64, i64) -> Hit,
) -> anyhow::Result<u32> {
    let a = (r as f64 - (FAN / 2) as f64) * RAY_GAP;
    let (co, so) = (libm::cos(a), libm::sin(a));
    let (ch, sh) = eye.facing;
    let dx = (ch * co - sh * so) * STRIDE;
    let dy = (sh * co + ch * so) * STRIDE;
    let cell = |v: f64| if v < 0.0 { -1 } else { v as i64 };
    let (mut last, mut empty) = ((i64::MIN, i64::MIN), 0);
    for k in 1..=strides {
        let here = (cell(eye.x + dx * k as f64), cell(eye.y + dy * k as f64));
        if here != last && !(met && k == strides) {
            anyhow::ensure!(at(here.0, here.1) == Hit::Nothing, "a ray's walk left the cast's");
            empty += 1;
        }
        last = here;
    }
    Ok(empty)
}

fn print(out: &mut dyn Write, ticks: u32, bins: &[(u64, u64)], fans: usize) -> anyhow::Result<()> {
    let (rays, strides): (u64, u64) = bins.iter().fold((0, 0), |a, b| (a.0 + b.0, a.1 + b.1));
    writeln!(
        out,
        "tick {ticks}'s {fans} fans as their phase opens, {rays} rays, {strides} strides"
    )?;
    writeln!(out)?;
    writeln!(
        out,
        "  {:<18} {:>8} {:>7} {:>9} {:>7}",
        "empty cells crossed", "rays", "share", "strides", "share"
    )?;
    for (k, &(r, s)) in bins.iter().enumerate() {
        let name = match (BINS[k], BINS.get(k + 1)) {
            (lo, Some(&hi)) if hi == lo + 1 => format!("{lo}"),
            (lo, Some(&hi)) => format!("{lo} to {}", hi - 1),
            (lo, None) => format!("{lo} or more"),
        };
        let share = |a: u64, b: u64| 100.0 * a as f64 / b.max(1) as f64;
        writeln!(
            out,
            "  {name:<18} {r:>8} {:>6.1}% {s:>9} {:>6.1}%",
            share(r, rays),
            share(s, strides)
        )?;
    }
    let past: Vec<&(u64, u64)> = bins.iter().zip(BINS).filter(|b| b.1 > 3).map(|b| b.0).collect();
    let (r, s) = past.iter().fold((0, 0), |a, b| (a.0 + b.0, a.1 + b.1));
    writeln!(out)?;
    let (r_share, s_share) =
        (100.0 * r as f64 / rays.max(1) as f64, 100.0 * s as f64 / strides.max(1) as f64);
    writeln!(
        out,
        "  past three empty cells: {r_share:.1}% of the rays, {s_share:.1}% of the strides"
    )?;
    Ok(())
}

/// The rays of the closing tick, cast as its phase opens, counted by how many empty cells
/// each crossed before it met something or reached the sight cap: the rays and strides in
/// each bin. Counts only, the same on every machine.
#[derive(clap::Args, Debug)]
pub struct Args {
    #[command(flatten)]
    pub run: crate::flags::Ticks<20>,
}

impl crate::run::Run for Args {
    fn run(&self, out: &mut dyn Write, settings: Settings) -> anyhow::Result<()> {
        run(out, self.run.ticks, settings)
    }
}
