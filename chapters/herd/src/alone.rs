//! The herd with one rule heard at a time, then all three.

use std::io::Write;
use std::path::Path;

use world::cli::count;
use world::film::Film;
use world::progress::Progress;
use world::render::{Frame, INK, PAPER, RED};
use world::terra::Land;

use crate::Scene;
use crate::designs::Design;
use crate::scene::{Rule, census, ground};

pub fn run(
    out: &mut dyn Write,
    s: &Scene,
    design: Design,
    rules: &[Rule],
    shot: Option<&Path>,
    film: Option<&Path>,
) -> anyhow::Result<()> {
    design.fits(s.radius)?;
    if film.is_some() && s.ticks > FILM_TICKS {
        anyhow::bail!(
            "--film draws a frame a tick, at most {FILM_TICKS}; give --ticks {FILM_TICKS} or fewer"
        );
    }
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
        let mut reel = film.map(|_| Reel::new(rule, s.ticks)).transpose()?;
        for t in 0..s.ticks {
            if let Some(r) = &mut reel {
                r.add(&herd.frame(&ground), t)?;
            }
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
        if let (Some(dir), Some(mut r)) = (film, reel) {
            world::out::folder(dir)?;
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
