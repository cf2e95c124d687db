//! `fan`: one creature's eyes as a phase opens, ray by ray, with the sensor row they fill;
//! drawn, with `--row`, as the row's 24 boxes and, with `--picture`, as the fan over its cells.

use std::io::{self, Write};
use std::path::Path;

use anyhow::Context;
use world::beast::act::{self, Here};

use world::beast::kind::{FAN, INPUTS, RAY_GAP, SETTLED};
use world::beast::look::fan::{self, Ray, Stride};
use world::beast::look::hit::Hit;
use world::beast::look::sense;
use world::beast::look::view::{Flat, View};
use world::beast::{Design, Settings, World};
use world::pictures::palette::{GREY, INK, RED, Rgb, signed as shade};
use world::pictures::sketch::{Align, Sketch};
use world::shell::progress::Progress;

use crate::close;
use crate::scene::{CROWD, ROWS, found};
use crate::timed::run_for;

/// One creature as its phase opens: its roster place, and its fan traced stride by stride.
struct Seen {
    place: usize,
    rays: Vec<(Ray, Vec<Stride>)>,
}

/// The pictures `fan` is asked for, each a file or none.
#[derive(Clone, Copy)]
pub struct Files<'a> {
    pub row: Option<&'a Path>,
    pub picture: Option<&'a Path>,
    pub brain: Option<&'a Path>,
    pub chain: Option<&'a Path>,
}

/// Runs to the opening of tick `ticks`'s phase and shows one creature's fan: the creature in
/// the busiest window whose longest ray ran furthest, or with `at_edge` the first on the
/// roster whose fan meets the ring around the grid.
#[expect(
    clippy::too_many_lines,
    reason = "the report printed top to bottom in the order the page reads it, every block from the one run and the one creature chosen at the top"
)]
pub fn run(
    out: &mut dyn Write,
    ticks: u32,
    at_edge: bool,
    files: &Files,
    settings: Settings,
) -> anyhow::Result<()> {
    let Files { row, picture, brain, chain } = *files;
    let mut w = found(CROWD, ROWS, Design::default(), settings)?;
    run_for(&mut w, ticks - 1, &Progress::new("fan", u64::from(ticks - 1)));
    // The plants grow as a tick opens, before its phase: the world the phase's view reads.
    w.hab.grow();
    let cells: Vec<(i64, i64)> = w.roster.live.iter().map(|c| c.cell()).collect();
    let mut view = Flat::default();
    view.refill(&w.hab, &cells);
    let gone = world::beast::look::gone::Gone::none(cells.len());
    let trace = |i: usize| {
        let me = i as u32;
        fan::trace(w.roster.live[i].eye(), |x, y| View::at(&view, &w.hab.ground, x, y, me, &gone))
    };
    let (cols, rows) = (w.hab.ground.cols as i64, w.hab.ground.rows as i64);
    let seen = if at_edge {
        let off = |&(x, y): &(i64, i64)| x < 0 || y < 0 || x >= cols || y >= rows;
        let met = |i: &usize| trace(*i).iter().any(|(r, s)| r.steps > 0 && off(&end(s).cell));
        let found = (0..cells.len()).find(met);
        let place = found.context("no creature's fan meets the ring on this tick")?;
        Seen { place, rays: trace(place) }
    } else {
        let win = close::busiest(&w);
        let inside = |&(x, y): &(i64, i64)| {
            (win.x..win.x + close::COLS).contains(&x) && (win.y..win.y + close::ROWS).contains(&y)
        };
        writeln!(
            out,
            "the {}x{}-cell window with the most burials starts at cell ({}, {})",
            close::COLS,
            close::ROWS,
            win.x,
            win.y
        )?;
        let mut best: Option<(usize, Seen)> = None;
        for i in (0..cells.len()).filter(|&i| inside(&cells[i])) {
            let rays = trace(i);
            let longest = rays.iter().map(|r| r.1.len()).max().unwrap_or(0);
            if best.as_ref().is_none_or(|b| longest > b.0) {
                best = Some((longest, Seen { place: i, rays }));
            }
        }
        best.context("no creature stands in the busiest window")?.1
    };
    let c = &w.roster.live[seen.place];
    writeln!(out, "tick {ticks} as its phase opens: roster place {}", seen.place)?;
    writeln!(
        out,
        "  at ({:.2}, {:.2}) on cell ({}, {}), facing {:.1} degrees",
        c.x,
        c.y,
        cells[seen.place].0,
        cells[seen.place].1,
        c.heading.to_degrees().rem_euclid(360.0)
    )?;
    let mut inputs = [0.0; INPUTS];
    let fan: Vec<Ray> = seen.rays.iter().map(|r| r.0).collect();
    let fan: [Ray; FAN] = fan.try_into().map_err(|_| anyhow::anyhow!("a fan has nine rays"))?;
    let mass = |x, y| View::mass(&view, &w.hab, x, y);
    sense::read(&mut inputs, &fan, mass, cells[seen.place], c.store, c.facing());
    if row.is_some() {
        print_row(out, &inputs)?;
    } else if chain.is_none() {
        print_rays(out, &seen.rays)?;
    }
    if let Some(p) = row {
        draw_row(&inputs, ticks, seen.place).save(p)?;
        writeln!(out, "wrote {}", p.display())?;
    }
    if let Some(p) = picture {
        draw_fan(&w, &seen, ticks).save(p)?;
        writeln!(out, "wrote {}", p.display())?;
    }
    if let Some(p) = chain {
        crate::chain::show(out, &view, (cols, rows), ticks, p)?;
    }
    if let Some(p) = brain {
        let mind = w.roster.brain(seen.place);
        let allows = |a| act::can(&c.eye(), c.store, a, Here::new(&view, &w.hab));
        crate::pass::show(out, &mind, &inputs, allows, (seen.place, ticks), p)?;
    }
    Ok(())
}

