//! Twenty-four tethered bodies, run twice to prove a run repeats: the swarm, and the `advance`
//! every run of it steps by.

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
use crate::pushes::tether;
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

/// Twenty-four tethered bodies from seed 7, run twice: the frame hash and the hash of every
/// float's bits agree on every tick.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The seed the bodies are placed and launched from.
    #[arg(long, default_value_t = world::base::window::SWARM_SEED,
          value_parser = world::shell::cli::SEED, allow_hyphen_values = true)]
    pub seed: u64,
    /// Ticks to run: 1 to 1,000,000 (a million take some minutes).
    #[arg(long, default_value = "400", value_parser = crate::flags::TICKS, allow_hyphen_values = true)]
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
