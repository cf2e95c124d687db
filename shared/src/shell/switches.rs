//! The `designs` subcommand every chapter has: each switch of the chapter's `Design`, what it
//! puts back, and whether it moves the digest, found by running the chapter's own run once with
//! no switch and once with each.
//!
//! A chapter's `Design` is a clap `Args` struct of `bool` switches, and everything here is read
//! off clap's description of it: a switch's flag, the first sentence of its doc comment, and
//! the heading it is listed under in `--help`. So a switch added to a `Design` shows up in the
//! chapter's `--help`, in its `designs` table and, once blessed, in the book, with nothing else
//! to edit.
//!
//! A heading is a round of the chapter: the switches under it put back that round's retired
//! parts, and keep the digest. The one heading whose switches change a rule of the world, and
//! the digest with it, is [`RULES`], the same in every chapter; [`moves_digest`] is the one test
//! of it.

use std::io::Write;

use clap::{ArgAction, Args, Command, FromArgMatches};

use super::progress::Progress;

/// The heading, in every chapter's `Design`, of the switches that change a rule of the world
/// rather than put a retired part back: the only ones that may move the digest.
pub const RULES: &str = "Other rules, which move the digest";

/// Whether the switches under `heading` may move the digest: those under [`RULES`] do, and
/// every other heading is a round of retired parts that must keep it.
pub fn moves_digest(heading: Option<&str>) -> bool {
    heading == Some(RULES)
}

/// One switch of a design, as clap describes it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Switch {
    /// The flag, `--maps`.
    pub flag: String,
    /// What it puts back: the first sentence of its doc comment.
    pub puts_back: String,
    /// The heading it is listed under, if any.
    pub heading: Option<String>,
}

fn command<D: Args>() -> Command {
    D::augment_args(Command::new("designs").no_binary_name(true))
}

/// Every switch of `D`, in the order the struct declares them.
pub fn switches<D: Args>() -> Vec<Switch> {
    command::<D>()
        .get_arguments()
        .filter(|a| matches!(a.get_action(), ArgAction::SetTrue))
        .filter_map(|a| {
            Some(Switch {
                flag: format!("--{}", a.get_long()?),
                puts_back: a.get_help().map(|h| h.to_string()).unwrap_or_default(),
                heading: a.get_help_heading().map(str::to_string),
            })
        })
        .collect()
}

/// `D` as the command line builds it from these flags, conflicts checked.
pub fn with<D: Args + FromArgMatches>(flags: &[&str]) -> Result<D, clap::Error> {
    D::from_arg_matches(&command::<D>().try_get_matches_from(flags)?)
}

/// As many of `flags` as go together, taken in order: a flag that clap says conflicts with
/// one already taken (it would change nothing with that one on) is left out.
pub fn together<'a, D: Args + FromArgMatches>(flags: &[&'a str]) -> Vec<&'a str> {
    together_on::<D>(&[], flags)
}

/// [`together`] on top of the flags of a base, which are always kept and not returned.
pub fn together_on<'a, D: Args + FromArgMatches>(
    base: &[&'a str],
    flags: &[&'a str],
) -> Vec<&'a str> {
    let mut taken = base.to_vec();
    for &f in flags {
        taken.push(f);
        if with::<D>(&taken).is_err() {
            taken.pop();
        }
    }
    taken.split_off(base.len())
}

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

/// A slice of the table: the rows of one heading only, each set against a base design that
/// some flags give, in place of the design with no switch.
#[derive(Clone, Debug, Default)]
pub struct Slice {
    /// The flags that give the base, `["--as-of", "first"]`: every row's run has them too.
    pub base: Vec<String>,
    /// What the base is, for the line that gives its digest.
    pub base_is: String,
    /// The heading whose rows are run, or every heading's.
    pub only: Option<String>,
}

