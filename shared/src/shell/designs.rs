//! The `designs` subcommand every chapter has: each switch of the chapter's `Design`, what it
//! puts back, and whether it moves the digest, found by running the chapter's own run once with
//! no switch and once with each.
//!
//! The rows come from the design's table ([`switches`]): a switch's flag, the first sentence of
//! its doc comment, and its part. The table's sections are the parts: a stage of the chapter,
//! whose switches put back that round's retired parts and keep the digest, or the other rules,
//! the one part whose switches may move it ([`Part::moves_digest`](super::switches::Part)).

use std::io::Write;

use super::progress::Progress;
use super::switches::{Designed, Part, Stages, by_part, switches, together_on, with};

/// What one run of a design gives.
#[derive(Clone, Debug)]
pub struct Run {
    /// The digest of the world at the end.
    pub digest: String,
    /// The time its measured part took, in the unit the table names.
    pub time: f64,
}

/// What the table says about the chapter's run.
pub struct Table<'a> {
    /// The chapter's package, for the diff commands: `crowd`.
    pub package: &'a str,
    /// The subcommand and arguments of the run, as a reader types them: `spend`.
    pub run: &'a str,
    /// The run in words, for the table's first line.
    pub about: &'a str,
    /// What the time of a run is, for its column's heading: `ms a tick`.
    pub unit: &'a str,
}

/// A slice of the table: the rows of one stage only, each set against a base design that
/// some flags give, in place of the design with no switch.
#[derive(Clone, Debug)]
pub struct Slice<S> {
    /// The flags that give the base, `["--as-of", "first"]`: every row's run has them too.
    pub base: Vec<String>,
    /// What the base is, for the line that gives its digest.
    pub base_is: String,
    /// The stage whose rows are run, or every part's.
    pub only: Option<S>,
}

impl<S> Default for Slice<S> {
    fn default() -> Self {
        Slice { base: Vec::new(), base_is: String::new(), only: None }
    }
}

/// One row of the table: the switches it turns on, what they put back, and what the run
/// with them gave.
struct Row<S> {
    part: Option<Part<S>>,
    /// The switch, or "at once" for all of a part's switches that go together.
    label: String,
    flags: Vec<String>,
    puts_back: String,
    run: Option<Timed>,
}

/// A design's digest and its time in every pass, kept for the fastest and the paired ratios.
#[derive(Clone, Debug)]
struct Timed {
    digest: String,
    times: Vec<f64>,
}

impl Timed {
    fn fastest(&self) -> f64 {
        super::turns::best(&self.times)
    }

    /// The middle of the ratios of this run's time to `base`'s, pass by pass: each ratio is
    /// taken between two runs a moment apart.
    fn ratio(&self, base: &Timed) -> f64 {
        super::turns::paired(&self.times, &base.times)
    }
}

/// How many times `--clock` runs every row, round robin, keeping each row's fastest time: a
/// machine busy with something else slows some runs, and the fastest is the least disturbed.
const PASSES: usize = 3;

/// [`report_slice`] of the whole table, set against the design with no switch.
pub fn report<D: Designed>(
    out: &mut dyn Write,
    t: &Table,
    clock: bool,
    run: impl FnMut(D) -> anyhow::Result<Run>,
) -> anyhow::Result<()> {
    report_slice(out, t, &Slice::default(), clock, run)
}

// ANCHOR: report
/// Runs the chapter's run with no switch, with each switch alone, and with each part's
/// switches at once where several go together and none moves the digest. Prints every row
/// with its digest, whether that moved, the time with `clock`, and what it puts back; then the
/// commands that show what one switch changes. A slice runs one stage's rows, each on top
/// of its base, and leaves out what each puts back and the commands.
pub fn report_slice<D: Designed>(
    out: &mut dyn Write,
    t: &Table,
    slice: &Slice<D::Stage>,
    clock: bool,
    mut run: impl FnMut(D) -> anyhow::Result<Run>,
) -> anyhow::Result<()> {
    let base: Vec<&str> = slice.base.iter().map(String::as_str).collect();
    let mut rows = plan::<D>(&base, slice.only);
    let mut now: Option<Timed> = None;
    let passes = if clock { PASSES } else { 1 };
    let progress = Progress::new("designs", (passes * (rows.len() + 1)) as u64);
    for pass in 0..passes {
        keep(&mut now, run(with::<D>(&base)?)?);
        progress.step();
        for r in &mut rows {
            let flags = base.iter().copied().chain(r.flags.iter().map(String::as_str));
            let flags: Vec<&str> = flags.collect();
            keep(&mut r.run, run(with::<D>(&flags)?)?);
            progress.step();
        }
        if pass == 0 {
            let now = now.as_ref().map(|n| n.digest.clone());
            drop_moving_groups(&mut rows, now.as_deref());
        }
    }
    let now = now.expect("the run with no switch has run");
    print_table(out, t, slice, clock, &now, &rows)?;
    match slice.base.is_empty() && slice.only.is_none() {
        true => print_diffs(out, t, &now, &rows),
        false => Ok(()),
    }
}
// ANCHOR_END: report

