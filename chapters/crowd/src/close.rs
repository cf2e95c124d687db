//! A window onto the valley, close enough to tell a creature from a plant from litter, with a
//! key beside it: the still at the end of a run, and the film of the run through the same window.

use world::base::Land;
use world::beast::World;
use world::beast::creature::Eye;
use world::beast::habitat::PLANT_CAP;
use world::beast::kind::{FAN, RAY_GAP, SIGHT, STRIDE};
use world::beast::look::fan::{BLANK_FAN, Cast, Fan};
use world::beast::look::hit::Hit;
use world::beast::look::view::{Flat, View};
use world::pictures::Frame;
use world::pictures::film::Film;
use world::pictures::palette::{INK, PAPER, RED, Rgb};

/// The window's size in cells, and screen pixels to a cell side.
pub const COLS: i64 = 32;
pub const ROWS: i64 = 20;
const PX: i64 = 16;
/// Where the key starts, right of the window, and the frame's size.
const KEY_X: i64 = COLS * PX + 16;
const WIDE: i64 = KEY_X + 300;
const CAPTION: i64 = 26;
const HIGH: i64 = ROWS * PX + CAPTION;

/// Plants in three shades, from few grams to many; litter; a ray; a creature.
const PLANTS: [Rgb; 3] = [[160, 205, 110], [95, 170, 70], [40, 120, 40]];
pub const LITTER: Rgb = [205, 120, 95];
const RAY: Rgb = [165, 145, 225];

/// Every colour the close-up and the film use.
pub const PALETTE: [Rgb; 12] = [
    PAPER,
    INK,
    RED,
    [226, 222, 196],
    [150, 190, 230],
    [150, 140, 130],
    PLANTS[0],
    PLANTS[1],
    PLANTS[2],
    LITTER,
    RAY,
    [255, 255, 255],
];

/// The top left cell of a window onto the valley.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Window {
    pub x: i64,
    pub y: i64,
}

/// The window holding the most cells with litter (the most burials), the first in row order
/// among equals. Found with a table of running sums, so every place is tried.
pub fn busiest(w: &World) -> Window {
    let (cols, rows) = (w.hab.ground.cols, w.hab.ground.rows);
    let (wc, wr) = ((COLS as usize).min(cols), (ROWS as usize).min(rows));
    // sums[y][x]: litter cells above and left of (x, y), one extra row and column of zeros.
    let mut sums = vec![0u32; (cols + 1) * (rows + 1)];
    for y in 0..rows {
        for x in 0..cols {
            let here = u32::from(w.hab.litter[y * cols + x] > 0.0);
            sums[(y + 1) * (cols + 1) + x + 1] =
                here + sums[y * (cols + 1) + x + 1] + sums[(y + 1) * (cols + 1) + x]
                    - sums[y * (cols + 1) + x];
        }
    }
    let at = |x: usize, y: usize| sums[y * (cols + 1) + x];
    let mut best = (0, Window { x: 0, y: 0 });
    for y in 0..=rows - wr {
        for x in 0..=cols - wc {
            let n = at(x + wc, y + wr) + at(x, y) - at(x + wc, y) - at(x, y + wr);
            if n > best.0 {
                best = (n, Window { x: x as i64, y: y as i64 });
            }
        }
    }
    best.1
}

/// What a frame shows besides the valley: the fans cast when the tick opened and the cells of
/// the deaths of the last few ticks, with the caption under the window.
#[derive(Default)]
pub struct Extras {
    pub fans: Vec<(Eye, Fan)>,
    pub deaths: Vec<(i64, i64)>,
    pub caption: String,
}

