//! Twenty-four tethered bodies: run twice to prove a run repeats, and run with the pushes
//! summed in two orders to show that the order of a sum is part of the world.

use std::io::Write;
use std::path::Path;

use world::base::digest;
use world::pictures::Frame;
use world::pictures::palette::{GREY, INK};
use world::shell::cli::yes;
use world::shell::progress::Progress;
use world::{Body, Vec2};

use crate::design::Design;
use crate::digits::sig17;
use crate::pushes::{BREEZE, GRAVITY, SWIRL, tether};
pub use crate::scatter::{SWARM_SIZE, scatter};

// ANCHOR: advance
/// One tick of a swarm: each body in slice order takes its tether and then the given pushes,
/// in the order given, and steps by the design's law of motion.
pub fn advance(bodies: &mut [Body], pushes: &[Vec2], design: Design) {
    for b in bodies.iter_mut() {
        design.tick(b, |b| {
            b.push(tether(b));
            for p in pushes {
                b.push(*p);
            }
        });
    }
}
// ANCHOR_END: advance

/// The window with every body drawn as one dark pixel.
pub fn frame(bodies: &[Body]) -> Frame {
    let mut f = Frame::view();
    for b in bodies {
        f.dot(b.pos, INK);
    }
    f
}

/// The ticks a table of a long run shows.
fn shown(ticks: u32) -> Vec<u32> {
    let mut t: Vec<u32> = [1, 10, 100, 1000, 10000].into_iter().filter(|&t| t < ticks).collect();
    t.push(ticks);
    t
}

/// The same run made twice, side by side: two swarms from one seed, stepped in turn and
/// compared after every tick. Only the comparison is kept, so a run of any length takes the
/// same memory.
pub fn twice(
    out: &mut dyn Write,
    seed: u64,
    ticks: u32,
    design: Design,
    picture: Option<&Path>,
) -> anyhow::Result<()> {
    let span = world::shell::cli::count(ticks, "tick", "ticks");
    writeln!(out, "seed {seed}, {SWARM_SIZE} tethered bodies, {span}, the same run made twice")?;
    writeln!(out)?;
    writeln!(out, " tick  frame (1st)   frame (2nd)   numbers (1st)     numbers (2nd)")?;
    let (mut one, mut two) = (scatter(seed), scatter(seed));
    // Where every body of the first run has been, in grey.
    let mut trails = Frame::view();
    let (mut frames, mut numbers) = (true, true);
    let rows = shown(ticks);
    let progress = Progress::new("swarm", u64::from(ticks));
    for t in 1..=ticks {
        advance(&mut one, &[], design);
        advance(&mut two, &[], design);
        let (f1, f2) = (frame(&one).hash(), frame(&two).hash());
        let (n1, n2) = (digest::bodies(&one), digest::bodies(&two));
        frames &= f1 == f2;
        numbers &= n1 == n2;
        if picture.is_some() {
            for b in &one {
                trails.dot(b.pos, GREY);
            }
        }
        if rows.contains(&t) {
            writeln!(out, "{t:>5}  {f1}  {f2}  {n1}  {n2}")?;
        }
        progress.step();
    }
    writeln!(out)?;
    writeln!(out, "frame hashes equal on all {span}:  {}", yes(frames))?;
    writeln!(out, "number hashes equal on all {span}: {}", yes(numbers))?;
    writeln!(out)?;
    writeln!(out, "body 0's y after tick {ticks}, 1st run: {}", sig17(one[0].pos.y))?;
    writeln!(out, "body 0's y after tick {ticks}, 2nd run: {}", sig17(two[0].pos.y))?;
    if let Some(path) = picture {
        // And where each one ends, in ink.
        for b in &one {
            trails.dot(b.pos, INK);
        }
        keyed(&trails, ticks).save_png(path, 1)?;
        writeln!(out, "wrote {}", path.display())?;
    }
    Ok(())
}

/// The trails blown up three times, with a strip under them saying what the two shades are.
fn keyed(trails: &Frame, ticks: u32) -> Frame {
    let big = trails.zoomed(3);
    let mut f = Frame::new(big.w, big.h + 26);
    f.paste(&big, 0, 0);
    f.text(
        6,
        big.h as i64 + 6,
        &format!("grey: every place in {ticks} ticks; black: the last"),
        INK,
    );
    f
}

/// The widest distance between the same body in two swarms.
fn widest(a: &[Body], b: &[Body]) -> f64 {
    a.iter().zip(b).map(|(x, y)| x.pos.dist(y.pos)).fold(0.0, f64::max)
}

