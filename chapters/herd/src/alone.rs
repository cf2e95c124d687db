//! The herd with one rule heard at a time, then all three.

use std::io::Write;
use std::path::Path;

use anyhow::Context;
use world::film::Film;
use world::near::{Buckets, Everybody, Query, TooWide};
use world::render::{Frame, INK, PAPER, RED};
use world::terra::{CELL, Land};

use crate::scene::{Herd, Rule, VALLEY_COLS, VALLEY_ROWS, census, ground};
use crate::{Ask, Scene};

/// The query a flag names, built for the book's valley.
pub fn query(ask: Ask) -> Box<dyn Query> {
    match ask {
        Ask::Everybody => Box::new(Everybody::default()),
        Ask::Buckets => Box::new(Buckets::new(VALLEY_COLS, VALLEY_ROWS, CELL)),
        Ask::Unordered => Box::new(Buckets::new(VALLEY_COLS, VALLEY_ROWS, CELL).unordered(true)),
    }
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
    film: Option<&Path>,
) -> anyhow::Result<()> {
    if ask != Ask::Everybody {
        fits(s.radius)?;
    }
    if film.is_some() && s.ticks > FILM_TICKS {
        anyhow::bail!(
            "--film draws a frame a tick, at most {FILM_TICKS}; give --ticks {FILM_TICKS} or fewer"
        );
    }
    for dir in [shot, film].into_iter().flatten() {
        std::fs::create_dir_all(dir).with_context(|| {
            format!("cannot make the picture folder {} (is its parent writable?)", dir.display())
        })?;
        for rule in rules {
            world::out::ready(&dir.join(format!("{}.png", rule.name())))?;
        }
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
        let mut herd = Herd::new(s.seed, s.n, VALLEY_COLS, VALLEY_ROWS, rule, s.radius, query(ask));
        let mut reel = film.map(|_| Reel::new(rule, s.ticks)).transpose()?;
        for t in 0..s.ticks {
            if let Some(r) = &mut reel {
                r.add(&herd.frame(&ground), t)?;
            }
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
        if let (Some(dir), Some(mut r)) = (film, reel) {
            r.add(&frame, s.ticks)?;
            let path = dir.join(format!("{}.png", rule.name()));
            r.film.save(&path)?;
            shots.push(path);
        }
    }
    for path in shots {
        writeln!(out, "wrote {}", path.display())?;
    }
    Ok(())
}

/// The most ticks `--film` draws: one frame each.
pub const FILM_TICKS: u32 = 1000;

/// A film of one row of the table: the valley three times over, a caption strip under it.
struct Reel {
    film: Film,
    rule: Rule,
    ticks: u32,
}

/// Screen pixels to a world pixel, and the caption strip's height.
const ZOOM: usize = 3;
const CAPTION: usize = 26;
/// Hundredths of a second a tick is shown for, and the last frame before the film loops.
const TICK: u16 = 4;
const HOLD: u16 = 250;

impl Reel {
    fn new(rule: Rule, ticks: u32) -> anyhow::Result<Reel> {
        let (w, h) = (world::render::VIEW_W * ZOOM, world::render::VIEW_H * ZOOM + CAPTION);
        let palette =
            [PAPER, INK, RED, Land::Ground.colour(), Land::Water.colour(), Land::Rock.colour()];
        Ok(Reel { film: Film::new(w, h, ticks + 1, &palette)?, rule, ticks })
    }

    /// The herd's frame at tick `t`, blown up, with what it is and when under it.
    fn add(&mut self, frame: &Frame, t: u32) -> anyhow::Result<()> {
        let big = frame.zoomed(ZOOM);
        let mut f = Frame::new(big.w, big.h + CAPTION);
        f.paste(&big, 0, 0);
        let y = (big.h + 6) as i64;
        f.text(6, y, &format!("hearing: {}", self.rule.label()), INK);
        let clock = format!("tick {t} of {}", self.ticks);
        f.text(big.w as i64 - 6 - 9 * clock.len() as i64, y, &clock, INK);
        self.film.add(f, if t == self.ticks { HOLD } else { TICK })?;
        Ok(())
    }
}
