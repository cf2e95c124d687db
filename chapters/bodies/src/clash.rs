//! The swarm run with the pushes summed in two orders, to show that the order of a sum is
//! part of the world.

use std::io::Write;

use world::Body;
use world::base::digest;

use crate::design::Design;
use crate::pushes::{BREEZE, GRAVITY, SWIRL};
use crate::swarm::{SWARM_SIZE, advance, frame, scatter};

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

/// The swarm with the three pushes added in two orders: the pictures agree, the numbers
/// never do, and the gap between them grows.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The seed the bodies are placed and launched from.
    #[arg(long, default_value_t = world::base::window::SWARM_SEED,
          value_parser = world::shell::cli::SEED, allow_hyphen_values = true)]
    pub seed: u64,
    #[command(flatten)]
    pub design: Design,
}

impl crate::run::Run for Args {
    fn run(&self, out: &mut dyn Write) -> anyhow::Result<()> {
        clash(out, self.seed, self.design)
    }
}
