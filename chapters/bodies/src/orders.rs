//! The same falling body under the retired order: velocity first and position first, side by
//! side, and the timeline that shows where the two part.

use std::io::Write;
use std::path::Path;

use world::Body;

use crate::design::Design;
use crate::pushes::GRAVITY;
use crate::table::falling;
use crate::timeline::{self, Lane, MOST_DRAWN};

/// Both orders from the same start, one row a tick. The falling speed is the velocity's y,
/// the only part gravity touches.
pub fn orders(out: &mut dyn Write, ticks: u32, picture: Option<&Path>) -> anyhow::Result<()> {
    // Every other switch left off, including any a reader adds (the course's challenges add
    // two), so the update stays even while it has nothing to fill in.
    #[allow(clippy::needless_update)]
    let (now, was) = (Design::default(), Design { lagging: true, ..Design::default() });
    let (mut first, mut lagging) = (falling(), falling());
    let mut lanes = [
        Lane { name: "step", how: "velocity, then position", vel: vec![], pos: vec![], late: 0 },
        Lane {
            name: "step_lagging",
            how: "position, then velocity",
            vel: vec![],
            pos: vec![],
            late: 1,
        },
    ];
    let note = |lanes: &mut [Lane; 2], a: &Body, b: &Body| {
        for (lane, body) in lanes.iter_mut().zip([a, b]) {
            lane.vel.push(body.vel.y);
            lane.pos.push(body.pos.y);
        }
    };
    note(&mut lanes, &first, &lagging);
    writeln!(out, "      step: velocity, then position    step_lagging: position, then velocity")?;
    writeln!(out, "tick       position      falling at          position      falling at")?;
    for t in 1..=ticks {
        now.tick(&mut first, |b| b.push(GRAVITY));
        was.tick(&mut lagging, |b| b.push(GRAVITY));
        if t as usize <= MOST_DRAWN {
            note(&mut lanes, &first, &lagging);
        }
        writeln!(
            out,
            "{t:>4}  {:>16}  {:>12.3}      {:>16}  {:>12.3}",
            format!("{:7}", first.pos),
            first.vel.y,
            format!("{:7}", lagging.pos),
            lagging.vel.y
        )?;
    }
    let gap = first.pos.dist(lagging.pos);
    writeln!(out)?;
    writeln!(
        out,
        "after {ticks} ticks the lagging body trails by {gap:.3} px, and the gap widens 0.5 px per tick:"
    )?;
    writeln!(out, "its height at tick n is the height the other body had at tick n-1")?;
    if let Some(p) = picture {
        timeline::draw(&lanes).save(p)?;
        writeln!(out, "wrote {}", p.display())?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lagging_falls_one_tick_behind_exactly() {
        let (mut a, mut b) = (falling(), falling());
        let mut prev = a.pos.y;
        for _ in 0..50 {
            a.push(GRAVITY);
            b.push(GRAVITY);
            a.step();
            b.step_lagging();
            assert_eq!(b.pos.y, prev);
            assert_eq!(b.pos.x, a.pos.x);
            assert_eq!(a.vel, b.vel);
            prev = a.pos.y;
        }
    }
}

/// The same falling body stepped two ways: velocity first (the world's `step`) and position
/// first (the retired `step_lagging`), side by side.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// Ticks to run: 1 to 1,000,000.
    #[arg(long, default_value = "4", value_parser = crate::flags::TICKS, allow_hyphen_values = true)]
    pub ticks: u32,
    /// Also draw the timeline into this SVG (760 px wide): each order's velocity and height
    /// a tick, with an arrow from the velocity that moved each height. It has room for the
    /// first 8 ticks, and draws no more, whatever --ticks runs.
    #[arg(long, value_name = "FILE", value_parser = world::shell::file_flags::svg)]
    pub picture: Option<world::shell::file_flags::OutFile>,
}

impl crate::run::Run for Args {
    fn run(&self, out: &mut dyn Write) -> anyhow::Result<()> {
        orders(out, self.ticks, self.picture.as_deref())
    }
}