/// The window drawn at `PX` pixels a cell: the land, litter, plants, any rays and deaths, then
/// the creatures; the key at the right and the caption underneath.
pub fn frame(w: &World, win: Window, extra: &Extras, film: bool) -> Frame {
    let mut f = Frame::new(WIDE as usize, HIGH as usize);
    for cy in 0..ROWS {
        for cx in 0..COLS {
            let (x, y) = (win.x + cx, win.y + cy);
            f.rect(cx * PX, cy * PX, PX, PX, w.hab.ground.at(x, y).colour());
            if let Some(i) = w.hab.cell(x, y)
                && w.hab.litter[i] > 0.0
            {
                f.rect(cx * PX, cy * PX, PX, PX, LITTER);
            }
        }
    }
    for st in &w.hab.stands {
        let (cx, cy) = (st.x - win.x, st.y - win.y);
        if (0..COLS).contains(&cx) && (0..ROWS).contains(&cy) && st.mass.get() > 0.0 {
            f.rect(cx * PX + 3, cy * PX + 3, PX - 6, PX - 6, plant(st.mass.get()));
        }
    }
    // Anything drawn from here may cross the window's edge; the key's column is wiped after.
    for (eye, rays) in &extra.fans {
        for (r, ray) in rays.iter().enumerate() {
            let reach = if ray.hit == Hit::Nothing { SIGHT } else { f64::from(ray.steps) * STRIDE };
            let turn = (r as f64 - (FAN / 2) as f64) * RAY_GAP;
            // The heading turned by the ray's offset, as the fan turns it.
            let ((ch, sh), (co, so)) = (eye.facing, (libm::cos(turn), libm::sin(turn)));
            let (dx, dy) = (ch * co - sh * so, sh * co + ch * so);
            let from = screen(win, eye.x, eye.y);
            let to = screen(win, eye.x + dx * reach, eye.y + dy * reach);
            f.line(from, to, RAY);
        }
    }
    for &(x, y) in &extra.deaths {
        let (sx, sy) = ((x - win.x) * PX, (y - win.y) * PX);
        for k in 0..PX {
            for t in 0..2 {
                f.set(sx + k, sy + k + t - 1, RED);
                f.set(sx + PX - 1 - k, sy + k + t - 1, RED);
            }
        }
    }
    for c in &w.roster.live {
        let (x, y) = screen(win, c.x, c.y);
        creature(&mut f, x, y, c.facing());
    }
    f.rect(COLS * PX, 0, WIDE - COLS * PX, HIGH, PAPER);
    f.rect(0, ROWS * PX, WIDE, CAPTION, PAPER);
    f.text(4, ROWS * PX + 6, &extra.caption, INK);
    key(&mut f, film);
    f
}

/// The pixel a point of the valley (in cells) falls on.
fn screen(win: Window, x: f64, y: f64) -> (i64, i64) {
    (
        libm::floor((x - win.x as f64) * PX as f64) as i64,
        libm::floor((y - win.y as f64) * PX as f64) as i64,
    )
}

/// A plant's shade: the more grams, the darker.
fn plant(mass: f64) -> Rgb {
    PLANTS[((mass / PLANT_CAP * 3.0) as usize).min(2)]
}

/// A creature: a dark disc, and a nose four pixels long the way it faces.
fn creature(f: &mut Frame, x: i64, y: i64, (cos, sin): (f64, f64)) {
    f.disc(x, y, 4, INK);
    let nose = (x + libm::round(cos * 8.0) as i64, y + libm::round(sin * 8.0) as i64);
    f.line((x, y), nose, INK);
}

/// One entry of the key: its swatch, drawn at a corner, and its words, a line or two.
type Entry = (fn(&mut Frame, i64, i64), &'static [&'static str]);

/// The key, down the right-hand side: a swatch and its words an entry.
fn key(f: &mut Frame, film: bool) {
    fn land(f: &mut Frame, x: i64, y: i64, c: Land) {
        f.rect(x, y, PX, PX, c.colour());
    }
    let mut entries: Vec<Entry> = vec![
        (|f, x, y| land(f, x, y, Land::Ground), &["ground"]),
        (|f, x, y| land(f, x, y, Land::Water), &["water"]),
        (|f, x, y| land(f, x, y, Land::Rock), &["rock"]),
        (
            |f, x, y| {
                land(f, x, y, Land::Ground);
                f.rect(x + 3, y + 3, PX - 6, PX - 6, PLANTS[1]);
            },
            &["a plant; the darker,", "the more grams on it"],
        ),
        (|f, x, y| f.rect(x, y, PX, PX, LITTER), &["litter: a body was", "buried on this cell"]),
        (
            |f, x, y| {
                land(f, x, y, Land::Ground);
                creature(f, x + 5, y + 8, (1.0, 0.0));
            },
            &["a creature; its nose", "points the way it faces"],
        ),
    ];
    if film {
        entries.push((
            |f, x, y| {
                land(f, x, y, Land::Ground);
                f.line((x, y + 12), (x + PX - 1, y + 3), RAY);
            },
            &["a ray of its fan, out to", "what it met (at most 12)"],
        ));
        entries.push((
            |f, x, y| {
                land(f, x, y, Land::Ground);
                for k in 0..PX {
                    f.set(x + k, y + k, RED);
                    f.set(x + PX - 1 - k, y + k, RED);
                }
            },
            &["a death in the last tick"],
        ));
    }
    let mut y = 6;
    for (swatch, words) in entries {
        swatch(f, KEY_X, y);
        for (k, line) in words.iter().enumerate() {
            f.text(KEY_X + 26, y + 1 + 16 * k as i64, line, INK);
        }
        y += 16 * words.len() as i64 + 10;
    }
    f.text(KEY_X, y + 4, &format!("a cell is {PX} pixels across"), INK);
}

