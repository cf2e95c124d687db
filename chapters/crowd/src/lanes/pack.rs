//! `lanes --pack`: a pack of four brains as it lies in memory, unit by unit, each 16-byte cell
//! holding one weight of each of the four brains side by side; printed with its byte offsets
//! and drawn.

use std::io::Write;
use std::path::Path;

use world::beast::kind::{ACTS, HIDDEN, INPUTS, SETTLED};
use world::beast::think::brain::{FINISH_BYTES, SETTLED_BYTES};
use world::beast::think::pack::{LANES, Pack};
use world::pictures::palette::{BLUE, INK, RED, Rgb};
use world::pictures::sketch::{Align, Sketch};

/// One weight of every lane: an `f32` a lane.
const CELL: usize = LANES * size_of::<f32>();

/// One row of the pack: which unit, where it starts, and how many 16-byte cells it holds (its
/// bias, then a weight an input).
struct Row {
    name: String,
    from: usize,
    cells: usize,
    /// Cells of it read through the settled inputs, from the start: the bias and the settled
    /// inputs' weights of a hidden unit, none of an output's.
    settled: usize,
}

/// The pack's rows in memory order: the hidden units, then the outputs.
fn rows() -> Vec<Row> {
    let mut rows = Vec::new();
    let mut at = 0;
    for u in 0..HIDDEN {
        rows.push(Row {
            name: format!("hidden {}", u + 1),
            from: at,
            cells: 1 + INPUTS,
            settled: 1 + SETTLED,
        });
        at += (1 + INPUTS) * CELL;
    }
    for a in 0..ACTS {
        rows.push(Row {
            name: format!("action {}", a + 1),
            from: at,
            cells: 1 + HIDDEN,
            settled: 0,
        });
        at += (1 + HIDDEN) * CELL;
    }
    rows
}

/// Prints the layout a row a unit, and draws it into `path`.
pub fn run(out: &mut dyn Write, path: &Path) -> anyhow::Result<()> {
    let rows = rows();
    let used = rows.last().map_or(0, |r| r.from + r.cells * CELL);
    writeln!(
        out,
        "a pack: {LANES} brains, each 16-byte cell one f32 weight of each, lane by lane"
    )?;
    writeln!(out)?;
    writeln!(out, "  {:<9}  {:>5}  {:>5}  holds", "unit", "from", "to")?;
    for r in &rows {
        let what = if r.settled > 0 {
            format!("bias, {SETTLED} settled inputs' weights, {} live", INPUTS - SETTLED)
        } else {
            format!("bias, {HIDDEN} hidden units' weights")
        };
        writeln!(
            out,
            "  {:<9}  {:>5}  {:>5}  {what}",
            r.name,
            r.from,
            r.from + r.cells * CELL - 1
        )?;
    }
    writeln!(out)?;
    writeln!(
        out,
        "{used} bytes of weights; the pack takes {} with its alignment to 64",
        size_of::<Pack>()
    )?;
    writeln!(
        out,
        "each brain's share: {SETTLED_BYTES} bytes read through the settled inputs, {FINISH_BYTES} for the rest"
    )?;
    draw(&rows).save(path)?;
    writeln!(out, "wrote {}", path.display())?;
    Ok(())
}

/// A lane's colour: one a brain.
const BRAINS: [Rgb; LANES] = [RED, BLUE, [40, 150, 70], [220, 150, 30]];
/// Behind the cells read through the settled inputs, and behind the rest.
const SETTLED_BAND: Rgb = [215, 215, 215];
const REST_BAND: Rgb = [250, 230, 160];

/// The rows one under another, each cell four lanes wide, on a band saying which part of a
/// pass reads it; byte offsets down the left and a key under it.
fn draw(rows: &[Row]) -> Sketch {
    let (left, top, lane, high) = (120.0, 60.0, 6.0, 10.0);
    let cell = lane * LANES as f64;
    let step = high + 12.0;
    let mut s = Sketch::new(760.0, top + step * rows.len() as f64 + 90.0);
    s.text(
        (20.0, 24.0),
        15.0,
        Align::Start,
        INK,
        "A pack of four brains, byte by byte, unit by unit",
    );
    for k in (0..=1 + INPUTS).step_by(5) {
        let x = left + cell * k as f64;
        s.text((x, top - 8.0), 9.0, Align::Middle, INK, &format!("+{}", k * CELL));
    }
    for (n, r) in rows.iter().enumerate() {
        let y = top + step * n as f64;
        s.text((20.0, y + 9.0), 10.0, Align::Start, INK, &r.name);
        s.text((left - 8.0, y + 9.0), 10.0, Align::End, INK, &format!("byte {}", r.from));
        let settled = cell * r.settled as f64;
        s.rect(left - 5.0, y - 5.0, settled + 5.0, high + 10.0, Some(SETTLED_BAND), None);
        let rest = cell * (r.cells - r.settled) as f64;
        s.rect(left + settled, y - 5.0, rest + 5.0, high + 10.0, Some(REST_BAND), None);
        for c in 0..r.cells {
            for (l, colour) in BRAINS.iter().enumerate() {
                let x = left + cell * c as f64 + lane * l as f64;
                s.rect(x + 0.5, y, lane - 1.0, high, Some(*colour), None);
            }
            s.rect(left + cell * c as f64, y, cell, high, None, Some(INK));
        }
    }
    let ky = top + step * rows.len() as f64 + 16.0;
    for (l, c) in BRAINS.iter().enumerate() {
        let x = 20.0 + 110.0 * l as f64;
        s.rect(x, ky, 14.0, 14.0, Some(*c), None);
        s.text(
            (x + 20.0, ky + 11.0),
            11.0,
            Align::Start,
            INK,
            &format!("brain {} (lane {l})", l + 1),
        );
    }
    let ky = ky + 24.0;
    s.rect(20.0, ky, 14.0, 14.0, Some(SETTLED_BAND), None);
    s.text(
        (40.0, ky + 11.0),
        11.0,
        Align::Start,
        INK,
        "read through the settled inputs (bias first)",
    );
    s.rect(380.0, ky, 14.0, 14.0, Some(REST_BAND), None);
    s.text((400.0, ky + 11.0), 11.0, Align::Start, INK, "read for the live inputs and the actions");
    let foot = format!(
        "a cell is {CELL} bytes: one f32 weight of each brain; offsets along the top are bytes into a row"
    );
    s.text((20.0, ky + 34.0), 11.0, Align::Start, INK, &foot);
    s
}
