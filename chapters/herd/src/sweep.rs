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

pub fn run(out: &mut dyn Write, rule: Rule, scene: &Scene, every: u32) -> anyhow::Result<()> {
    let Scene { n, ticks, radius, seed } = *scene;
    Design::default().fits(radius)?;
    let ground = ground(seed);
    // The first round's three queries as the first round built them, and the second round's.
    let round_one = Design { three_passes: true, ..Design::default() };
    let mut all = Design { everybody: true, ..round_one }.herd(scene, rule);
    let mut ordered = Design { buckets: true, ..round_one }.herd(scene, rule);
    let mut loose = Design { unordered: true, ..round_one }.herd(scene, rule);
    let mut mail = Design::default().herd(scene, rule);

    writeln!(
        out,
        "{} hearing {}, {} on the valley of seed {seed}; a walker sees {radius} px",
        count(n as u64, "walker", "walkers"),
        rule.label(),
        count(ticks, "tick", "ticks")
    )?;
    writeln!(
        out,
        "one herd asked four ways: everybody, buckets, buckets left unordered, and mailboxes"
    )?;
    writeln!(out, "each \"same?\" pair compares the frame hash, then the hash of every number")?;
    writeln!(out)?;
    writeln!(
        out,
        "tick  everybody: frame  numbers           buckets same?  unordered same?  mailboxes same?  tests per tick: everybody  buckets  unordered  mailboxes"
    )?;
    let (mut ordered_off, mut loose_off, mut mail_off) = (0, 0, 0);
    let (mut loose_numbers, mut loose_frames) = (None, None);
    // The ticks after the first difference on which the unordered frame agreed again, as runs.
    let mut again: Vec<(u32, u32)> = Vec::new();
    let progress = Progress::new("sweep", u64::from(ticks));
    for t in 0..=ticks {
        if t > 0 {
            for h in [&mut all.query, &mut ordered.query, &mut loose.query, &mut mail.query] {
                h.reset();
            }
            all.tick()?;
            ordered.tick()?;
            loose.tick()?;
            mail.tick()?;
            progress.step();
        }
        // ANCHOR: compare
        let shot = frame(&all.bodies, &ground).hash();
        let numbers = digest::bodies(&all.bodies);
        let same = |h: &Herd<Box<dyn Query>>| {
            (frame(&h.bodies, &ground).hash() == shot, digest::bodies(&h.bodies) == numbers)
        };
        let (of, on) = same(&ordered);
        let (lf, ln) = same(&loose);
        let (mf, mn) = same(&mail);
        if t > 0 {
            ordered_off += u32::from(!(of && on));
            loose_off += u32::from(!(lf && ln));
            mail_off += u32::from(!(mf && mn));
            loose_numbers = loose_numbers.or((!ln).then_some(t));
            loose_frames = loose_frames.or((!lf).then_some(t));
        }
        // ANCHOR_END: compare
        if t > 0 && lf && loose_frames.is_some() {
            match again.last_mut() {
                Some(run) if run.1 + 1 == t => run.1 = t,
                _ => again.push((t, t)),
            }
        }
        if t % every == 0 || t == ticks {
            writeln!(
                out,
                "{t:>4}  {shot}  {numbers}  {:>6} {:>3}      {:>6} {:>3}      {:>6} {:>3}  {:>25}  {:>7}  {:>9}  {:>9}",
                yes(of),
                yes(on),
                yes(lf),
                yes(ln),
                yes(mf),
                yes(mn),
                all.query.count(),
                ordered.query.count(),
                loose.query.count(),
                mail.query.count()
            )?;
        }
    }
    writeln!(out)?;
    writeln!(out, "counted over every tick, not only the rows shown:")?;
    let span = count(ticks, "tick", "ticks");
    writeln!(out, "  ordered buckets disagreed with everybody on {ordered_off} of {span}")?;
    writeln!(out, "  unordered buckets disagreed on {loose_off} of {ticks}")?;
    writeln!(out, "  mailboxes disagreed with everybody on {mail_off} of {span}")?;
    let first = |t: Option<u32>| t.map_or(format!("never, in {span}"), |t| format!("tick {t}"));
    writeln!(out, "  unordered numbers first differed: {}", first(loose_numbers))?;
    writeln!(out, "  unordered frames first differed:  {}", first(loose_frames))?;
    if loose_frames.is_some() {
        writeln!(out, "  unordered frames the same again:  {}", runs(&again))?;
    }
    Ok(())
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
