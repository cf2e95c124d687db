//! The herd with one rule heard at a time, then all three.

use std::io::Write;
use std::path::Path;

use anyhow::Context;
use world::near::{Buckets, Everybody, Mailboxes, Query, TooWide};
use world::terra::CELL;

use crate::scene::{Herd, Listen, Rule, VALLEY_COLS, VALLEY_ROWS, census, ground};
use crate::{Ask, Scene};

/// The query a flag names, built for the book's valley.
pub fn query(ask: Ask) -> Box<dyn Query> {
    match ask {
        Ask::Everybody => Box::new(Everybody::default()),
        Ask::Buckets => Box::new(Buckets::new(VALLEY_COLS, VALLEY_ROWS, CELL)),
        Ask::Unordered => Box::new(Buckets::new(VALLEY_COLS, VALLEY_ROWS, CELL).unordered(true)),
        Ask::Mailboxes => Box::new(Mailboxes::new(VALLEY_COLS, VALLEY_ROWS, CELL)),
    }
}

/// How the tick hears the neighbours a flag's query finds: the first round's three passes for
/// the first round's queries, one pass for the second round's.
pub fn listen(ask: Ask) -> Listen {
    match ask {
        Ask::Everybody | Ask::Buckets | Ask::Unordered => Listen::ThreePasses,
        Ask::Mailboxes => Listen::OnePass,
    }
}

/// The valley's herd, asking the query a flag names, the way that query was built to be asked.
pub fn herd(s: &Scene, rule: Rule, ask: Ask) -> Herd<Box<dyn Query>> {
    Herd::new(s.seed, s.n, VALLEY_COLS, VALLEY_ROWS, rule, s.radius, query(ask))
        .listening(listen(ask))
}

/// Refuses, before anything runs, a radius the buckets would refuse on the first tick.
pub fn fits(radius: f64) -> Result<(), TooWide> {
    if radius > CELL { Err(TooWide { radius, cell: CELL }) } else { Ok(()) }
}

pub fn run(
    out: &mut dyn Write,
    s: &Scene,
    ask: Ask,
    rules: &[Rule],
    shot: Option<&Path>,
) -> anyhow::Result<()> {
    if ask != Ask::Everybody {
        fits(s.radius)?;
    }
    if let Some(dir) = shot {
        std::fs::create_dir_all(dir).with_context(|| {
            format!("cannot make the picture folder {} (is its parent writable?)", dir.display())
        })?;
    }
    let ground = ground(s.seed);
    writeln!(
        out,
        "{} walkers, {} ticks on the valley of seed {}; a walker sees {} px",
        s.n, s.ticks, s.seed, s.radius
    )?;
    writeln!(
        out,
        "{:<14}  {:>10}  {:>7}  {:>8}  {:>6}  frame",
        "hearing", "in reach", "nearest", "together", "groups"
    )?;
    let mut progress = crate::Progress::new(
        "alone",
        rules.len() as u64 * u64::from(s.ticks),
        (s.n * s.n) as u64 * u64::from(s.ticks),
    );
    let mut done = 0;
    let mut shots = Vec::new();
    for &rule in rules {
        let mut herd = herd(s, rule, ask);
        for _ in 0..s.ticks {
            herd.tick()?;
            done += 1;
            progress.at(done);
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
