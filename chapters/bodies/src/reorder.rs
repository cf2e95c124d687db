//! Three pushes and the order they are added in.

use std::collections::BTreeSet;
use std::io::Write;
use std::path::Path;

use world::Vec2;

use crate::digits::sig17;
use crate::pushes::{BREEZE, GRAVITY, SWIRL};

const NAMED: [(&str, Vec2); 3] = [("gravity", GRAVITY), ("breeze", BREEZE), ("swirl", SWIRL)];

/// The six orders of three things, as indices.
const ORDERS: [[usize; 3]; 6] = [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]];

/// The pushes added up in the order given, left to right, starting from zero.
fn total(pushes: impl Iterator<Item = Vec2>) -> Vec2 {
    pushes.fold(Vec2::ZERO, Vec2::add)
}

/// The six orders' totals, the HashMap's, and with `picture` the number line of the doubles
/// they land on.
pub fn run(out: &mut dyn Write, walks: u32, picture: Option<&Path>) -> anyhow::Result<()> {
    writeln!(out, "three pushes:")?;
    for (name, p) in NAMED {
        writeln!(out, "  {name:<8} {p:6}")?;
    }
    writeln!(out)?;
    writeln!(out, "added in each of the six orders, the y of the total:")?;
    let mut seen = BTreeSet::new();
    let mut landed = Vec::new();
    for order in ORDERS {
        let y = total(order.iter().map(|&i| NAMED[i].1)).y;
        let names: Vec<&str> = order.iter().map(|&i| NAMED[i].0).collect();
        writeln!(out, "  {:<26} {}  bits {:016x}", names.join(" + "), sig17(y), y.to_bits())?;
        seen.insert(y.to_bits());
        landed.push((names.join(" + "), y));
    }
    writeln!(out)?;
    writeln!(out, "different totals from the six orders:            {}", seen.len())?;

    // ANCHOR: walks
    // The chapter's one walk over a HashMap, kept to show why world code never does it: every
    // new map is keyed by a fresh random state, so each walk may visit the pushes in a new order.
    let mut totals = BTreeSet::new();
    for _ in 0..walks {
        #[allow(clippy::disallowed_types, reason = "the one HashMap walk, here to show the harm")]
        let map: std::collections::HashMap<&str, Vec2> = NAMED.into_iter().collect();
        totals.insert(total(map.values().copied()).y.to_bits());
    }
    // ANCHOR_END: walks
    writeln!(out, "different totals from {walks} walks over a HashMap: {}", totals.len())?;
    if let Some(path) = picture {
        crate::doubles::draw(&landed).save(path)?;
        writeln!(out, "wrote {}", path.display())?;
    }
    Ok(())
}

/// Three pushes summed in all six orders, then in whatever order a HashMap chooses: the
/// total depends on the order, and a HashMap picks a new order for every new map.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// How many freshly made maps to sum over: 1 to 1,000,000.
    #[arg(long, default_value = "1000", value_parser = WALKS, allow_hyphen_values = true)]
    pub walks: u32,
    /// Also draw the doubles next to 0.4 on a number line into this SVG (760 px wide), each
    /// order's total on the double it lands on, and 0.4 itself between two of them.
    #[arg(long, value_name = "FILE", value_parser = world::shell::file_flags::svg)]
    pub picture: Option<world::shell::file_flags::OutFile>,
}

impl crate::run::Run for Args {
    fn run(&self, out: &mut dyn Write) -> anyhow::Result<()> {
        run(out, self.walks, self.picture.as_deref())
    }
}

/// A number of maps to walk: at least one, at most a million.
const WALKS: world::shell::cli::Whole<u32> = world::shell::cli::Whole::new("walks", 1, 1_000_000);
