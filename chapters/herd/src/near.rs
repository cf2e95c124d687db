//! `near`: one walker of the book's herd and its nine cells at one tick: the candidates the
//! buckets gather for it, in the order they are gathered, and the neighbours it keeps; with
//! `--picture`, drawn over the grid.

use std::io::Write;
use std::path::Path;

use anyhow::Context;
use world::Body;
use world::base::{CELL, Valley};
use world::flock::near::{Buckets, Everybody, Query};
use world::pictures::palette::{BLUE, GREY, INK, RED};
use world::pictures::sketch::{Align, Sketch};
use world::shell::cli::{OutOfRange, Whole};
use world::shell::progress::Progress;

use crate::design::Design;
use crate::scene::{RADIUS, Rule, Scene, VALLEY_COLS, VALLEY_ROWS, VALLEY_SEED};

/// The book's herd: 120 walkers hearing all three rules on the valley of seed 5.
const WALKERS: usize = 120;

/// What the buckets gave one walker: its cell, its candidates as gathered, the ones kept.
struct Seen {
    walker: usize,
    cell: (usize, usize),
    candidates: Vec<usize>,
    kept: Vec<usize>,
}

/// Runs the book's herd to `tick` and shows walker `walker`'s cells, or those of the walker
/// whose nine cells hold the most candidates (the lowest index among equals).
#[expect(
    clippy::too_many_lines,
    reason = "the report printed top to bottom in the order the page reads it, every block from the one run and the one walker chosen at the top"
)]
pub fn run(
    out: &mut dyn Write,
    tick: u32,
    walker: Option<usize>,
    picture: Option<&Path>,
    turns: Option<&Path>,
) -> anyhow::Result<()> {
    let scene = Scene { n: WALKERS, ticks: tick, radius: RADIUS, seed: VALLEY_SEED };
    let mut herd = Design::default().herd(&scene, Rule::All);
    let progress = Progress::new("near", u64::from(tick));
    for _ in 0..tick {
        herd.tick()?;
        progress.step();
    }
    let bodies = &herd.bodies;
    if let Some(w) = walker {
        anyhow::ensure!(
            w < bodies.len(),
            "--walker {w}: the herd's walkers are 0 to {}",
            bodies.len() - 1
        );
    }
    let mut buckets = Buckets::new(VALLEY_COLS, VALLEY_ROWS, CELL);
    buckets.build(bodies);
    let mut look = |i: usize| -> anyhow::Result<Seen> {
        let (candidates, cell) = buckets.candidates(bodies, i, RADIUS)?;
        let mut kept = Vec::new();
        buckets.near(bodies, i, RADIUS, &mut kept)?;
        Ok(Seen { walker: i, cell, candidates, kept })
    };
    let seen = match walker {
        Some(w) => look(w)?,
        None => {
            let mut best: Option<Seen> = None;
            for i in 0..bodies.len() {
                let s = look(i)?;
                if best.as_ref().is_none_or(|b| s.candidates.len() > b.candidates.len()) {
                    best = Some(s);
                }
            }
            best.context("the herd has no walkers")?
        }
    };
    let b = &bodies[seen.walker];
    writeln!(
        out,
        "tick {tick}, {WALKERS} walkers: walker {} at ({:.1}, {:.1}) px, in cell ({}, {})",
        seen.walker, b.pos.x, b.pos.y, seen.cell.0, seen.cell.1
    )?;
    writeln!(
        out,
        "its nine cells hold {} candidates, in the order gathered:",
        seen.candidates.len()
    )?;
    list(out, &seen.candidates)?;
    writeln!(out, "kept within {RADIUS} px, in index order: {}", seen.kept.len())?;
    list(out, &seen.kept)?;
    let tests = seen.candidates.len();
    writeln!(
        out,
        "{tests} distance tests for this walker; everybody would make {}",
        bodies.len() - 1
    )?;
    if let Some(p) = picture {
        draw(bodies, &seen, tick).save(p)?;
        writeln!(out, "wrote {}", p.display())?;
    }
    if let Some(p) = turns {
        let posters = posters(bodies, seen.walker)?;
        writeln!(out, "the mailboxes' turns, in index order: every walker writes to each walker")?;
        writeln!(out, "within {RADIUS} px of it; these turns write to walker {}:", seen.walker)?;
        list(out, &posters)?;
        writeln!(out, "its mailbox's letters, in the order they arrive: {}", posters.len())?;
        let order: Vec<String> = posters.iter().map(|j| format!("from {j}")).collect();
        writeln!(out, "  {}", order.join(", "))?;
        draw_turns(bodies, &seen, &posters, tick).save(p)?;
        writeln!(out, "wrote {}", p.display())?;
    }
    Ok(())
}

