//! `levels --rule`: the levels' rule drawn around one creature at risk, as tick `--ticks`'s
//! phase opens. Every creature earlier in the roster within its watched square is one it must
//! come after, every later one there comes after it, and its level is one more than the
//! highest level among the earlier ones.

use std::io::Write;
use std::path::Path;

use anyhow::Context;
use world::beast::Settings;
use world::beast::act::at_risk;
use world::beast::look::fan::WATCHED;
use world::beast::step::levels::CLOSE;
use world::pictures::palette::{BLUE, GREY, INK, RED, Rgb};
use world::pictures::sketch::{Align, Sketch};

/// The cells either side of the creature the picture shows.
const AROUND: i64 = WATCHED + 4;
/// Screen pixels a cell.
const PX: f64 = 9.0;

/// Orange for the creatures the one shown must come after.
const BEFORE: Rgb = [230, 120, 20];

/// Runs to tick `tick`, finds a creature at risk with as many creatures after it as before it
/// in its watched square, prints what the rule says about it and draws it into `path`.
pub fn run(out: &mut dyn Write, tick: u32, settings: Settings, path: &Path) -> anyhow::Result<()> {
    let (opened, w) = super::valley::at_tick(tick, settings)?;
    let stood: Vec<((i64, i64), bool)> =
        opened.iter().map(|c| (c.cell(), at_risk(c.store))).collect();
    let of = w.levels().expect("the levels are watched").of().to_vec();
    let near = |me: usize, i: usize, r: i64| {
        let ((x, y), (cx, cy)) = (stood[i].0, stood[me].0);
        i != me && (x - cx).abs() <= r && (y - cy).abs() <= r
    };
    // The creature at risk whose watched square holds as many later creatures as earlier ones,
    // as nearly as any does (the first on the roster among equals): both sides of the rule show.
    let lopsided = |me: usize| {
        let (before, after): (Vec<usize>, Vec<usize>) =
            (0..stood.len()).filter(|&i| near(me, i, WATCHED)).partition(|&i| i < me);
        before.len().abs_diff(after.len())
    };
    let me = (0..stood.len())
        .filter(|&i| stood[i].1)
        .min_by_key(|&i| lopsided(i))
        .context("no creature is at risk as this tick's phase opens")?;
    let (cx, cy) = stood[me].0;
    let within = |i: usize, r: i64| near(me, i, r);
    let count = |r: i64, earlier: bool| {
        (0..stood.len()).filter(|&i| within(i, r) && (i < me) == earlier).count()
    };
    let highest = (0..me).filter(|&i| within(i, WATCHED)).map(|i| of[i]).max().unwrap_or(0);
    writeln!(
        out,
        "tick {tick} as its phase opens: a creature at risk, as many after it as before"
    )?;
    writeln!(out, "  roster place {me}, on cell ({cx}, {cy}), level {}", of[me])?;
    writeln!(
        out,
        "  within {CLOSE} cells: {} earlier in the roster, {} later",
        count(CLOSE, true),
        count(CLOSE, false)
    )?;
    writeln!(
        out,
        "  within {WATCHED} cells: {} earlier, {} later",
        count(WATCHED, true),
        count(WATCHED, false)
    )?;
    writeln!(
        out,
        "  the highest level among the earlier ones: {highest}, so its own is {}",
        highest + 1
    )?;
    anyhow::ensure!(of[me] == highest + 1, "the levels disagree with the rule drawn");
    draw(&stood, &of, me, tick).save(path)?;
    writeln!(out, "wrote {}", path.display())?;
    Ok(())
}

/// The squares around creature `me`, every creature near them marked by what the rule says of it.
fn draw(stood: &[((i64, i64), bool)], of: &[u32], me: usize, tick: u32) -> Sketch {
    let (cx, cy) = stood[me].0;
    let (left, top) = (20.0, 48.0);
    let side = (2 * AROUND + 1) as f64 * PX;
    let at = |(x, y): (i64, i64)| {
        (left + ((x - cx + AROUND) as f64 + 0.5) * PX, top + ((y - cy + AROUND) as f64 + 0.5) * PX)
    };
    let square = |s: &mut Sketch, r: i64, colour: Rgb| {
        let (x0, y0) = (left + (AROUND - r) as f64 * PX, top + (AROUND - r) as f64 * PX);
        s.rect(x0, y0, (2 * r + 1) as f64 * PX, (2 * r + 1) as f64 * PX, None, Some(colour));
    };
    let mut s = Sketch::new(760.0, top + side + 30.0);
    let title =
        format!("The levels' rule around roster place {me}, at risk, as tick {tick}'s phase opens");
    s.text((left, 26.0), 15.0, Align::Start, INK, &title);
    s.rect(left, top, side, side, Some([255, 255, 255]), Some(GREY));
    square(&mut s, WATCHED, RED);
    square(&mut s, CLOSE, BLUE);
    for (i, &(cell, risky)) in stood.iter().enumerate() {
        let (dx, dy) = (cell.0 - cx, cell.1 - cy);
        if dx.abs() > AROUND || dy.abs() > AROUND {
            continue;
        }
        let inside = dx.abs() <= WATCHED && dy.abs() <= WATCHED;
        let p = at(cell);
        if i == me {
            s.dot(p, 5.0, RED, true);
        } else if inside && i < me {
            s.dot(p, 3.5, BEFORE, true);
            if of[i] + 1 == of[me] {
                s.text((p.0, p.1 - 6.0), 10.0, Align::Middle, INK, &format!("level {}", of[i]));
            }
        } else if inside {
            s.dot(p, 3.5, INK, false);
        } else {
            s.dot(p, 2.5, GREY, true);
        }
        if risky && i != me {
            s.dot(p, 5.5, RED, false);
        }
    }
    key(&mut s, left + side + 24.0, top, of[me]);
    s.text(
        (left, top + side + 20.0),
        10.0,
        Align::Start,
        INK,
        &format!("one square a cell, {PX:.0} px; the creatures stand where the phase opened"),
    );
    s
}

/// The key beside the squares, at `kx` from `top`: what each mark and square means.
fn key(s: &mut Sketch, kx: f64, top: f64, level: u32) {
    let say = |s: &mut Sketch, y: f64, c: Rgb, words: &str| {
        s.text((kx, y), 12.0, Align::Start, c, words);
    };
    say(s, top + 20.0, RED, &format!("red dot: the creature, level {}", level));
    say(s, top + 44.0, BLUE, &format!("blue square: within {CLOSE} cells, where a bite"));
    say(s, top + 60.0, BLUE, "of one may touch a plant the other reads");
    say(s, top + 84.0, RED, &format!("red square: within {WATCHED} cells, where its death"));
    say(s, top + 100.0, RED, "may fall inside another's fan");
    say(s, top + 124.0, BEFORE, "orange: earlier in the roster; the creature's");
    say(s, top + 140.0, BEFORE, "level is one more than the highest, labelled");
    say(s, top + 164.0, INK, "hollow: later, so each comes after it");
    say(s, top + 188.0, INK, "red ring: another creature at risk");
    say(s, top + 212.0, INK, "grey: outside the rule's reach");
}
