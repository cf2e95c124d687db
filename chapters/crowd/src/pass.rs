//! `fan --brain`: one forward pass drawn, for the creature `fan` looks at: its 24 inputs as
//! the sensor row groups them, the 12 hidden units they are summed and squashed into, the six
//! scores worked out from those, and the action the picker chose.

use std::io::Write;
use std::path::Path;

use world::beast::Brain;
use world::beast::act::{self, Act, TABLE};
use world::beast::kind::{ACTS, FAN, HIDDEN, INPUTS};
use world::pictures::chart::number;
use world::pictures::palette::{GREY, INK, RED};
use world::pictures::sketch::{Align, Sketch};

use world::pictures::palette::signed as shade;

/// What the picture shows of one pass.
pub struct Pass<'a> {
    pub inputs: &'a [f64; INPUTS],
    pub hidden: &'a [f64; HIDDEN],
    pub scores: &'a [f64; ACTS],
    /// The action the picker took, the best-scoring one the rules allowed.
    pub chosen: usize,
    pub place: usize,
    pub ticks: u32,
}

/// The names of the inputs, in the sensor row's order.
fn input_name(k: usize) -> String {
    match k {
        k if k < 2 * FAN && k % 2 == 0 => format!("ray {}: what it met", k / 2 + 1),
        k if k < 2 * FAN => format!("ray {}: how near", k / 2 + 1),
        18 => "store, over the founding store".into(),
        19 => "heading's cosine".into(),
        20 => "heading's sine".into(),
        21 => "grams east minus west".into(),
        22 => "grams south minus north".into(),
        _ => "grams on its own cell".into(),
    }
}

/// The drawing.
pub fn draw(p: &Pass) -> Sketch {
    let (top, row) = (52.0, 19.0);
    let (xi, xh, xs) = (260.0, 450.0, 600.0);
    let yi = |k: usize| top + row * k as f64;
    let yh = |j: usize| top + 8.0 + 37.0 * j as f64;
    let ys = |a: usize| top + 24.0 + 74.0 * a as f64;
    let mut s = Sketch::new(760.0, top + row * INPUTS as f64 + 40.0);
    let title =
        format!("One forward pass: roster place {} as tick {}'s phase opens", p.place, p.ticks);
    s.text((380.0, 24.0), 15.0, Align::Middle, INK, &title);
    for k in 0..INPUTS {
        for j in 0..HIDDEN {
            s.line((xi + 16.0, yi(k) + 7.0), (xh - 12.0, yh(j)), GREY, 0.5, false);
        }
    }
    for j in 0..HIDDEN {
        for a in 0..ACTS {
            s.line((xh + 12.0, yh(j)), (xs, ys(a) + 11.0), GREY, 0.5, false);
        }
    }
    for (k, &v) in p.inputs.iter().enumerate() {
        s.rect(xi, yi(k), 16.0, 15.0, Some(shade(v)), Some(INK));
        s.text((xi - 8.0, yi(k) + 12.0), 11.0, Align::End, INK, &input_name(k));
        s.text((xi - 170.0, yi(k) + 12.0), 10.0, Align::End, INK, &number(v, 2));
    }
    for (j, &v) in p.hidden.iter().enumerate() {
        s.dot((xh, yh(j)), 13.0, shade(v), true);
        s.dot((xh, yh(j)), 13.0, INK, false);
        s.text((xh, yh(j) + 4.0), 9.0, Align::Middle, INK, &number(v, 2));
    }
    for (a, &v) in p.scores.iter().enumerate() {
        let picked = a == p.chosen;
        let line = if picked { RED } else { INK };
        s.rect(xs, ys(a), 44.0, 22.0, Some(shade(v)), Some(line));
        if picked {
            s.rect(xs - 3.0, ys(a) - 3.0, 50.0, 28.0, None, Some(RED));
        }
        s.text((xs + 22.0, ys(a) + 15.0), 10.0, Align::Middle, INK, &number(v, 2));
        let name =
            if picked { format!("{}: picked", TABLE[a].name) } else { TABLE[a].name.to_string() };
        s.text((xs + 54.0, ys(a) + 15.0), 12.0, Align::Start, line, &name);
    }
    let foot = top + row * INPUTS as f64 + 22.0;
    s.text((xi + 8.0, foot), 11.0, Align::Middle, INK, "24 inputs");
    s.text((xh, foot), 11.0, Align::Middle, INK, "12 hidden units, tanh");
    s.text((xs + 22.0, foot), 11.0, Align::Middle, INK, "6 scores");
    s.text((12.0, foot + 14.0), 10.0, Align::Start, INK, "shade: blue above zero, red below; every input feeds every hidden unit, and every hidden unit every score");
    s
}

/// Thinks `brain` over `inputs`, picks the best action `allows` says yes to, prints the six
/// scores with the one picked marked, and draws the pass of roster place `place` on tick
/// `ticks` into `path`.
pub fn show(
    out: &mut dyn Write,
    brain: &Brain,
    inputs: &[f64; INPUTS],
    allows: impl FnMut(Act) -> bool,
    (place, ticks): (usize, u32),
    path: &Path,
) -> anyhow::Result<()> {
    let (hidden, scores) = (brain.hidden(inputs), brain.think(inputs));
    let picked = act::pick(&scores, allows);
    let chosen = act::ALL.iter().position(|&a| a == picked).unwrap_or(0);
    writeln!(out)?;
    writeln!(out, "its brain's six scores, and the action the picker took:")?;
    for (k, score) in scores.iter().enumerate() {
        let mark = if k == chosen { "  picked: the best the rules allow" } else { "" };
        writeln!(out, "  {:<10} {score:>7.3}{mark}", TABLE[k].name)?;
    }
    let pass = Pass { inputs, hidden: &hidden, scores: &scores, chosen, place, ticks };
    draw(&pass).save(path)?;
    writeln!(out, "wrote {}", path.display())?;
    Ok(())
}