/// One row of the table: the switches it turns on, what they put back, and what the run
/// with them gave.
struct Row {
    heading: Option<String>,
    /// The switch, or "at once" for all of a heading's switches that go together.
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
pub fn report<D: Args + FromArgMatches>(
    out: &mut dyn Write,
    t: &Table,
    clock: bool,
    run: impl FnMut(D) -> anyhow::Result<Run>,
) -> anyhow::Result<()> {
    report_slice(out, t, &Slice::default(), clock, run)
}

// ANCHOR: report
/// Runs the chapter's run with no switch, with each switch alone, and with each heading's
/// switches at once where several go together and none moves the digest. Prints every row
/// with its digest, whether that moved, the time with `clock`, and what it puts back; then the
/// commands that show what one switch changes. A slice runs one heading's rows, each on top
/// of its base, and leaves out what each puts back and the commands.
pub fn report_slice<D: Args + FromArgMatches>(
    out: &mut dyn Write,
    t: &Table,
    slice: &Slice,
    clock: bool,
    mut run: impl FnMut(D) -> anyhow::Result<Run>,
) -> anyhow::Result<()> {
    let base: Vec<&str> = slice.base.iter().map(String::as_str).collect();
    let mut rows = plan::<D>(&base, slice.only.as_deref());
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

fn print_table(
    out: &mut dyn Write,
    t: &Table,
    slice: &Slice,
    clock: bool,
    now: &Timed,
    rows: &[Row],
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
        if r.heading.is_some() && r.heading != shown {
            writeln!(out, "  {}", r.heading.as_deref().unwrap_or_default())?;
            shown.clone_from(&r.heading);
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
    let mut lines: Vec<String> = Vec::new();
    let mut line = String::new();
    for word in text.split_whitespace() {
        if !line.is_empty() && line.len() + 1 + word.len() > room {
            lines.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    lines.push(line);
    let pad = " ".repeat(indent);
    for l in lines.iter_mut().skip(1) {
        l.insert_str(0, &pad);
    }
    lines
}

/// The commands that diff the run without a switch against the run with it, for the first
/// switch that keeps the digest and the first that moves it.
fn print_diffs(out: &mut dyn Write, t: &Table, now: &Timed, rows: &[Row]) -> anyhow::Result<()> {
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

/// The rows of the table before anything runs: each switch alone, and after each heading's
/// switches a row with as many of them at once as go together on top of `base`, when that is
/// more than one. With `only`, that heading's rows alone.
fn plan<D: Args + FromArgMatches>(base: &[&str], only: Option<&str>) -> Vec<Row> {
    let mut rows = Vec::new();
    for (heading, group) in by_heading(switches::<D>()) {
        if only.is_some() && heading.as_deref() != only {
            continue;
        }
        // Beside a base, a switch it refuses (one it has on already, or `--was`, which is
        // every switch at once) is no row of the table: the base's help says so.
        let stands = |flag: &str| base.is_empty() || with::<D>(&[base, &[flag]].concat()).is_ok();
        for s in group.iter().filter(|s| stands(&s.flag)) {
            rows.push(Row {
                heading: heading.clone(),
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
                heading,
                label: "at once".into(),
                puts_back: format!("all of the above that go together: {}", flags.join(" ")),
                flags: flags.iter().map(|f| f.to_string()).collect(),
                run: None,
            });
        }
    }
    rows
}

/// Takes out every "at once" row whose heading has a switch that moves the digest: such a
/// heading is a set of other rules, not a round of changes to undo together.
fn drop_moving_groups(rows: &mut Vec<Row>, now: Option<&str>) {
    let moving: Vec<Option<String>> = rows
        .iter()
        .filter(|r| r.run.as_ref().map(|x| x.digest.as_str()) != now)
        .map(|r| r.heading.clone())
        .collect();
    rows.retain(|r| r.flags.len() == 1 || !moving.contains(&r.heading));
}

/// Keeps the first run's digest, which every pass repeats, and every pass's time.
fn keep(kept: &mut Option<Timed>, new: Run) {
    match kept {
        Some(k) => k.times.push(new.time),
        None => *kept = Some(Timed { digest: new.digest, times: vec![new.time] }),
    }
}

/// The switches in runs of the same heading, in order: the table's sections, and the rounds
/// `crowd instructions` counts.
pub fn by_heading(all: Vec<Switch>) -> Vec<(Option<String>, Vec<Switch>)> {
    let mut groups: Vec<(Option<String>, Vec<Switch>)> = Vec::new();
    for s in all {
        match groups.last_mut() {
            Some((h, g)) if *h == s.heading => g.push(s),
            _ => groups.push((s.heading.clone(), vec![s])),
        }
    }
    groups
}

#[cfg(test)]
mod tests {
    use super::*;

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
    }

    /// A design of three switches, the way a chapter writes one.
    #[derive(Args, Clone, Copy, Debug, Default, PartialEq)]
    struct Demo {
        /// Everything old at once
        #[arg(long)]
        was: bool,
        /// The old road. More words only --help shows
        #[arg(long, help_heading = "A round", conflicts_with = "was")]
        #[arg(default_value_if("was", "true", "true"))]
        road: bool,
        /// The old bridge, which the old road makes moot
        #[arg(long, help_heading = "A round", conflicts_with_all = ["was", "road"])]
        #[arg(default_value_if("was", "true", "true"))]
        bridge: bool,
        /// The old lamps
        #[arg(long, help_heading = "A round", conflicts_with = "was")]
        #[arg(default_value_if("was", "true", "true"))]
        lamp: bool,
        /// Another rule
        #[arg(long, help_heading = "Rules", conflicts_with = "was")]
        rule: bool,
    }

    #[test]
    fn switches_come_from_the_doc_comments_in_order() {
        let s = switches::<Demo>();
        let flags: Vec<&str> = s.iter().map(|s| s.flag.as_str()).collect();
        assert_eq!(flags, ["--was", "--road", "--bridge", "--lamp", "--rule"]);
        assert_eq!(s[1].puts_back, "The old road. More words only --help shows");
        assert_eq!(s[1].heading.as_deref(), Some("A round"));
        assert_eq!(s[0].heading, None);
    }

    #[test]
    fn together_leaves_out_what_conflicts() {
        assert_eq!(together::<Demo>(&["--road", "--bridge"]), ["--road"]);
        assert_eq!(together::<Demo>(&["--bridge", "--rule"]), ["--bridge", "--rule"]);
        assert_eq!(
            with::<Demo>(&["--was"]).unwrap(),
            Demo { was: true, road: true, bridge: true, lamp: true, rule: false }
        );
        assert!(with::<Demo>(&["--was", "--rule"]).is_err());
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
        // No switch, five alone, and the two of the round that go together at once.
        assert_eq!(runs, 7, "{text}");
        assert!(text.contains("  --rule    0000000000000001  YES    Another rule"), "{text}");
        let at_once = "  at once   0000000000000000  no     all of the above that go together: \
                       --road --lamp\n";
        assert!(text.contains(at_once), "{text}");
        let go = "  cargo run -q --release -p demo -- go";
        let diff = "| diff without.txt -";
        let both = format!("{go} > without.txt\n{go} --was {diff}\n{go} --rule {diff}\n");
        assert!(text.contains(&both), "{text}");
    }
}
