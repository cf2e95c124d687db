//! The chapter's valley: 150 cells across, 100 down, seed 5, 3000 creatures, so there are five
//! cells of ground for each creature.

use std::io::Write;
use std::path::Path;

use anyhow::Context;
use world::beast::roster::Cast;
use world::beast::{Design, World};
use world::progress::Progress;
use world::render::{Frame, INK, RED};

pub const SEED: u64 = 5;
pub const COLS: usize = 150;
pub const ROWS: usize = 100;
pub const HERD: usize = 3000;

/// The chapter's valley, `rows` down, with `herd` creatures on it.
pub fn found(herd: usize, rows: usize, design: Design, cast: Cast) -> anyhow::Result<World> {
    World::found(SEED, COLS, rows, herd, design, cast).map_err(anyhow::Error::msg)
}

/// Runs `ticks` ticks, a step of `progress` each.
pub fn run_for(w: &mut World, ticks: u32, progress: &Progress) {
    for _ in 0..ticks {
        w.tick();
        progress.step();
    }
}

/// The valley after `ticks`: ground in its colours, plants green by their grams, cells where
/// a body was buried in red, creatures as dark dots; 4 pixels to a cell.
pub fn picture(out: &mut dyn Write, ticks: u32, path: &Path) -> anyhow::Result<()> {
    let mut w = found(HERD, ROWS, Design::NOW, Cast::Narrow)?;
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
    // Where bodies were buried, in red: the litter left on a cell.
    for y in 0..ROWS as i64 {
        for x in 0..COLS as i64 {
            if w.hab.litter[y as usize * COLS + x as usize] > 0.0 {
                f.rect(x * PX, y * PX, PX, PX, RED);
            }
        }
    }
    for c in &w.roster.live {
        let (x, y) = ((c.x * PX as f64) as i64, (c.y * PX as f64) as i64);
        f.rect(x - 1, y - 1, 2, 2, INK);
    }
    f.save_png(path, 1).context("the valley's picture")?;
    writeln!(out, "wrote {}", path.display())?;
    Ok(())
}