fn print_table<S: Stages>(
    out: &mut dyn Write,
    t: &Table,
    slice: &Slice<S>,
    clock: bool,
    now: &Timed,
    rows: &[Row<S>],
) -> anyhow::Result<()> {
    let whole = slice.base.is_empty() && slice.only.is_none();
    let against = if slice.base.is_empty() { "x now" } else { "x base" };
    let about = match whole {
        true => format!("{}, with no switch and with each switch alone", t.about),
        false => t.about.to_string(),
    };
    for line in wrap(&about, COLUMN, 0) {
        writeln!(out, "{line}")?;
    }
    match slice.base.is_empty() {
        true => writeln!(out, "  with no switch, the design as it stands: {}", now.digest)?,
        false => {
            let flags = slice.base.join(" ");
            writeln!(out, "  the base, {} ({flags}): {}", slice.base_is, now.digest)?;
        }
    }
    writeln!(out)?;
    let width = rows.iter().map(|r| r.label.len()).max().unwrap_or(0).max(7);
    let time = if clock { format!("  {:>11} {against:>6}", t.unit) } else { String::new() };
    let puts_back = if whole { "  puts back" } else { "" };
    writeln!(out, "  {:<width$}  {:<16}  {:<5}{time}{puts_back}", "switch", "digest", "moves")?;
    let mut shown = None;
    for r in rows {
        if let Some(part) = r.part
            && r.part != shown
        {
            writeln!(out, "  {}", part.heading())?;
            shown = r.part;
        }
        let run = r.run.as_ref().expect("every row has run");
        let moves = if run.digest == now.digest { "no" } else { "YES" };
        let time = match clock {
            true => format!("  {:>11.3} {:>6.2}", run.fastest(), run.ratio(now)),
            false => String::new(),
        };
        let (label, digest) = (&r.label, &run.digest);
        let line = format!("  {label:<width$}  {digest:<16}  {moves:<5}{time}");
        if !whole {
            writeln!(out, "{}", line.trim_end())?;
            continue;
        }
        let left = format!("{line}  ");
        let mut lines = wrap(&r.puts_back, COLUMN, left.len()).into_iter();
        writeln!(out, "{left}{}", lines.next().unwrap_or_default())?;
        for line in lines {
            writeln!(out, "{line}")?;
        }
    }
    Ok(())
}

/// The widest line a table prints: the book's column.
const COLUMN: usize = 96;

/// `text` cut at spaces into lines of at most `width` characters, the first to follow `indent`
/// characters already written and the rest indented by as many spaces. A word longer than a line
/// has one to itself.
fn wrap(text: &str, width: usize, indent: usize) -> Vec<String> {
    let room = width.saturating_sub(indent).max(20);
    let options = textwrap::Options::new(room)
        .break_words(false)
        .word_splitter(textwrap::WordSplitter::NoHyphenation);
    let pad = " ".repeat(indent);
    let lines = textwrap::wrap(text, options).into_iter().enumerate();
    lines.map(|(i, l)| if i == 0 { l.into_owned() } else { format!("{pad}{l}") }).collect()
}

/// The commands that diff the run without a switch against the run with it, for the first
/// switch that keeps the digest and the first that moves it.
fn print_diffs<S>(
    out: &mut dyn Write,
    t: &Table,
    now: &Timed,
    rows: &[Row<S>],
) -> anyhow::Result<()> {
    writeln!(out)?;
    writeln!(
        out,
        "  to see what a switch changes, diff the run without it against the run with it"
    )?;
    writeln!(
        out,
        "  (in any shell; the first line keeps the run without a switch in without.txt):"
    )?;
    let alone = |keeps: bool| {
        rows.iter().find(|r| {
            r.flags.len() == 1 && r.run.as_ref().is_some_and(|x| (x.digest == now.digest) == keeps)
        })
    };
    let cmd = format!("cargo run -q --release -p {} -- {}", t.package, t.run);
    writeln!(out, "  {cmd} > without.txt")?;
    for r in alone(true).into_iter().chain(alone(false)) {
        writeln!(out, "  {cmd} {} | diff without.txt -", r.flags[0])?;
    }
    Ok(())
}

