//! One herd through every query at once: the proof that the buckets and the mailboxes change
//! nothing, and that the order of the neighbours is what makes that true.

use std::io::Write;

use world::base::digest;
use world::flock::Herd;
use world::flock::near::Query;
use world::shell::cli::{count, yes};
use world::shell::progress::Progress;

use crate::design::Design;
use crate::scene::{Rule, Scene, frame, ground};

/// One herd through everybody and the ordered buckets (as the first round built them) and, in
/// round 1, the unordered buckets or, in round 2, the mailboxes, compared with everybody's after
/// every tick.
pub fn run(
    out: &mut dyn Write,
    rule: Rule,
    scene: &Scene,
    every: u32,
    round: u8,
) -> anyhow::Result<()> {
    let Scene { ticks, radius, seed, .. } = *scene;
    // Sweep runs the mailboxes alone: it has no --everybody to offer.
    Design::default().fits(radius, false)?;
    let ground = ground(seed);
    let mut herds = herds(scene, rule, round);
    let third = if round == 1 { "unordered" } else { "mailboxes" };
    heading(out, rule, scene, third)?;
    let mut found = Found { round, ..Found::default() };
    let progress = Progress::new("sweep", u64::from(ticks));
    for t in 0..=ticks {
        if t > 0 {
            for h in &mut herds {
                h.query.reset();
                h.tick()?;
            }
            progress.step();
        }
        let [all, ordered, third] = &herds;
        // ANCHOR: compare
        let shot = frame(&all.bodies, &ground).hash();
        let numbers = digest::bodies(&all.bodies);
        let same = |h: &Herd<Box<dyn Query>>| {
            (frame(&h.bodies, &ground).hash() == shot, digest::bodies(&h.bodies) == numbers)
        };
        let same = [same(ordered), same(third)];
        if t > 0 {
            found.note(t, same);
        }
        // ANCHOR_END: compare
        if t % every == 0 || t == ticks {
            let tests = herds.each_ref().map(|h| h.query.count());
            row(out, t, [&shot, &numbers], same, tests)?;
        }
    }
    found.summary(out, ticks)
}

/// The three herds of a sweep: everybody and the ordered buckets as the first round built
/// them, and the unordered buckets (round 1) or the second round's mailboxes (round 2).
fn herds(scene: &Scene, rule: Rule, round: u8) -> [Herd<Box<dyn Query>>; 3] {
    let round_one = Design { three_passes: true, ..Design::default() };
    let third =
        if round == 1 { Design { unordered: true, ..round_one } } else { Design::default() };
    [
        Design { everybody: true, ..round_one }.herd(scene, rule),
        Design { buckets: true, ..round_one }.herd(scene, rule),
        third.herd(scene, rule),
    ]
}

/// The lines above the table: the herd, the three ways it is asked, and the columns.
fn heading(out: &mut dyn Write, rule: Rule, scene: &Scene, third: &str) -> std::io::Result<()> {
    let Scene { n, ticks, radius, seed } = *scene;
    writeln!(
        out,
        "{} hearing {}, {} on the valley of seed {seed}; a walker sees {radius} px",
        count(n as u64, "walker", "walkers"),
        rule.label(),
        count(ticks, "tick", "ticks")
    )?;
    let ways = if third == "unordered" { "buckets left unordered" } else { "the mailboxes" };
    writeln!(out, "one herd asked three ways: everybody, the buckets, and {ways}")?;
    writeln!(out, "each \"same?\" pair compares the frame hash, then the hash of every number")?;
    writeln!(out)?;
    writeln!(out, "{:6}{:<32}{:<22}distance tests per tick", "", "everybody's", "the same?")?;
    writeln!(
        out,
        "{:<4}  {:<12}  {:<16}  {:>9}  {third:>9}  {:>9}  {:>7}  {third:>9}",
        "tick", "frame", "numbers", "buckets", "everybody", "buckets"
    )
}

/// One row: everybody's frame hash and digest, whether each other herd's are the same, and the
/// distance tests each query made in the tick.
fn row(
    out: &mut dyn Write,
    t: u32,
    [shot, numbers]: [&str; 2],
    same: [(bool, bool); 2],
    tests: [u64; 3],
) -> std::io::Result<()> {
    let pair = |(f, n): (bool, bool)| format!("{:>3} {:>3}", yes(f), yes(n));
    writeln!(
        out,
        "{t:>4}  {shot}  {numbers}  {:>9}  {:>9}  {:>9}  {:>7}  {:>9}",
        pair(same[0]),
        pair(same[1]),
        tests[0],
        tests[1],
        tests[2]
    )
}

/// What a sweep counts over every tick, not only over the rows it shows.
#[derive(Default)]
struct Found {
    /// The round swept: 1 with the unordered buckets third, 2 with the mailboxes.
    round: u8,
    /// Ticks on which the ordered buckets and the third herd disagreed with everybody.
    off: [u32; 2],
    /// The first tick the unordered buckets' numbers differed, and the first their frame did.
    loose_numbers: Option<u32>,
    loose_frames: Option<u32>,
    /// The ticks after the first difference on which the unordered frame agreed again, as runs.
    again: Vec<(u32, u32)>,
}