/// The turns that write to `walker`'s mailbox, in the order they are taken: every walker whose
/// own neighbours, asked of everybody, include it.
fn posters(bodies: &[Body], walker: usize) -> anyhow::Result<Vec<usize>> {
    let mut everybody = Everybody::default();
    everybody.build(bodies);
    let mut found = Vec::new();
    let mut posters = Vec::new();
    for j in 0..bodies.len() {
        everybody.near(bodies, j, RADIUS, &mut found)?;
        if found.contains(&walker) {
            posters.push(j);
        }
    }
    Ok(posters)
}

/// The turns of the tick as a strip of boxes in index order, the ones that write to the walker
/// marked; over it the walker's cells close up with an arrow from each of those to it; under
/// it the walker's mailbox, a slot a letter in the order they arrive.
#[expect(
    clippy::too_many_lines,
    reason = "a picture drawn part by part in the order its caption names them, every part placed on the one layout worked out at the top"
)]
fn draw_turns(bodies: &[Body], seen: &Seen, posters: &[usize], tick: u32) -> Sketch {
    let n = bodies.len();
    let me = &bodies[seen.walker];
    let mut s = Sketch::new(760.0, 470.0);
    let title = format!("Tick {tick}: the turns that write to walker {}'s mailbox", seen.walker);
    s.text((40.0, 24.0), 15.0, Align::Start, INK, &title);
    // Close up: the walker's nine cells at 5 screen px a world px.
    let (k, left, top) = (5.0, 40.0, 44.0);
    let (cx, cy) = (seen.cell.0 as f64 - 1.0, seen.cell.1 as f64 - 1.0);
    let at = |x: f64, y: f64| (left + (x - cx * CELL) * k, top + (y - cy * CELL) * k);
    let inside = |b: &Body| {
        let (x, y) = at(b.pos.x, b.pos.y);
        (left..=left + 3.0 * CELL * k).contains(&x) && (top..=top + 3.0 * CELL * k).contains(&y)
    };
    for gy in 0..3 {
        for gx in 0..3 {
            let (sx, sy) = (left + gx as f64 * CELL * k, top + gy as f64 * CELL * k);
            s.rect(sx, sy, CELL * k, CELL * k, Some(NINE), Some(GREY));
        }
    }
    let centre = at(me.pos.x, me.pos.y);
    s.dot(centre, RADIUS * k, RED, false);
    for (j, b) in bodies.iter().enumerate().filter(|(j, b)| *j != seen.walker && inside(b)) {
        let p = at(b.pos.x, b.pos.y);
        if posters.contains(&j) {
            s.line(p, centre, BLUE, 1.5, false);
            s.dot(p, 4.0, BLUE, true);
            s.text((p.0, p.1 - 7.0), 10.0, Align::Middle, INK, &j.to_string());
        } else {
            s.dot(p, 3.0, OTHERS, true);
        }
    }
    s.dot(centre, 5.0, RED, true);
    // The key, right of the close up.
    let kx = left + 3.0 * CELL * k + 30.0;
    let keys: [(&str, &str); 5] = [
        ("me", "the walker and its mailbox"),
        ("ring", "16 px round it: who writes to it"),
        ("poster", "a walker whose turn writes to it,"),
        ("", "numbered by its index"),
        ("other", "a walker that writes elsewhere"),
    ];
    for (e, (what, words)) in keys.iter().enumerate() {
        let y = top + 10.0 + 20.0 * e as f64;
        match *what {
            "me" => s.dot((kx + 7.0, y + 7.0), 5.0, RED, true),
            "ring" => s.dot((kx + 7.0, y + 7.0), 7.0, RED, false),
            "poster" => s.dot((kx + 7.0, y + 7.0), 4.0, BLUE, true),
            "other" => s.dot((kx + 7.0, y + 7.0), 3.0, OTHERS, true),
            _ => {}
        }
        s.text((kx + 22.0, y + 11.0), 11.0, Align::Start, INK, words);
    }
    let scale = format!("5 screen px to a world px; cells are {CELL} px");
    s.text((kx, top + 120.0), 11.0, Align::Start, INK, &scale);
    // The turns, in index order.
    let (tl, ty, tw) = (40.0, 320.0, 680.0 / n as f64);
    s.text((tl, ty - 10.0), 11.0, Align::Start, INK, "the tick's turns, walker 0 first:");
    for j in 0..n {
        let fill = if j == seen.walker {
            RED
        } else if posters.contains(&j) {
            BLUE
        } else {
            [230, 228, 220]
        };
        s.rect(tl + tw * j as f64, ty, tw, 18.0, Some(fill), None);
    }
    s.rect(tl, ty, tw * n as f64, 18.0, None, Some(INK));
    for j in (0..=n).step_by(20) {
        s.text((tl + tw * j as f64, ty + 32.0), 9.0, Align::Middle, INK, &j.to_string());
    }
    // The mailbox, filling.
    let my = ty + 70.0;
    let words = format!(
        "above: walker {}'s mailbox, one letter per turn, in the order they arrive",
        seen.walker
    );
    s.text((tl, my + 54.0), 11.0, Align::Start, INK, &words);
    for (slot, &j) in posters.iter().enumerate() {
        let x = tl + 62.0 * slot as f64;
        s.rect(x, my, 56.0, 36.0, Some(PAPER_BLUE), Some(INK));
        s.text((x + 28.0, my + 15.0), 10.0, Align::Middle, INK, &format!("letter {}", slot + 1));
        s.text((x + 28.0, my + 29.0), 10.0, Align::Middle, INK, &format!("from {j}"));
        let from = (tl + tw * (j as f64 + 0.5), ty + 18.0);
        s.line(from, (x + 28.0, my), BLUE, 1.0, true);
    }
    s
}

