//! The chapter's valley: 150 cells across, 100 down, seed 5, 3000 creatures, so there are five
//! cells of ground for each creature.

use std::io::Write;
use std::path::Path;
use std::sync::{PoisonError, RwLock};
use std::time::{Duration, Instant};

use anyhow::Context;
use world::beast::{Design, Moment, World};
use world::lanes::Isa;
use world::progress::Progress;
use world::render::{Frame, INK};

use crate::close;

pub const SEED: u64 = 5;
pub const COLS: usize = 150;
pub const ROWS: usize = 100;
pub const CROWD: usize = 3000;

/// The budget a phase has in a tick.
pub const BUDGET_MS: f64 = 50.0;

/// The instructions the lanes run on, chosen once for the run of the binary by `--isa`; the
/// widest this CPU has until then.
static ISA: RwLock<Option<Isa>> = RwLock::new(None);

/// Runs every valley founded from now on with its lanes on `isa`.
pub fn lanes_on(isa: Isa) {
    *ISA.write().unwrap_or_else(PoisonError::into_inner) = Some(isa);
}

/// The chapter's valley, `rows` down, with `crowd` creatures on it, stepped by `design` with
/// the fans cast on `crew` threads and the lanes on the instructions `--isa` chose.
pub fn found(crowd: usize, rows: usize, design: Design, crew: usize) -> anyhow::Result<World> {
    let isa = ISA.read().unwrap_or_else(PoisonError::into_inner).unwrap_or_else(Isa::best);
    let w = World::found(SEED, COLS, rows, crowd, design, crew).map_err(anyhow::Error::msg)?;
    Ok(w.on(isa))
}

/// Runs `ticks` ticks, a step of `progress` each.
pub fn run_for(w: &mut World, ticks: u32, progress: &Progress) {
    for _ in 0..ticks {
        w.tick();
        progress.step();
    }
}

/// What a timed run took: the whole tick and the phase inside it, summed over every tick.
#[derive(Default)]
pub struct Clock {
    pub tick: Duration,
    pub phase: Duration,
}

impl Clock {
    /// The phase's milliseconds a tick, over `ticks` ticks.
    pub fn phase_ms(&self, ticks: u32) -> f64 {
        self.phase.as_secs_f64() * 1e3 / f64::from(ticks)
    }
}

/// Runs `w` for `ticks`, timing each tick and the phase inside it, a step of `progress` a tick.
pub fn timed(w: &mut World, ticks: u32, progress: &Progress) -> Clock {
    let mut c = Clock::default();
    for _ in 0..ticks {
        progress.step();
        let (mut opened, mut phase) = (Instant::now(), Instant::now());
        w.tick_watched(|m| match m {
            Moment::TickOpens => opened = Instant::now(),
            Moment::PhaseOpens => phase = Instant::now(),
            Moment::PhaseCloses => {
                let end = Instant::now();
                c.tick += end - opened;
                c.phase += end - phase;
            }
        });
    }
    c
}

/// The valley after `ticks`: ground in its colours, plants green by their grams, cells where
/// a body was buried in terracotta, creatures as dark dots; 4 pixels to a cell. With `close` or
/// `film`, the window with the most burials is outlined on it, drawn close up with a key, and
/// filmed over the same run.
pub fn picture(
    out: &mut dyn Write,
    ticks: u32,
    design: Design,
    path: &Path,
    close: Option<&Path>,
    film: Option<&Path>,
) -> anyhow::Result<()> {
    if film.is_some() && ticks > FILM_TICKS {
        anyhow::bail!(
            "--film draws a frame a tick, at most {FILM_TICKS}; give --ticks {FILM_TICKS} or fewer"
        );
    }
    let mut w = found(CROWD, ROWS, design, crate::cores())?;
    run_for(&mut w, ticks, &Progress::new("picture", u64::from(ticks)));
    const PX: i64 = 4;
    let mut f = Frame::new(COLS * PX as usize, ROWS * PX as usize);
    w.hab.ground.draw(&mut f, PX);
    for st in &w.hab.stands {
        let g = (st.mass / world::beast::habitat::PLANT_CAP).clamp(0.0, 1.0);
        let shade =
            [(200.0 - 150.0 * g) as u8, (220.0 - 60.0 * g) as u8, (150.0 - 110.0 * g) as u8];
        f.rect(st.x * PX, st.y * PX, PX, PX, shade);
    }
    // Where bodies were buried: the litter left on a cell.
    for y in 0..ROWS as i64 {
        for x in 0..COLS as i64 {
            if w.hab.litter[y as usize * COLS + x as usize] > 0.0 {
                f.rect(x * PX, y * PX, PX, PX, close::LITTER);
            }
        }
    }
    for c in &w.roster.live {
        let (x, y) = ((c.x * PX as f64) as i64, (c.y * PX as f64) as i64);
        f.rect(x - 1, y - 1, 2, 2, INK);
    }
    let win = close::busiest(&w);
    if close.is_some() || film.is_some() {
        // The window's outline, two pixels wide, just outside the cells it shows.
        let (x, y, wide, high) = (win.x * PX, win.y * PX, close::COLS * PX, close::ROWS * PX);
        for k in 1..=2 {
            f.rect(x - k, y - k, wide + 2 * k, 1, INK);
            f.rect(x - k, y + high - 1 + k, wide + 2 * k, 1, INK);
            f.rect(x - k, y - k, 1, high + 2 * k, INK);
            f.rect(x + wide - 1 + k, y - k, 1, high + 2 * k, INK);
        }
    }
    let deaths = match film {
        Some(p) => {
            let fresh = found(CROWD, ROWS, design, crate::cores())?;
            let (reel, deaths) = close::film(fresh, win, ticks)?;
            Some((p, reel, deaths))
        }
        None => None,
    };
    if close.is_some() || film.is_some() {
        let (x1, y1) = (win.x + close::COLS - 1, win.y + close::ROWS - 1);
        writeln!(
            out,
            "the {}x{}-cell window with the most burials: cells {} to {x1} across, {} to {y1} down",
            close::COLS,
            close::ROWS,
            win.x,
            win.y
        )?;
        let (creatures, plants, litter) = close::census(&w, win);
        writeln!(
            out,
            "in it after tick {ticks}: {creatures} creatures, {plants} plants, {litter} cells with litter"
        )?;
        if let Some((_, _, deaths)) = &deaths {
            writeln!(out, "deaths in it over the {ticks} ticks: {deaths}")?;
        }
    }
    f.save_png(path, 1).context("the valley's picture")?;
    writeln!(out, "wrote {}", path.display())?;
    if let Some(p) = close {
        let caption = format!("after tick {ticks}");
        let extra = close::Extras { caption, ..close::Extras::default() };
        close::frame(&w, win, &extra, false).save_png(p, 1).context("the close-up")?;
        writeln!(out, "wrote {}", p.display())?;
    }
    if let Some((p, reel, _)) = deaths {
        reel.save(p)?;
        writeln!(out, "wrote {}", p.display())?;
    }
    Ok(())
}

/// The most ticks `--film` draws: one frame each.
pub const FILM_TICKS: u32 = 1000;