/// A ray's last stride: where it stopped.
fn end(strides: &[Stride]) -> Stride {
    strides[strides.len() - 1]
}

/// What a ray met, in a word.
fn met(hit: Hit) -> &'static str {
    match hit {
        Hit::Nothing => "nothing",
        Hit::Creature => "a creature",
        Hit::Plant => "a plant",
        Hit::Water => "water",
        Hit::Rock => "rock",
    }
}

/// A ray's angle off the heading, in whole degrees.
fn offset(r: usize) -> i64 {
    libm::round(((r as f64) - (FAN / 2) as f64) * RAY_GAP.to_degrees()) as i64
}

/// The rays, a line each: its angle, what it met and on which cell, its strides and the cells
/// it asked about.
fn print_rays(out: &mut dyn Write, rays: &[(Ray, Vec<Stride>)]) -> io::Result<()> {
    writeln!(out)?;
    writeln!(
        out,
        "  {:>3}  {:>7}  {:<10}  {:>10}  {:>7}  {:>11}",
        "ray", "degrees", "met", "on cell", "strides", "cells asked"
    )?;
    for (r, (ray, strides)) in rays.iter().enumerate() {
        let last = end(strides);
        let on = if ray.steps == 0 {
            "-".to_string()
        } else {
            format!("({}, {})", last.cell.0, last.cell.1)
        };
        let asked = strides.iter().filter(|s| s.asked).count();
        writeln!(
            out,
            "  {:>3}  {:>7}  {:<10}  {on:>10}  {:>7}  {asked:>11}",
            r + 1,
            offset(r),
            met(ray.hit),
            strides.len()
        )?;
    }
    Ok(())
}

