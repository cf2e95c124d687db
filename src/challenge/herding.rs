//! The checks of chapter 2's code challenges, run on the chapter's own herd.

use herd::design::Design;
use herd::scene::{RADIUS, Rule, VALLEY_COLS, VALLEY_ROWS};
use world::Body;
use world::base::{CELL, Land, Valley, digest};
use world::flock::Herd;
use world::flock::herd::GAIT;
use world::flock::near::Query;
use world::shell::switches::with;

use super::check::{Verdict, listed, switch};

/// Valleys of the book's size with water on them, none of them the book's own.
const SEEDS: [u64; 5] = [1, 3, 8, 21, 42];

/// The cell a walker stands on.
fn cell(b: &Body) -> (i64, i64) {
    ((b.pos.x / CELL).floor() as i64, (b.pos.y / CELL).floor() as i64)
}

// ANCHOR: dry
/// Walkers in each herd the check runs, and the ticks it runs them for.
const N: usize = 120;
const TICKS: u32 = 400;

/// 2.5: on valleys with water, no walker of the herd ever stands on it, from where it is
/// placed to the last tick, and the walkers still walk. The herd is the chapter's design as it
/// stands, the mailboxes heard in one pass; the first round's tick must hear the water too,
/// since `--buckets --three-passes` promises the very same herd.
pub fn dry() -> Verdict {
    let first: Design =
        with(&["--buckets", "--three-passes"]).map_err(|e| format!("herd's first round: {e}"))?;
    let mut wet_cells = Vec::new();
    let mut slowest = f64::INFINITY;
    for seed in SEEDS {
        let valley = Valley::new(seed, VALLEY_COLS, VALLEY_ROWS);
        let [_, water, _] = valley.census();
        wet_cells.push(water);
        for rule in [Rule::All, Rule::Cohere] {
            let speed = stays_dry(seed, &valley, rule, first)?;
            if rule == Rule::All {
                slowest = slowest.min(speed);
            }
        }
    }
    Ok(format!(
        "on the valleys of seeds {} ({} cells of water), {N} walkers hearing all three rules, \
         and {N} hearing only the pull to the middle, never stood on water in {TICKS} ticks, \
         and the first round's tick built the same herd; the herd walked {slowest:.2} px per tick \
         on average or more",
        listed(&SEEDS),
        listed(&wet_cells)
    ))
}
// ANCHOR_END: dry

/// Runs the herd of the design as it stands beside the first round's, hearing `rule` on the
/// valley of `seed`, and returns how fast the herd walked, in px a tick on average: or says
/// which walker stood on water, that the first round built another herd, or that the herd
/// hearing all three rules kept dry by hardly moving.
fn stays_dry(seed: u64, valley: &Valley, rule: Rule, first: Design) -> Result<f64, String> {
    let herd = |d: Design| {
        let query = d.query(VALLEY_COLS, VALLEY_ROWS);
        Herd::new(seed, N, VALLEY_COLS, VALLEY_ROWS, rule.weights(), RADIUS, query)
            .listening(d.listen())
    };
    let (mut herd, mut old) = (herd(Design::default()), herd(first));
    let mut travelled = 0.0;
    for t in 0..=TICKS {
        if t > 0 {
            herd.tick().map_err(|e| e.to_string())?;
            old.tick().map_err(|e| e.to_string())?;
            travelled += herd.bodies.iter().map(|b| b.vel.len()).sum::<f64>();
        }
        if let Some((i, b)) = on_water(&herd.bodies, valley) {
            let (x, y) = cell(b);
            let when =
                if t == 0 { "where it was placed".to_string() } else { format!("at tick {t}") };
            return Err(format!(
                "walker {i} of {N} hearing {} on the valley of seed {seed} stands on water \
                 {when}, at ({:.1}, {:.1}) in cell ({x}, {y})",
                rule.label(),
                b.pos.x,
                b.pos.y
            ));
        }
    }
    if digest::bodies(&old.bodies) != digest::bodies(&herd.bodies) {
        return Err(format!(
            "the walkers stayed dry, but the first round (--buckets --three-passes) built \
             another herd than the design as it stands, hearing {} on the valley of seed {seed}: \
             the herd has two ticks, tick_one_pass and tick_three_passes, and both must hear the \
             water, at the same place in the sum",
            rule.label()
        ));
    }
    let speed = travelled / f64::from(TICKS) / N as f64;
    // Knots under the pull to the middle hardly move whatever the water does.
    if rule == Rule::All && speed < GAIT.max_speed / 2.0 {
        return Err(format!(
            "the walkers hearing {} on the valley of seed {seed} kept dry by hardly moving: \
             {speed:.2} px per tick on average, under half their top speed",
            rule.label()
        ));
    }
    Ok(speed)
}