/// The fans the creatures in the window cast as the tick opens, cast again here on a view of
/// the world as it stands: the same rays the phase casts, short of the few cast again after a
/// death.
pub fn fans(w: &World, win: Window) -> Vec<(Eye, Fan)> {
    let cells: Vec<(i64, i64)> = w.roster.live.iter().map(|c| c.cell()).collect();
    let mut view = Flat::default();
    view.refill(&w.hab, &cells);
    let gone = world::beast::look::gone::Gone::none(cells.len());
    let near = |c: &world::beast::Creature| {
        let (x, y) = c.cell();
        (win.x..win.x + COLS).contains(&x) && (win.y..win.y + ROWS).contains(&y)
    };
    let mut out = Vec::new();
    for (i, c) in w.roster.live.iter().enumerate().filter(|(_, c)| near(c)) {
        let mut rays = BLANK_FAN;
        View::cast(&view, &w.hab.ground, c.eye(), i as u32, &gone, &mut rays, Cast::Quick);
        out.push((c.eye(), rays));
    }
    out
}

/// Creatures standing in the window, plants with grams on it, and cells of it with litter.
pub fn census(w: &World, win: Window) -> (usize, usize, usize) {
    let inside = |(x, y): (i64, i64)| {
        (win.x..win.x + COLS).contains(&x) && (win.y..win.y + ROWS).contains(&y)
    };
    let creatures = w.roster.live.iter().filter(|c| inside(c.cell())).count();
    let plants = w.hab.stands.iter().filter(|s| s.mass.get() > 0.0 && inside((s.x, s.y))).count();
    let cols = w.hab.ground.cols;
    let litter = (0..w.hab.litter.len())
        .filter(|&i| w.hab.litter[i] > 0.0 && inside(((i % cols) as i64, (i / cols) as i64)))
        .count();
    (creatures, plants, litter)
}

/// Cells whose litter grew during the tick: a body was buried there.
pub fn burials(before: &[f64], w: &World) -> Vec<(i64, i64)> {
    let cols = w.hab.ground.cols;
    (0..before.len())
        .filter(|&i| w.hab.litter[i] > before[i])
        .map(|i| ((i % cols) as i64, (i / cols) as i64))
        .collect()
}

/// The film through `win`: a frame as each tick opens, fans and all, and one at the end.
pub fn film(mut w: World, win: Window, ticks: u32) -> anyhow::Result<(Film, u64)> {
    let mut film = Film::new(WIDE as usize, HIGH as usize, ticks + 1, &PALETTE)?;
    let mut recent: Vec<(u32, (i64, i64))> = Vec::new();
    let mut seen = 0u64;
    let inside = |&(x, y): &(i64, i64)| {
        (win.x..win.x + COLS).contains(&x) && (win.y..win.y + ROWS).contains(&y)
    };
    for t in 0..=ticks {
        let extra = Extras {
            fans: if t < ticks { fans(&w, win) } else { Vec::new() },
            deaths: recent.iter().filter(|d| d.0 + 1 == t).map(|d| d.1).collect(),
            caption: format!("tick {t} of {ticks}; deaths in this window so far: {seen}"),
        };
        film.add(frame(&w, win, &extra, true), if t == ticks { 300 } else { 12 })?;
        if t < ticks {
            let before = w.hab.litter.clone();
            w.tick();
            for cell in burials(&before, &w).into_iter().filter(inside) {
                seen += 1;
                recent.push((t, cell));
            }
        }
    }
    Ok((film, seen))
}