pub fn clash(out: &mut dyn Write, seed: u64, design: Design) -> anyhow::Result<()> {
    const PICTURED: u32 = 400;
    const LONG: u32 = 10_000;
    let order_a = [GRAVITY, BREEZE, SWIRL];
    let order_b = [SWIRL, BREEZE, GRAVITY];
    let (mut a, mut b) = (scatter(seed), scatter(seed));
    let (mut first_numbers, mut first_frames) = (None, None);
    let mut rows = Vec::new();
    let mut gaps = Vec::new();
    for t in 1..=LONG {
        advance(&mut a, &order_a, design);
        advance(&mut b, &order_b, design);
        if first_numbers.is_none() && digest::bodies(&a) != digest::bodies(&b) {
            first_numbers = Some(t);
        }
        if t <= PICTURED {
            let (fa, fb) = (frame(&a).hash(), frame(&b).hash());
            if first_frames.is_none() && fa != fb {
                first_frames = Some(t);
            }
            if [1, 2, 10, PICTURED].contains(&t) {
                rows.push((t, fa, fb, digest::bodies(&a), digest::bodies(&b)));
            }
        }
        if [1, 10, 100, 1000, LONG].contains(&t) {
            gaps.push((t, widest(&a, &b)));
        }
    }
    writeln!(
        out,
        "seed {seed}, {SWARM_SIZE} bodies; A adds gravity, breeze, swirl and B adds swirl, breeze, gravity"
    )?;
    writeln!(out)?;
    writeln!(out, " tick  frame A       frame B       numbers A         numbers B")?;
    for (t, fa, fb, na, nb) in rows {
        writeln!(out, "{t:>5}  {fa}  {fb}  {na}  {nb}")?;
    }
    writeln!(out)?;
    let when = |t: Option<u32>, span: u32| {
        t.map_or(format!("none in {span} ticks"), |t| format!("tick {t}"))
    };
    writeln!(out, "numbers first differ: {}", when(first_numbers, LONG))?;
    writeln!(out, "frames first differ:  {}", when(first_frames, PICTURED))?;
    writeln!(out)?;
    writeln!(out, " tick  widest gap between A and B, in pixels")?;
    for (t, g) in gaps {
        writeln!(out, "{t:>5}  {g:.3e}")?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The book works the first gap of `clash` out from its figure: 3.553e-15 px is 2^-48, the
    /// step between neighbouring doubles from 16 up to 32, so after one tick the two swarms
    /// differ by the last bit of one coordinate of that size, and by nothing more.
    #[test]
    fn the_first_gap_of_clash_is_2_to_the_minus_48_between_neighbouring_doubles() {
        let (mut a, mut b) = (scatter(7), scatter(7));
        advance(&mut a, &[GRAVITY, BREEZE, SWIRL], Design::default());
        advance(&mut b, &[SWIRL, BREEZE, GRAVITY], Design::default());
        assert_eq!(widest(&a, &b), f64::from_bits((1023 - 48) << 52));
        let apart = |pick: fn(&Body) -> [f64; 2]| {
            let pairs = a.iter().zip(&b).flat_map(|(p, q)| pick(p).into_iter().zip(pick(q)));
            pairs.filter(|(u, v)| u != v).collect::<Vec<_>>()
        };
        // Many velocities are apart in their last bits, but a place is a bigger number with
        // coarser steps, and only one coordinate of one body rounded to another double: the
        // next one, between 16 and 32.
        let speeds = apart(|b| [b.vel.x, b.vel.y]);
        assert!(speeds.len() > 1 && speeds.iter().all(|(u, v)| (u - v).abs() < 1e-15));
        let places = apart(|b| [b.pos.x, b.pos.y]);
        let [(u, v)] = places[..] else { panic!("places apart after one tick: {places:?}") };
        assert_eq!(u.to_bits().abs_diff(v.to_bits()), 1, "{u} and {v}");
        assert!((16.0..32.0).contains(&u), "{u}");
    }
}

/// Twenty-four tethered bodies from seed 7, run twice: the frame hash and the hash of every
/// float's bits agree on every tick.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The seed the bodies are placed and launched from.
    #[arg(long, default_value_t = world::base::window::SWARM_SEED,
          value_parser = world::shell::cli::seed, allow_hyphen_values = true)]
    pub seed: u64,
    /// Ticks to run: 1 to 1,000,000 (a million take some minutes).
    #[arg(long, default_value = "400", value_parser = crate::flags::ticks, allow_hyphen_values = true)]
    pub ticks: u32,
    /// Also draw the first run's trails and final places into this PNG.
    #[arg(long, value_name = "FILE", value_parser = world::shell::file_flags::png)]
    pub picture: Option<world::shell::file_flags::OutFile>,
    #[command(flatten)]
    pub design: Design,
}

impl crate::run::Run for Args {
    fn run(&self, out: &mut dyn Write) -> anyhow::Result<()> {
        twice(out, self.seed, self.ticks, self.design, self.picture.as_deref())
    }
}

/// The swarm with the three pushes added in two orders: the pictures agree, the numbers
/// never do, and the gap between them grows.
#[derive(clap::Args, Debug)]
pub struct Clash {
    /// The seed the bodies are placed and launched from.
    #[arg(long, default_value_t = world::base::window::SWARM_SEED,
          value_parser = world::shell::cli::seed, allow_hyphen_values = true)]
    pub seed: u64,
    #[command(flatten)]
    pub design: Design,
}

impl crate::run::Run for Clash {
    fn run(&self, out: &mut dyn Write) -> anyhow::Result<()> {
        clash(out, self.seed, self.design)
    }
}