impl Found {
    /// Notes tick `t`: for each other herd, whether its frame and its numbers were everybody's.
    fn note(&mut self, t: u32, same: [(bool, bool); 2]) {
        for (off, (frame, numbers)) in self.off.iter_mut().zip(same) {
            *off += u32::from(!(frame && numbers));
        }
        let (lf, ln) = same[1];
        self.loose_numbers = self.loose_numbers.or((!ln).then_some(t));
        self.loose_frames = self.loose_frames.or((!lf).then_some(t));
        if lf && self.loose_frames.is_some() {
            match self.again.last_mut() {
                Some(run) if run.1 + 1 == t => run.1 = t,
                _ => self.again.push((t, t)),
            }
        }
    }

    /// The lines under the table: every count over all `ticks`.
    fn summary(&self, out: &mut dyn Write, ticks: u32) -> anyhow::Result<()> {
        let [ordered_off, third_off] = self.off;
        writeln!(out)?;
        writeln!(out, "counted over every tick, not only the rows shown:")?;
        let span = count(ticks, "tick", "ticks");
        writeln!(out, "  ordered buckets disagreed with everybody on {ordered_off} of {span}")?;
        if self.round != 1 {
            writeln!(out, "  mailboxes disagreed with everybody on {third_off} of {span}")?;
            return Ok(());
        }
        writeln!(out, "  unordered buckets disagreed on {third_off} of {ticks}")?;
        let first = |t: Option<u32>| t.map_or(format!("never, in {span}"), |t| format!("tick {t}"));
        writeln!(out, "  unordered numbers first differed: {}", first(self.loose_numbers))?;
        writeln!(out, "  unordered frames first differed:  {}", first(self.loose_frames))?;
        if self.loose_frames.is_some() {
            writeln!(out, "  unordered frames the same again:  {}", runs(&self.again))?;
        }
        Ok(())
    }
}

/// Runs of ticks in words: "ticks 190 to 200, 205, 209", or "never" for none. Past six runs
/// only the count of the rest and the last tick are given.
fn runs(all: &[(u32, u32)]) -> String {
    const SHOWN: usize = 6;
    let Some(&(_, last)) = all.last() else { return "never".to_string() };
    let one = |&(a, b): &(u32, u32)| if a == b { a.to_string() } else { format!("{a} to {b}") };
    let mut said: Vec<String> = all.iter().take(SHOWN).map(one).collect();
    if all.len() > SHOWN {
        said.push(format!("and {} more runs, the last ending on tick {last}", all.len() - SHOWN));
    }
    let word = if all.len() == 1 && all[0].0 == all[0].1 { "tick" } else { "ticks" };
    format!("{word} {}", said.join(", "))
}

#[cfg(test)]
mod tests {
    use super::runs;

    #[test]
    fn runs_of_ticks_read_as_words() {
        assert_eq!(runs(&[]), "never");
        assert_eq!(runs(&[(7, 7)]), "tick 7");
        assert_eq!(runs(&[(190, 200), (205, 205), (209, 209)]), "ticks 190 to 200, 205, 209");
        let many: Vec<(u32, u32)> = (0..9).map(|i| (10 * i, 10 * i + 1)).collect();
        let said = runs(&many);
        assert!(said.ends_with("50 to 51, and 3 more runs, the last ending on tick 81"), "{said}");
    }
}

/// The same herd through every query at once, hashing frames and numbers every tick.
///
/// Ordered buckets must agree with everybody on every tick; unordered buckets hold the same
/// neighbours in another order, and drift away.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// Which rules the walkers hear.
    #[arg(long, value_enum, default_value = "all")]
    pub rule: Rule,
    #[command(flatten)]
    pub scene: Scene,
    /// Print a row every this many ticks, 1 to 100,000 (the totals count every tick
    /// regardless).
    #[arg(long, default_value = "40", value_parser = EVERY, allow_hyphen_values = true)]
    pub every: u32,
    /// Which round of the chapter to sweep, 1 or 2: 1 sets the buckets and the unordered buckets
    /// against everybody, 2 the buckets and the second round's mailboxes.
    #[arg(long, default_value = "1", value_parser = crate::scene::ROUND, allow_hyphen_values = true)]
    pub round: u8,
}

impl crate::run::Run for Args {
    fn run(&self, out: &mut dyn Write) -> anyhow::Result<()> {
        run(out, self.rule, &self.scene, self.every, self.round)
    }
}

/// How often `sweep` prints a row: every 1 to 100,000 ticks.
const EVERY: world::shell::cli::Whole<u32> = world::shell::cli::Whole::new("ticks", 1, 100_000);