/// The rows of the table before anything runs: each switch alone, and after each part's
/// switches a row with as many of them at once as go together on top of `base`, when that is
/// more than one. With `only`, that stage's rows alone.
fn plan<D: Designed>(base: &[&str], only: Option<D::Stage>) -> Vec<Row<D::Stage>> {
    let mut rows = Vec::new();
    for (part, group) in by_part(switches::<D>()) {
        if only.is_some_and(|stage| part != Some(Part::Stage(stage))) {
            continue;
        }
        // Beside a base, a switch it refuses (one it has on already, or `--was`, which is
        // every switch at once) is no row of the table: the base's help says so.
        let stands = |flag: &str| base.is_empty() || with::<D>(&[base, &[flag]].concat()).is_ok();
        for s in group.iter().filter(|s| stands(&s.flag)) {
            rows.push(Row {
                part,
                label: s.flag.clone(),
                flags: vec![s.flag.clone()],
                puts_back: s.puts_back.clone(),
                run: None,
            });
        }
        let flags: Vec<&str> = group.iter().map(|s| s.flag.as_str()).collect();
        let flags = together_on::<D>(base, &flags);
        if flags.len() > 1 {
            rows.push(Row {
                part,
                label: "at once".into(),
                puts_back: format!("all of the above that go together: {}", flags.join(" ")),
                flags: flags.iter().map(|f| f.to_string()).collect(),
                run: None,
            });
        }
    }
    rows
}

/// Takes out every "at once" row whose part has a switch that moves the digest: such a part
/// is a set of other rules, not a round of changes to undo together.
fn drop_moving_groups<S: PartialEq + Copy>(rows: &mut Vec<Row<S>>, now: Option<&str>) {
    let moving: Vec<Option<Part<S>>> = rows
        .iter()
        .filter(|r| r.run.as_ref().map(|x| x.digest.as_str()) != now)
        .map(|r| r.part)
        .collect();
    rows.retain(|r| r.flags.len() == 1 || !moving.contains(&r.part));
}

/// Keeps the first run's digest, which every pass repeats, and every pass's time.
fn keep(kept: &mut Option<Timed>, new: Run) {
    match kept {
        Some(k) => k.times.push(new.time),
        None => *kept = Some(Timed { digest: new.digest, times: vec![new.time] }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::base::switchboard::RULES;
    use crate::shell::switches::tests::Demo;

    #[test]
    fn a_long_description_wraps_under_itself() {
        let text = "one two three four five six seven eight nine ten eleven twelve";
        let lines = wrap(text, 30, 10);
        let pad = " ".repeat(10);
        let want = [
            "one two three four".to_string(),
            format!("{pad}five six seven eight"),
            format!("{pad}nine ten eleven"),
            format!("{pad}twelve"),
        ];
        assert_eq!(lines, want);
        assert!(lines.iter().all(|l| l.len() <= 30));
        assert_eq!(wrap("short", 96, 4), ["short"]);
        assert_eq!(wrap("", 96, 4), [""]);
        assert_eq!(
            wrap("at once: --buckets --three-passes", 30, 10),
            ["at once: --buckets", "          --three-passes"]
        );
        let long = format!("a {} b", "x".repeat(30));
        assert_eq!(
            wrap(&long, 30, 10),
            ["a".to_string(), format!("{pad}{}", "x".repeat(30)), format!("{pad}b")]
        );
    }

    #[test]
    fn the_table_runs_every_switch_and_says_which_move_the_digest() {
        let mut out = Vec::new();
        let t = Table { package: "demo", run: "go", about: "a demo run", unit: "ms" };
        let mut runs = 0;
        report::<Demo>(&mut out, &t, false, |d| {
            runs += 1;
            let digest = if d.rule { "0000000000000001" } else { "0000000000000000" };
            Ok(Run { digest: digest.into(), time: 1.0 })
        })
        .unwrap();
        let text = String::from_utf8(out).unwrap();
        // No switch, four alone, and the two of the round that go together at once.
        assert_eq!(runs, 6, "{text}");
        assert!(text.contains("  A round\n  --road "), "{text}");
        assert!(text.contains(&format!("  {}\n  --rule ", RULES)), "{text}");
        assert!(text.contains("  --rule    0000000000000001  YES    Another rule"), "{text}");
        let at_once = "  at once   0000000000000000  no     all of the above that go together: \
                       --road --lamp\n";
        assert!(text.contains(at_once), "{text}");
        let go = "  cargo run -q --release -p demo -- go";
        let diff = "| diff without.txt -";
        let both = format!("{go} > without.txt\n{go} --road {diff}\n{go} --rule {diff}\n");
        assert!(text.contains(&both), "{text}");
    }
}