/// The first walker standing on a water cell, with its index, or none.
fn on_water<'a>(bodies: &'a [Body], valley: &Valley) -> Option<(usize, &'a Body)> {
    bodies.iter().enumerate().find(|(_, b)| {
        let (x, y) = cell(b);
        valley.at(x, y) == Land::Water
    })
}

// ANCHOR: strips
/// 2.6: the herd asked through `--strips` is the herd the design as it stands makes (the
/// mailboxes, which make everybody's herd), bit for bit on every tick, and the query is its
/// own: fewer distance tests than everybody, and not the count of the mailboxes or the buckets.
pub fn strips() -> Verdict {
    const TICKS: u32 = 300;
    let strips: Design = switch("herd", "chapters/herd/src/design.rs", "--strips")?;
    let buckets: Design = with(&["--buckets"]).map_err(|e| format!("herd's --buckets: {e}"))?;
    let (cols, rows) = (VALLEY_COLS, VALLEY_ROWS);
    let mut counted = Vec::new();
    for seed in SEEDS {
        for (n, radius) in [(120, RADIUS), (400, 10.5)] {
            let herd = |d: Design| {
                Herd::new(seed, n, cols, rows, Rule::All.weights(), radius, d.query(cols, rows))
                    .listening(d.listen())
            };
            let (mut mine, mut now, mut old) =
                (herd(strips), herd(Design::default()), herd(buckets));
            for t in 1..=TICKS {
                mine.tick().map_err(|e| format!("--strips refused radius {radius}: {e}"))?;
                now.tick().map_err(|e| e.to_string())?;
                old.tick().map_err(|e| e.to_string())?;
                if digest::bodies(&mine.bodies) != digest::bodies(&now.bodies) {
                    return Err(format!(
                        "{n} walkers seeing {radius} px on the valley of seed {seed} part from \
                         the herd of the mailboxes (everybody's herd) at tick {t} under \
                         --strips: the rules were handed other neighbours, or the same ones in \
                         another order"
                    ));
                }
            }
            let m = mine.query.count();
            let everybody = (n * (n - 1)) as u64 * u64::from(TICKS);
            let same = [("the mailboxes'", now.query.count()), ("the buckets'", old.query.count())]
                .into_iter()
                .find(|&(_, c)| c == m);
            if m >= everybody || same.is_some() {
                let whose = same.map_or("everybody's, or more", |(who, _)| who);
                return Err(format!(
                    "--strips made {m} distance tests in {TICKS} ticks of {n} walkers on the \
                     valley of seed {seed}, as many as {whose}: it should be a query of its own, \
                     measuring fewer than everybody's {everybody}"
                ));
            }
            counted.push(m as f64 / f64::from(TICKS) / n as f64);
        }
    }
    let (lo, hi) = counted.iter().fold((f64::INFINITY, 0.0f64), |(l, h), &c| (l.min(c), h.max(c)));
    Ok(format!(
        "on the valleys of seeds {}, 120 walkers seeing 16 px and 400 seeing 10.5 px were the \
         mailboxes' herd, and so everybody's, to the bit for {TICKS} ticks under --strips, \
         which measured {lo:.1} to {hi:.1} distances per walker per tick",
        listed(&SEEDS)
    ))
}
// ANCHOR_END: strips
