//! `picture`: the valley after a run, drawn whole into a PNG, and with `--close` or `--film` the
//! window with the most burials outlined on it, drawn close up with a key, and filmed.

use std::io::Write;

use anyhow::Context;
use world::beast::habitat::PLANT_CAP;
use world::beast::{Settings, World};
use world::pictures::Frame;
use world::pictures::palette::INK;
use world::shell::progress::Progress;

use crate::close::{self, Window};
use crate::scene::{COLS, CROWD, ROWS, found};
use crate::timed::run_for;

/// Screen pixels to a cell side in the picture of the whole valley.
const PX: i64 = 4;

/// The valley after `--ticks` ticks of the design, drawn into `--out`; with `--close`, the
/// busiest window drawn close up there; with `--film`, that window filmed over a second run of
/// the same ticks.
pub fn run(out: &mut dyn Write, args: &Args, settings: Settings) -> anyhow::Result<()> {
    let (ticks, design, path) = (args.run.ticks, args.design.0, &*args.out);
    let (close, film) = (args.close.as_deref(), args.film.as_deref());
    if film.is_some() {
        world::pictures::film::fits(ticks)?;
    }
    let mut w = found(CROWD, ROWS, design, settings)?;
    run_for(&mut w, ticks, &Progress::new("picture", u64::from(ticks)));
    let win = close::busiest(&w);
    let windowed = close.is_some() || film.is_some();
    let whole = valley(&w, windowed.then_some(win));
    let filmed = match film {
        Some(p) => Some((p, close::film(found(CROWD, ROWS, design, settings)?, win, ticks)?)),
        None => None,
    };
    if windowed {
        describe(out, &w, win, ticks, filmed.as_ref().map(|(_, (_, deaths))| *deaths))?;
    }
    whole.save_png(path, 1).context("the valley's picture")?;
    writeln!(out, "wrote {}", path.display())?;
    if let Some(p) = close {
        let extra = close::Extras { caption: format!("after tick {ticks}"), ..Default::default() };
        close::frame(&w, win, &extra, false).save_png(p, 1).context("the close-up")?;
        writeln!(out, "wrote {}", p.display())?;
    }
    if let Some((p, (reel, _))) = filmed {
        reel.save(p)?;
        writeln!(out, "wrote {}", p.display())?;
    }
    Ok(())
}

/// The whole valley: ground in its colours, plants green by their grams, cells where a body
/// was buried in terracotta, creatures as dark dots; 4 pixels to a cell, and the window, when
/// there is one, outlined two pixels wide just outside the cells it shows.
fn valley(w: &World, window: Option<Window>) -> Frame {
    let mut f = Frame::new(COLS * PX as usize, ROWS * PX as usize);
    w.hab.ground.draw(&mut f, PX);
    for st in &w.hab.stands {
        let g = (st.mass.get() / PLANT_CAP).clamp(0.0, 1.0);
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
    if let Some(win) = window {
        let (x, y, wide, high) = (win.x * PX, win.y * PX, close::COLS * PX, close::ROWS * PX);
        for k in 1..=2 {
            f.rect(x - k, y - k, wide + 2 * k, 1, INK);
            f.rect(x - k, y + high - 1 + k, wide + 2 * k, 1, INK);
            f.rect(x - k, y - k, 1, high + 2 * k, INK);
            f.rect(x + wide - 1 + k, y - k, 1, high + 2 * k, INK);
        }
    }
    f
}

/// Where the window is, what is in it after the run, and, when it was filmed, the deaths in it.
fn describe(
    out: &mut dyn Write,
    w: &World,
    win: Window,
    ticks: u32,
    deaths: Option<u64>,
) -> std::io::Result<()> {
    let (x1, y1) = (win.x + close::COLS - 1, win.y + close::ROWS - 1);
    writeln!(
        out,
        "the {}x{}-cell window with the most burials: cells {} to {x1} across, {} to {y1} down",
        close::COLS,
        close::ROWS,
        win.x,
        win.y
    )?;
    let (creatures, plants, litter) = close::census(w, win);
    writeln!(
        out,
        "in it after tick {ticks}: {creatures} creatures, {plants} plants, {litter} cells with litter"
    )?;
    if let Some(deaths) = deaths {
        writeln!(out, "deaths in it over the {ticks} ticks: {deaths}")?;
    }
    Ok(())
}

/// Draws the valley after a run: terrain, plants and every creature, into a PNG.
#[derive(clap::Args, Debug)]
pub struct Args {
    #[command(flatten)]
    pub run: crate::flags::Ticks<120>,
    /// The PNG to draw into (600 by 400 pixels).
    #[arg(long, value_name = "FILE", value_parser = world::shell::file_flags::png)]
    pub out: world::shell::file_flags::OutFile,
    /// Also draw the 32x20-cell window with the most burials close up, with a key, into
    /// this PNG (and outline it on the whole valley).
    #[arg(long, value_name = "FILE", value_parser = world::shell::file_flags::png)]
    pub close: Option<world::shell::file_flags::OutFile>,
    /// Also film that window over the run, a frame per tick with every fan and death, into
    /// this animated PNG (at most 1000 ticks).
    #[arg(long, value_name = "FILE", value_parser = world::shell::file_flags::png)]
    pub film: Option<world::shell::file_flags::OutFile>,
    #[command(flatten)]
    pub design: world::shell::design::Staged,
}

impl crate::run::Run for Args {
    fn run(&self, out: &mut dyn Write, settings: Settings) -> anyhow::Result<()> {
        run(out, self, settings)
    }
}
