//! `crew --again`: the first death of a tick that made a later creature cast its fan again,
//! the square around it that `within_sight` judges by, and who inside it cast again.

use std::io::Write;
use std::path::Path;

use anyhow::Context;
use world::beast::creature::Eye;
use world::beast::kind::SIGHT;
use world::beast::look::fan::within_sight;
use world::beast::{Design, Settings, World};
use world::pictures::palette::{BLUE, INK, RED, Rgb};
use world::pictures::sketch::{Align, Sketch};
use world::shell::progress::Progress;

use crate::scene::{CROWD, ROWS, found};
use crate::timed::run_for;

/// Cells either side of the dead creature's cell the square reaches: a ray's sight and the
/// two cells of margin `within_sight` adds.
const REACH: i64 = SIGHT as i64 + 2;
/// Creatures outside the square: a grey darker than the charts' so it shows on the ground.
const OUTSIDE: Rgb = [140, 140, 140];
/// Cells either side of the death the picture shows, the square and a little beyond.
const SHOWN: i64 = REACH + 3;

/// Runs to tick `ticks`, watches its phase, and shows the first death in it that a later
/// creature's fan was cast again for.
pub fn run(
    out: &mut dyn Write,
    ticks: u32,
    design: Design,
    settings: Settings,
    path: &Path,
) -> anyhow::Result<()> {
    anyhow::ensure!(!design.loose, "--again shows the casting again, which --loose leaves out");
    let mut w = found(CROWD, ROWS, design, settings)?;
    run_for(&mut w, ticks - 1, &Progress::new("crew --again", u64::from(ticks)));
    // Nobody moves between the end of one tick and the opening of the next one's phase, so
    // these are the eyes the phase opens with.
    let eyes: Vec<Eye> = w.roster.live.iter().map(|c| c.eye()).collect();
    w.tick();
    let deaths = w.fallen().collect::<Vec<usize>>();
    let first = deaths.iter().copied().find(|&d| {
        let cell = eyes[d].cell();
        (d + 1..eyes.len()).any(|j| within_sight(eyes[j], &[cell]))
    });
    let d = first.with_context(|| format!("no death on tick {ticks} made anyone look again"))?;
    let cell = eyes[d].cell();
    let inside = |j: usize| within_sight(eyes[j], &[cell]);
    let before = (0..d).filter(|&j| inside(j)).count();
    let after = (d + 1..eyes.len()).filter(|&j| inside(j)).count();
    writeln!(
        out,
        "tick {ticks}: {} deaths, the first at roster place {}",
        deaths.len(),
        deaths[0]
    )?;
    writeln!(out, "the first that made a later creature look again: place {d}, on cell {cell:?}")?;
    writeln!(out, "the square around it: {} cells a side", 2 * REACH + 1)?;
    writeln!(out, "  inside it, turns before the death, fans kept: {before}")?;
    writeln!(out, "  inside it, turns after the death, cast again: {after}")?;
    writeln!(out, "cast again in the whole tick, for any death: {}", w.counts().tick.recast)?;
    draw(&w, &eyes, d, ticks).save(path)?;
    writeln!(out, "wrote {}", path.display())?;
    Ok(())
}

/// The cells around the death, the square outlined, the dead creature's cell crossed, and
/// every creature at its place as the phase opened: hollow if its turn came before the death,
/// blue if it came after and it cast again, grey outside the square.
#[expect(
    clippy::too_many_lines,
    reason = "a picture drawn part by part in the order its caption names them, every part placed on the one layout worked out at the top"
)]
fn draw(w: &World, eyes: &[Eye], d: usize, ticks: u32) -> Sketch {
    let (cx, cy) = eyes[d].cell();
    let (x0, y0) = (cx - SHOWN, cy - SHOWN);
    let side = 2 * SHOWN + 1;
    let (left, top, px) = (40.0, 46.0, 13.0);
    let at = |x: f64, y: f64| (left + (x - x0 as f64) * px, top + (y - y0 as f64) * px);
    let mut s = Sketch::new(760.0, top + side as f64 * px + 30.0);
    let title = format!("Tick {ticks}: the first death that made a later creature look again");
    s.text((left, 24.0), 15.0, Align::Start, INK, &title);
    for y in y0..y0 + side {
        let mut from = x0;
        for x in x0 + 1..=x0 + side {
            let land = w.hab.ground.at(from, y);
            if x == x0 + side || w.hab.ground.at(x, y) != land {
                let (sx, sy) = at(from as f64, y as f64);
                s.rect(sx, sy, (x - from) as f64 * px, px, Some(land.colour()), None);
                from = x;
            }
        }
    }
    for k in (0..side).filter(|k| (x0 + k) % 5 == 0) {
        let (sx, _) = at((x0 + k) as f64 + 0.5, 0.0);
        s.text((sx, top - 4.0), 9.0, Align::Middle, INK, &(x0 + k).to_string());
    }
    for k in (0..side).filter(|k| (y0 + k) % 5 == 0) {
        let (_, sy) = at(0.0, (y0 + k) as f64 + 0.5);
        s.text((left - 4.0, sy + 3.0), 9.0, Align::End, INK, &(y0 + k).to_string());
    }
    let (qx, qy) = at((cx - REACH) as f64, (cy - REACH) as f64);
    let q = (2 * REACH + 1) as f64 * px;
    s.rect(qx, qy, q, q, None, Some(INK));
    let (dx, dy) = at(cx as f64, cy as f64);
    s.line((dx, dy), (dx + px, dy + px), RED, 2.0, false);
    s.line((dx + px, dy), (dx, dy + px), RED, 2.0, false);
    let shown = |e: &Eye| {
        let (x, y) = e.cell();
        (x0..x0 + side).contains(&x) && (y0..y0 + side).contains(&y)
    };
    for (j, e) in eyes.iter().enumerate().filter(|(j, e)| *j != d && shown(e)) {
        let p = at(e.x, e.y);
        if !within_sight(*e, &[(cx, cy)]) {
            s.dot(p, 2.5, OUTSIDE, true);
        } else if j < d {
            s.dot(p, 3.0, INK, false);
        } else {
            s.dot(p, 3.0, BLUE, true);
        }
    }
    let key_x = left + side as f64 * px + 20.0;
    let entries: [(&str, &str); 5] = [
        ("cross", "the cell of the death"),
        ("square", "29 cells a side: eyes here"),
        ("before", "turn before it: fan kept"),
        ("after", "turn after it: cast again"),
        ("out", "outside: not for this death"),
    ];
    for (k, (what, words)) in entries.iter().enumerate() {
        let y = top + 10.0 + 24.0 * k as f64;
        let c = (key_x + 7.0, y + 7.0);
        match *what {
            "cross" => {
                s.line((key_x, y), (key_x + 14.0, y + 14.0), RED, 2.0, false);
                s.line((key_x + 14.0, y), (key_x, y + 14.0), RED, 2.0, false);
            }
            "square" => s.rect(key_x, y, 14.0, 14.0, None, Some(INK)),
            "before" => s.dot(c, 3.0, INK, false),
            "after" => s.dot(c, 3.0, BLUE, true),
            _ => s.dot(c, 2.5, OUTSIDE, true),
        }
        s.text((key_x + 22.0, y + 11.0), 11.0, Align::Start, INK, words);
    }
    let foot = [
        format!("a cell is {px:.0} px;"),
        "creatures stand where".into(),
        "the phase opened".into(),
    ];
    for (k, line) in foot.iter().enumerate() {
        s.text((key_x, top + 141.0 + 14.0 * k as f64), 11.0, Align::Start, INK, line);
    }
    s
}