/// The pale blue of a mailbox's slot.
const PAPER_BLUE: [u8; 3] = [225, 232, 250];

/// Walker numbers, sixteen to a line.
fn list(out: &mut dyn Write, all: &[usize]) -> std::io::Result<()> {
    for line in all.chunks(16) {
        let words: Vec<String> = line.iter().map(|j| format!("{j:>4}")).collect();
        writeln!(out, "  {}", words.join(""))?;
    }
    Ok(())
}

/// Pale blue over the nine cells, and the grey of everyone else.
const NINE: [u8; 3] = [200, 215, 245];
const OTHERS: [u8; 3] = [150, 150, 150];

/// The valley at 3 screen pixels a world pixel: its land, the grid, the nine cells shaded, the
/// sight circle, everybody, and the key under it.
#[expect(
    clippy::too_many_lines,
    reason = "a picture drawn part by part in the order its caption names them, every part placed on the one layout worked out at the top"
)]
fn draw(bodies: &[Body], seen: &Seen, tick: u32) -> Sketch {
    let (left, top, k) = (40.0, 50.0, 3.0);
    let (wide, high) = (VALLEY_COLS as f64 * CELL, VALLEY_ROWS as f64 * CELL);
    let at = |x: f64, y: f64| (left + x * k, top + y * k);
    let mut s = Sketch::new(760.0, top + high * k + 110.0);
    let title =
        format!("Walker {} at tick {tick} and the nine cells its buckets gather", seen.walker);
    s.text((left, 24.0), 15.0, Align::Start, INK, &title);
    let valley = Valley::new(VALLEY_SEED, VALLEY_COLS, VALLEY_ROWS);
    for cy in 0..VALLEY_ROWS {
        for cx in 0..VALLEY_COLS {
            let (sx, sy) = at(cx as f64 * CELL, cy as f64 * CELL);
            let land = valley.at(cx as i64, cy as i64).colour();
            s.rect(sx, sy, CELL * k, CELL * k, Some(land), Some(GREY));
        }
    }
    let (cx, cy) = seen.cell;
    for y in cy.saturating_sub(1)..=(cy + 1).min(VALLEY_ROWS - 1) {
        for x in cx.saturating_sub(1)..=(cx + 1).min(VALLEY_COLS - 1) {
            let (sx, sy) = at(x as f64 * CELL, y as f64 * CELL);
            s.rect(sx + 2.0, sy + 2.0, CELL * k - 4.0, CELL * k - 4.0, Some(NINE), None);
        }
    }
    for x in 0..=VALLEY_COLS {
        let (sx, _) = at(x as f64 * CELL, 0.0);
        s.text((sx, top - 5.0), 9.0, Align::Middle, INK, &format!("{}", x as f64 * CELL));
    }
    for y in 0..=VALLEY_ROWS {
        let (_, sy) = at(0.0, y as f64 * CELL);
        s.text((left - 5.0, sy + 3.0), 9.0, Align::End, INK, &format!("{}", y as f64 * CELL));
    }
    let me = &bodies[seen.walker];
    let centre = at(me.pos.x, me.pos.y);
    s.dot(centre, RADIUS * k, RED, false);
    for (j, b) in bodies.iter().enumerate().filter(|(j, _)| *j != seen.walker) {
        let p = at(b.pos.x, b.pos.y);
        if seen.kept.contains(&j) {
            s.dot(p, 4.0, INK, true);
        } else if seen.candidates.contains(&j) {
            s.dot(p, 4.0, INK, false);
        } else {
            s.dot(p, 3.0, OTHERS, true);
        }
    }
    s.dot(centre, 4.5, RED, true);
    let nose = me.vel.unit();
    s.line(centre, (centre.0 + nose.x * 12.0, centre.1 + nose.y * 12.0), RED, 2.0, false);
    let _ = (wide, high);
    let key_y = top + high * k + 22.0;
    let entries: [(&str, &str); 6] = [
        ("me", "the walker, its nose the way it moves"),
        ("ring", "its sight: 16 px round it"),
        ("nine", "its nine cells, 16 px square each"),
        ("kept", "a neighbour kept: within 16 px"),
        ("cand", "a candidate measured and dropped"),
        ("other", "everyone else: no test at all"),
    ];
    for (n, (what, words)) in entries.iter().enumerate() {
        let (x, y) = (left + 340.0 * (n % 2) as f64, key_y + 22.0 * (n / 2) as f64);
        let c = (x + 7.0, y + 7.0);
        match *what {
            "me" => s.dot(c, 4.5, RED, true),
            "ring" => s.dot(c, 7.0, RED, false),
            "nine" => s.rect(x, y, 14.0, 14.0, Some(NINE), Some(GREY)),
            "kept" => s.dot(c, 4.0, INK, true),
            "cand" => s.dot(c, 4.0, INK, false),
            _ => s.dot(c, 3.0, OTHERS, true),
        }
        s.text((x + 22.0, y + 11.0), 11.0, Align::Start, INK, words);
    }
    let foot = "3 screen px to a world px; numbers along the edges are world px";
    s.text((left, key_y + 74.0), 11.0, Align::Start, INK, foot);
    s
}

