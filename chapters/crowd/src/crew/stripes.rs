//! `crew --stripes`: how a crew shares the roster out for the look ahead, drawn as the first
//! roster places coloured by thread and the valley with every creature coloured by its thread.

use std::io::Write;
use std::path::Path;

use world::beast::{Design, Settings, World};
use world::pictures::palette::{BLUE, INK, RED, Rgb};
use world::pictures::sketch::{Align, Sketch};

use crate::scene::{COLS, CROWD, ROWS, found};

/// The roster places printed, and the places drawn in a strip above the valley.
const PRINTED: usize = 16;
const DRAWN: usize = 32;

/// A thread's colour: four named ones, then the same four again for a larger crew.
fn colour(k: usize) -> Rgb {
    [RED, BLUE, [40, 150, 70], [220, 150, 30]][k % 4]
}

/// A land's colour washed three quarters of the way to white.
fn pale(c: Rgb) -> Rgb {
    c.map(|v| ((u16::from(v) + 3 * 255) / 4) as u8)
}

/// The founded valley's roster shared out among a crew of `crew`: the thread of each of the
/// first places, the creatures each thread takes, and the picture.
pub fn run(
    out: &mut dyn Write,
    crew: usize,
    design: Design,
    settings: Settings,
    path: &Path,
) -> anyhow::Result<()> {
    let w = found(CROWD, ROWS, design, settings.with_crew(crew))?;
    let n = w.roster.live.len();
    let of: Vec<usize> = (0..n).map(|i| w.roster.stripe(i, crew)).collect();
    writeln!(out, "{COLS}x{ROWS} valley as founded, {n} creatures, a crew of {crew}")?;
    writeln!(out)?;
    writeln!(
        out,
        "  roster place  {}",
        (0..PRINTED).map(|i| format!("{i:>3}")).collect::<String>()
    )?;
    writeln!(
        out,
        "  thread        {}",
        of.iter().take(PRINTED).map(|k| format!("{k:>3}")).collect::<String>()
    )?;
    writeln!(out)?;
    for k in 0..crew {
        let mine = of.iter().filter(|&&s| s == k).count();
        writeln!(out, "  thread {k}: {mine} creatures")?;
    }
    draw(&w, &of, crew).save(path)?;
    writeln!(out, "wrote {}", path.display())?;
    Ok(())
}

/// The strip of the first roster places, each box in its thread's colour, over the valley
/// with each creature's cell filled in its thread's colour, and the key. The land is washed
/// out to a quarter of its colour, so that the creatures, not the terrain, catch the eye; a
/// creature fills its whole cell, since no two share one as the valley is founded.
fn draw(w: &World, of: &[usize], crew: usize) -> Sketch {
    let (left, px) = (20.0, 4.0);
    let valley_top = 110.0;
    let high = valley_top + ROWS as f64 * px + 40.0;
    let mut s = Sketch::new(760.0, high);
    let title = format!("A crew of {crew}: which thread looks ahead for whom");
    s.text((left, 22.0), 15.0, Align::Start, INK, &title);
    s.text((left, 44.0), 11.0, Align::Start, INK, "the first 32 roster places, in turn order:");
    for (i, &k) in of.iter().take(DRAWN).enumerate() {
        let x = left + 22.0 * i as f64;
        s.rect(x, 52.0, 20.0, 20.0, Some(colour(k)), Some(INK));
        s.text((x + 10.0, 86.0), 9.0, Align::Middle, INK, &i.to_string());
    }
    s.text(
        (left, valley_top - 8.0),
        11.0,
        Align::Start,
        INK,
        "the valley, pale, and every creature's cell in its thread's colour:",
    );
    // The land a row at a time, one box for each run of one kind of land.
    for y in 0..ROWS as i64 {
        let mut from = 0;
        for x in 1..=COLS as i64 {
            let land = w.hab.ground.at(from, y);
            if x == COLS as i64 || w.hab.ground.at(x, y) != land {
                let (sx, sy) = (left + from as f64 * px, valley_top + y as f64 * px);
                s.rect(sx, sy, (x - from) as f64 * px, px, Some(pale(land.colour())), None);
                from = x;
            }
        }
    }
    for (c, &k) in w.roster.live.iter().zip(of) {
        let (cx, cy) = (c.x.floor(), c.y.floor());
        s.rect(left + cx * px, valley_top + cy * px, px, px, Some(colour(k)), None);
    }
    let key_x = left + COLS as f64 * px + 20.0;
    for k in 0..crew.min(8) {
        let y = valley_top + 10.0 + 20.0 * k as f64;
        s.rect(key_x, y, 14.0, 14.0, Some(colour(k)), Some(INK));
        s.text((key_x + 22.0, y + 11.0), 11.0, Align::Start, INK, &format!("thread {k}"));
    }
    let foot = format!("a cell is {px:.0} px; the valley is {COLS} cells across, {ROWS} down");
    s.text((left, high - 14.0), 11.0, Align::Start, INK, &foot);
    s
}