/// What each of the 24 inputs holds, in the row's order.
fn name(k: usize) -> String {
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

/// The row, an input a line, each marked settled (known as the phase opens) or live.
fn print_row(out: &mut dyn Write, inputs: &[f64; INPUTS]) -> io::Result<()> {
    writeln!(out)?;
    writeln!(out, "  {:>5}  {:<32}  {:>7}  read", "input", "what it holds", "value")?;
    for (k, v) in inputs.iter().enumerate() {
        let when = if k < SETTLED { "settled" } else { "live" };
        writeln!(out, "  {k:>5}  {:<32}  {v:>7.3}  {when}", name(k))?;
    }
    Ok(())
}

/// The grid's edge, drawn where a fan's picture reaches past it.
const EDGE: Rgb = [200, 40, 160];

/// Pale yellow behind the three inputs read live.
const LIVE: Rgb = [250, 230, 160];

/// The row as 24 boxes, each shaded and numbered by its value, in bands: the fan's pairs,
/// the store and heading, the grams; the settled 21 on grey, the live three on yellow.
fn draw_row(inputs: &[f64; INPUTS], ticks: u32, place: usize) -> Sketch {
    let (left, side, top) = (20.0, 30.0, 64.0);
    let x = |k: usize| left + side * k as f64;
    let mut s = Sketch::new(760.0, 230.0);
    let title = format!("The sensor row of roster place {place} as tick {ticks}'s phase opens");
    s.text((left, 24.0), 15.0, Align::Start, INK, &title);
    s.rect(x(0) - 4.0, top - 22.0, side * SETTLED as f64 + 4.0, side + 30.0, Some(GREY), None);
    s.rect(x(SETTLED), top - 22.0, side * 3.0 + 4.0, side + 30.0, Some(LIVE), None);
    for (k, &v) in inputs.iter().enumerate() {
        s.text((x(k) + side / 2.0, top - 6.0), 10.0, Align::Middle, INK, &k.to_string());
        s.rect(x(k), top, side - 2.0, side, Some(shade(v)), Some(INK));
        let words = world::pictures::chart::number(v, 2);
        s.text((x(k) + side / 2.0 - 1.0, top + 19.0), 9.0, Align::Middle, INK, &words);
    }
    // The bands under the boxes, each with its bracket.
    let mut band = |from: usize, to: usize, depth: f64, words: &str| {
        let y = top + side + 10.0 + depth;
        s.line((x(from), y), (x(to) - 2.0, y), INK, 1.0, false);
        s.line((x(from), y - 4.0), (x(from), y), INK, 1.0, false);
        s.line((x(to) - 2.0, y - 4.0), (x(to) - 2.0, y), INK, 1.0, false);
        s.text(((x(from) + x(to)) / 2.0, y + 13.0), 10.0, Align::Middle, INK, words);
    };
    for r in 0..FAN {
        band(2 * r, 2 * r + 2, 0.0, &format!("ray {}", r + 1));
    }
    band(18, 21, 0.0, "store, cos, sin");
    band(21, 24, 0.0, "grams");
    band(0, 18, 28.0, "the fan: what each ray met, how near");
    band(0, 21, 56.0, "settled: 21 inputs known when the phase opens");
    band(21, 24, 56.0, "live: 3");
    let key = "a box's shade: blue above zero, red below, deeper further from zero; \
               a hit is 1 creature, 0.5 plant, -0.5 water, -1 rock";
    s.text((left, 222.0), 10.0, Align::Start, INK, key);
    s
}

/// Lilac for the strides and rays, as in the close-up's film; shaded cells are the ones asked.
const RAY: Rgb = [120, 100, 200];
const ASKED: Rgb = [215, 205, 240];

/// The fan over the cells around it: the cells asked shaded, a dot for each stride, each ray
/// ending on what it met, the creature at its eye; cell numbers along two edges and a key.
#[expect(
    clippy::too_many_lines,
    reason = "a picture drawn part by part in the order its caption names them, every part placed on the one layout worked out at the top"
)]
fn draw_fan(w: &World, seen: &Seen, ticks: u32) -> Sketch {
    let every: Vec<Stride> = seen.rays.iter().flat_map(|r| r.1.iter().copied()).collect();
    let eye = w.roster.live[seen.place].eye();
    let (ex, ey) = eye.cell();
    let x0 = every.iter().map(|s| s.cell.0).min().unwrap_or(ex).min(ex) - 1;
    let x1 = every.iter().map(|s| s.cell.0).max().unwrap_or(ex).max(ex) + 1;
    let y0 = every.iter().map(|s| s.cell.1).min().unwrap_or(ey).min(ey) - 1;
    let y1 = every.iter().map(|s| s.cell.1).max().unwrap_or(ey).max(ey) + 1;
    let span = (x1 - x0 + 1).max(y1 - y0 + 1) as f64;
    let px = (480.0 / span).min(28.0);
    let (left, top) = (40.0, 50.0);
    let at = |x: f64, y: f64| (left + (x - x0 as f64) * px, top + (y - y0 as f64) * px);
    let high = top + (y1 - y0 + 1) as f64 * px;
    let mut s = Sketch::new(760.0, (high + 30.0).max(330.0));
    let title = format!("The fan of roster place {} as tick {ticks}'s phase opens", seen.place);
    s.text((left, 24.0), 15.0, Align::Start, INK, &title);
    let asked: Vec<(i64, i64)> = every.iter().filter(|s| s.asked).map(|s| s.cell).collect();
    let others: Vec<(i64, i64)> = w.roster.live.iter().map(|c| c.cell()).collect();
    for cy in y0..=y1 {
        for cx in x0..=x1 {
            let (sx, sy) = at(cx as f64, cy as f64);
            s.rect(sx, sy, px, px, Some(w.hab.ground.at(cx, cy).colour()), Some(GREY));
            if asked.contains(&(cx, cy)) {
                s.rect(sx + 2.0, sy + 2.0, px - 4.0, px - 4.0, Some(ASKED), None);
            }
        }
    }
    // The grid's edge, where it is in view: beyond it the ring, whose cells read as rock.
    let (cols, rows) = (w.hab.ground.cols as i64, w.hab.ground.rows as i64);
    let edges = [
        (x0 < 0).then(|| (at(0.0, y0 as f64), at(0.0, (y1 + 1) as f64))),
        (x1 >= cols).then(|| (at(cols as f64, y0 as f64), at(cols as f64, (y1 + 1) as f64))),
        (y0 < 0).then(|| (at(x0 as f64, 0.0), at((x1 + 1) as f64, 0.0))),
        (y1 >= rows).then(|| (at(x0 as f64, rows as f64), at((x1 + 1) as f64, rows as f64))),
    ];
    for (from, to) in edges.iter().flatten() {
        s.line(*from, *to, EDGE, 3.0, true);
    }
    for st in &w.hab.stands {
        if (x0..=x1).contains(&st.x) && (y0..=y1).contains(&st.y) {
            let (sx, sy) = at(st.x as f64, st.y as f64);
            let g = px / 4.0;
            let green = if st.mass.get() > 0.0 { [60, 150, 60] } else { [170, 200, 150] };
            s.rect(sx + g, sy + g, px - 2.0 * g, px - 2.0 * g, None, Some(green));
        }
    }
    // Cell numbers: every fifth along the top and down the left.
    for cx in (x0..=x1).filter(|c| c % 5 == 0) {
        let (sx, _) = at(cx as f64 + 0.5, 0.0);
        s.text((sx, top - 4.0), 9.0, Align::Middle, INK, &cx.to_string());
    }
    for cy in (y0..=y1).filter(|c| c % 5 == 0) {
        let (_, sy) = at(0.0, cy as f64 + 0.5);
        s.text((left - 4.0, sy + 3.0), 9.0, Align::End, INK, &cy.to_string());
    }
    for (i, &(cx, cy)) in others.iter().enumerate() {
        if i != seen.place && (x0..=x1).contains(&cx) && (y0..=y1).contains(&cy) {
            let c = &w.roster.live[i];
            s.dot(at(c.x, c.y), 3.5, INK, true);
        }
    }
    let me = at(eye.x, eye.y);
    for (r, (ray, strides)) in seen.rays.iter().enumerate() {
        let last = end(strides);
        s.line(me, at(last.at.0, last.at.1), RAY, 1.0, false);
        for st in strides {
            s.dot(at(st.at.0, st.at.1), 1.6, RAY, true);
        }
        if ray.steps > 0 {
            s.dot(at(last.at.0, last.at.1), 4.5, RED, false);
        }
        let (lx, ly) = at(last.at.0, last.at.1);
        let (dx, dy) = (lx - me.0, ly - me.1);
        let len = (dx * dx + dy * dy).sqrt().max(1.0);
        let label = (lx + dx / len * 10.0, ly + dy / len * 10.0 + 3.0);
        s.text(label, 10.0, Align::Middle, INK, &(r + 1).to_string());
    }
    s.dot(me, px / 3.5, RED, true);
    let key_x = left + (x1 - x0 + 1) as f64 * px + 20.0;
    let mut y = top + 8.0;
    let mut entry = |s: &mut Sketch, swatch: &dyn Fn(&mut Sketch, f64, f64), words: &[&str]| {
        swatch(s, key_x, y);
        for (k, line) in words.iter().enumerate() {
            s.text((key_x + 22.0, y + 11.0 + 13.0 * k as f64), 11.0, Align::Start, INK, line);
        }
        y += 13.0 * words.len() as f64 + 10.0;
    };
    entry(&mut s, &|s, x, y| s.dot((x + 7.0, y + 7.0), 5.0, RED, true), &["the creature"]);
    entry(&mut s, &|s, x, y| s.dot((x + 7.0, y + 7.0), 3.5, INK, true), &["another creature"]);
    entry(
        &mut s,
        &|s, x, y| {
            s.line((x, y + 12.0), (x + 14.0, y + 2.0), RAY, 1.0, false);
            s.dot((x + 7.0, y + 7.0), 1.6, RAY, true);
        },
        &["a ray, numbered at its end;", "a dot for each stride"],
    );
    entry(
        &mut s,
        &|s, x, y| s.dot((x + 7.0, y + 7.0), 4.5, RED, false),
        &["where a ray met something"],
    );
    entry(
        &mut s,
        &|s, x, y| s.rect(x, y, 14.0, 14.0, Some(ASKED), Some(GREY)),
        &["a cell the fan asked about"],
    );
    entry(
        &mut s,
        &|s, x, y| s.rect(x + 3.0, y + 3.0, 8.0, 8.0, None, Some([60, 150, 60])),
        &["a plant (pale: no grams)"],
    );
    for (land, words) in [
        (world::base::Land::Ground, "ground"),
        (world::base::Land::Water, "water"),
        (world::base::Land::Rock, "rock"),
    ] {
        entry(&mut s, &|s, x, y| s.rect(x, y, 14.0, 14.0, Some(land.colour()), None), &[words]);
    }
    if edges.iter().any(Option::is_some) {
        entry(
            &mut s,
            &|s, x, y| s.line((x + 7.0, y), (x + 7.0, y + 14.0), EDGE, 3.0, true),
            &["the grid's edge: past it, the", "ring, one cell wide, reads as rock"],
        );
    }
    let scale = format!("a cell is {px:.0} px; cells numbered every 5");
    s.text((key_x, y + 10.0), 11.0, Align::Start, INK, &scale);
    s
}