/// One walker of the book's herd (120 walkers hearing all three rules) at one tick: the
/// candidates its nine cells hold, in the order the buckets gather them, and the neighbours
/// it keeps. The walker is the one whose nine cells hold the most candidates (the lowest
/// index among equals), unless --walker names one.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The tick to stop at: 0 (the start) to 100,000.
    #[arg(long, default_value = "400", value_parser = TICK, allow_hyphen_values = true)]
    pub tick: u32,
    /// The walker to look at, by index: 0 to 119.
    #[arg(long, value_parser = WALKER, allow_hyphen_values = true)]
    pub walker: Option<usize>,
    /// Also draw the walker, its sight, its nine cells and everybody into this SVG
    /// (760 px wide, 3 screen pixels to a world pixel).
    #[arg(long, value_name = "FILE", value_parser = world::shell::file_flags::svg)]
    pub picture: Option<world::shell::file_flags::OutFile>,
    /// Also print the mailboxes' turns that write to the walker, and its mailbox's letters
    /// in the order they arrive, and draw them into this SVG (760 px wide).
    #[arg(long, value_name = "FILE", value_parser = world::shell::file_flags::svg)]
    pub turns: Option<world::shell::file_flags::OutFile>,
}

impl crate::run::Run for Args {
    fn run(&self, out: &mut dyn Write) -> anyhow::Result<()> {
        let (picture, turns) = (self.picture.as_deref(), self.turns.as_deref());
        run(out, self.tick, self.walker, picture, turns)
    }
}

/// The tick `near` stops at: 0 to 100,000.
const TICK: Whole<u32> = Whole::new("ticks", 0, 100_000);

/// A walker of the book's herd of 120, by index.
const WALKER: Whole<usize> = Whole::new("walker", 0, 119).saying(no_walker);

fn no_walker(r: &OutOfRange) -> String {
    format!("there is no walker '{}': the herd's walkers are {} to {}", r.given, r.lo, r.hi)
}
