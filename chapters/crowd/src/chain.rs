//! `fan --chain`: the flat rows drawn as threaded lists. The cell with the most creatures on
//! it, in the row `first` (one entry a cell) among its neighbours, and the entries of the row
//! `next` (one entry a roster place) that its list runs through, with an arrow for each step
//! of the list, ending on what the bare cell shows.

use std::io::Write;
use std::path::Path;

use world::beast::look::hit::Hit;
use world::beast::look::view::Flat;
use world::pictures::palette::{BLUE, INK, RED};
use world::pictures::sketch::{Align, Sketch};

/// Cells either side of the one drawn, in its row of `first`.
const EITHER_SIDE: i64 = 3;

/// A bare cell's code, in the word the picture writes in its box.
fn word(hit: Hit) -> &'static str {
    match hit {
        Hit::Nothing => "nothing",
        Hit::Creature => "creature",
        Hit::Plant => "plant",
        Hit::Water => "water",
        Hit::Rock => "rock",
    }
}

/// What an entry of a row holds, as its box shows it: a roster place, or a bare cell's code.
fn entry(places: &[u32], end: Hit, k: usize) -> String {
    places.get(k).map_or_else(|| word(end).to_string(), u32::to_string)
}

/// The cell on the grid with the longest list (the first, row by row, among equals).
pub fn fullest(view: &Flat, cols: i64, rows: i64) -> (i64, i64) {
    let mut best = ((0, 0), 0);
    for y in 0..rows {
        for x in 0..cols {
            let n = view.chain(x, y).map_or(0, |c| c.0.len());
            if n > best.1 {
                best = ((x, y), n);
            }
        }
    }
    best.0
}

/// The drawing of cell (x, y)'s list on a grid `cols` wide.
pub fn draw(view: &Flat, (x, y): (i64, i64), cols: i64, ticks: u32) -> Sketch {
    let (places, end) = view.chain(x, y).unwrap_or((Vec::new(), Hit::Rock));
    let (w, h) = (80.0, 30.0);
    let mut s = Sketch::new(760.0, 300.0);
    let title = format!("Flat rows: cell ({x}, {y})'s list as tick {ticks}'s phase opens");
    s.text((380.0, 24.0), 15.0, Align::Middle, INK, &title);
    // The row `first`, around the cell.
    let (fy, ny) = (70.0, 200.0);
    s.text((20.0, fy + 20.0), 12.0, Align::Start, INK, "first");
    s.text((20.0, fy + 34.0), 9.0, Align::Start, INK, "a cell each");
    let fx = |k: i64| 110.0 + (k + EITHER_SIDE) as f64 * w;
    for dx in -EITHER_SIDE..=EITHER_SIDE {
        let Some((ps, e)) = view.chain(x + dx, y) else { continue };
        let line = if dx == 0 { RED } else { INK };
        s.rect(fx(dx), fy, w - 6.0, h, Some([255, 255, 255]), Some(line));
        s.text((fx(dx) + w / 2.0 - 3.0, fy + 20.0), 11.0, Align::Middle, line, &entry(&ps, e, 0));
        let label = format!("cell {}", y * cols + x + dx);
        s.text((fx(dx) + w / 2.0 - 3.0, fy - 6.0), 9.0, Align::Middle, INK, &label);
    }
    // The entries of `next` the list runs through, in the order the list visits them.
    s.text((20.0, ny + 20.0), 12.0, Align::Start, INK, "next");
    s.text((20.0, ny + 34.0), 9.0, Align::Start, INK, "a creature each");
    let nx = |k: usize| 110.0 + k as f64 * (w + 20.0);
    // Room for six; a longer list is cut there, as its note says.
    for (k, &p) in places.iter().enumerate().take(6) {
        s.rect(nx(k), ny, w, h, Some([255, 255, 255]), Some(BLUE));
        s.text((nx(k) + w / 2.0, ny + 20.0), 11.0, Align::Middle, INK, &entry(&places, end, k + 1));
        let label = format!("place {p}");
        s.text((nx(k) + w / 2.0, ny - 6.0), 9.0, Align::Middle, BLUE, &label);
        let from =
            if k == 0 { (fx(0) + w / 2.0 - 3.0, fy + h) } else { (nx(k - 1) + w, ny + h / 2.0) };
        let to = if k == 0 { (nx(0) + w / 2.0, ny - 16.0) } else { (nx(k), ny + h / 2.0) };
        s.line(from, to, RED, 1.5, false);
        s.dot(to, 3.0, RED, true);
    }
    let note = format!(
        "{} creatures stand on the cell; after the last, the entry is the bare cell's code ({})",
        places.len(),
        word(end)
    );
    s.text((380.0, 268.0), 11.0, Align::Middle, INK, &note);
    s.text(
        (380.0, 286.0),
        10.0,
        Align::Middle,
        INK,
        "a box holds its entry: the next roster place, or a code far above any",
    );
    s
}

/// Finds the cell of the `(cols, rows)` grid with the longest list, prints the list, and draws
/// it into `path`.
pub fn show(
    out: &mut dyn Write,
    view: &Flat,
    (cols, rows): (i64, i64),
    ticks: u32,
    path: &Path,
) -> anyhow::Result<()> {
    let cell = fullest(view, cols, rows);
    let (places, end) = view.chain(cell.0, cell.1).unwrap_or((Vec::new(), Hit::Rock));
    writeln!(out)?;
    let number = cell.1 * cols + cell.0;
    writeln!(
        out,
        "the cell with the most creatures: ({}, {}), cell {number} of the rows",
        cell.0, cell.1
    )?;
    let list: Vec<String> = places.iter().map(u32::to_string).collect();
    let end = word(end);
    writeln!(
        out,
        "  its list: roster places {}, then the bare cell's code for {end}",
        list.join(", ")
    )?;
    draw(view, cell, cols, ticks).save(path)?;
    writeln!(out, "wrote {}", path.display())?;
    Ok(())
}