/// One creature's fan as the phase of tick TICKS opens, ray by ray: what each ray met,
/// on which cell, after how many strides, and how many cells it asked about. The creature
/// is the one in the 32x20-cell window with the most burials whose longest ray took the
/// most strides (the first on the roster among equals); with --at-edge, the first on the
/// roster whose fan meets the ring of rock around the grid. Needs no more than the one run.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The tick whose phase is looked at as it opens: 1 to 100,000.
    #[arg(long, default_value = "120", value_parser = crate::flags::TICKS, allow_hyphen_values = true)]
    pub ticks: u32,
    /// Look at the first creature on the roster whose fan meets the ring around the grid
    /// instead (refused, exit 1, on a tick where none does).
    #[arg(long)]
    pub at_edge: bool,
    /// Print the creature's sensor row instead of its rays, and draw the row's 24 boxes
    /// into this SVG (760 px wide), the settled 21 marked apart from the live 3.
    #[arg(long, value_name = "FILE", value_parser = world::shell::file_flags::svg)]
    pub row: Option<world::shell::file_flags::OutFile>,
    /// Draw the fan over the cells around it into this SVG (at most 760 px wide): a dot a
    /// stride, the cells asked shaded, each ray's end marked, a key beside it.
    #[arg(long, value_name = "FILE", value_parser = world::shell::file_flags::svg)]
    pub picture: Option<world::shell::file_flags::OutFile>,
    /// Also print the creature's six scores and the action picked, and draw its forward
    /// pass into this SVG (760 px wide): the 24 inputs, the 12 hidden units, the 6 scores.
    #[arg(long, value_name = "FILE", value_parser = world::shell::file_flags::svg)]
    pub brain: Option<world::shell::file_flags::OutFile>,
    /// Instead of the rays, find the cell with the most creatures on it, print its list,
    /// and draw how the flat rows thread it into this SVG (760 px wide): the row a cell
    /// each, the row a creature each, an arrow for each step of the list.
    #[arg(long, value_name = "FILE", value_parser = world::shell::file_flags::svg)]
    pub chain: Option<world::shell::file_flags::OutFile>,
}

impl crate::run::Run for Args {
    fn run(&self, out: &mut dyn Write, settings: Settings) -> anyhow::Result<()> {
        let (row, picture) = (self.row.as_deref(), self.picture.as_deref());
        let files =
            Files { row, picture, brain: self.brain.as_deref(), chain: self.chain.as_deref() };
        run(out, self.ticks, self.at_edge, &files, settings)
    }
}
