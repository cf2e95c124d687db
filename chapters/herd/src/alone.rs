//! The herd with one rule heard at a time, then all three.

use std::io::Write;
use std::path::Path;

use world::cli::count;
use world::progress::Progress;

use crate::Scene;
use crate::designs::Design;
use crate::scene::{Rule, census, ground};

pub fn run(
    out: &mut dyn Write,
    s: &Scene,
    design: Design,
    rules: &[Rule],
    shot: Option<&Path>,
) -> anyhow::Result<()> {
    design.fits(s.radius)?;
    let ground = ground(s.seed);
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
    )?;
    let progress = Progress::new("alone", rules.len() as u64 * u64::from(s.ticks));
    let mut shots = Vec::new();
    for &rule in rules {
        let mut herd = design.herd(s, rule);
        progress.say(rule.label());
        for _ in 0..s.ticks {
            herd.tick()?;
            progress.step();
        }
        let c = census(&herd.bodies, s.radius);
        let frame = herd.frame(&ground);
        let nearest = c.nearest.map_or("-".to_string(), |d| format!("{d:.3}"));
        writeln!(
            out,
            "{:<14}  {:>10.2}  {:>7}  {:>8.3}  {:>6}  {}",
            rule.label(),
            c.neighbours,
            nearest,
            c.together,
            c.groups,
            frame.hash()
        )?;
        if let Some(dir) = shot {
            world::out::folder(dir)?;
            let path = dir.join(format!("{}.png", rule.name()));
            frame.save_png(&path, 3)?;
            shots.push(path);
        }
    }
    for path in shots {
        writeln!(out, "wrote {}", path.display())?;
    }
    Ok(())
}
