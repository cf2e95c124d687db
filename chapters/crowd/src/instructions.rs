//! Instructions, counted: `spend` on one thread, run under valgrind's callgrind once with no
//! switch, once with each switch of one round alone and once with the round's switches at once,
//! and the instructions each run executed in all, in casting fans and in `tanh`.
//!
//! Callgrind counts every instruction a run executes, and the same build counts the same on
//! every run, so a change worth one per cent shows as one per cent where a clock on a shared
//! machine wobbles by more. The counts still belong to a compiler and an instruction set, which
//! is why the book keeps them in a measured block.

use std::collections::BTreeMap;
use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};

use world::beast::Design;
use world::beast::design::{Part, Stage};
use world::shell::progress::Progress;
use world::shell::switches::{Switch, switches, together};

/// What one run executed: in all, inside the fans, and inside `tanh` (with the `expm1` it calls).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counted {
    pub all: u64,
    pub fans: u64,
    pub tanh: u64,
}

/// The functions each column counts, by the start of their names: the one function every fan
/// of the phase is cast through (`Sight::cast`, kept a call of its own for this), and `libm`'s
/// `tanh`. A call into one of them from outside the group is counted with all it calls in turn;
/// a call from one to another of the same group is not counted twice.
const FANS: &str = "world::beast::step::sight::Sight::cast";
const TANH: &str = "libm::math::tanh::tanh";

/// The switches of a stage of the design, by their parts in the design's table: the same
/// stages, in the same order and by the same names, as `--as-of` and the book.
fn flags_of(stage: Stage) -> Vec<String> {
    let of = |s: &Switch<Stage>| s.part == Some(Part::Stage(stage));
    switches::<Design>().into_iter().filter(of).map(|s| s.flag).collect()
}

/// Whether a stage came before the brains in lanes, whose `tanh` is not libm's function, where
/// callgrind finds it: such a stage is counted with every brain thinking alone, as it did when
/// that stage was made.
fn before_lanes(stage: Stage) -> bool {
    stage < Stage::Third
}

/// One row of the table: what it is called, and the switches its run of `spend` is given.
type Row = (String, Vec<String>);

/// Counts a stage's rows under callgrind, `ticks` ticks each, and prints them.
pub fn run(out: &mut dyn Write, ticks: u32, stage: Stage) -> anyhow::Result<()> {
    let exe = runnable()?;
    let flags = flags_of(stage);
    let (heading, before_lanes) = (stage.heading(), before_lanes(stage));
    let rows = planned(&flags, before_lanes);
    let progress = Progress::new("instructions", rows.len() as u64);
    let mut counts = Vec::new();
    for (label, flags) in &rows {
        progress.say(format!("{label} under callgrind"));
        counts.push(count(&exe, ticks, flags)?);
        progress.step();
    }
    print(out, ticks, heading, &rows, &counts, before_lanes)
}

/// The crowd binary this is, on a machine with valgrind: or why the counting cannot run.
fn runnable() -> anyhow::Result<std::path::PathBuf> {
    let exe = std::env::current_exe()?;
    anyhow::ensure!(
        exe.file_stem().is_some_and(|s| s == "crowd"),
        "`instructions` runs the crowd binary itself under valgrind: run it as \
         `cargo run --release -p crowd -- instructions`"
    );
    anyhow::ensure!(
        Command::new("valgrind").arg("--version").output().is_ok_and(|o| o.status.success()),
        "valgrind is not installed or not on PATH: the instructions are counted by its \
         callgrind tool (on Debian or Ubuntu, `apt install valgrind`)"
    );
    Ok(exe)
}

/// The rows of a round of `flags`: no switch, each switch alone, and as many at once as go
/// together; every one with `--alone` when the round came before the brains in lanes.
fn planned(flags: &[String], before_lanes: bool) -> Vec<Row> {
    let mut rows: Vec<Row> = vec![("none".into(), vec![])];
    rows.extend(flags.iter().map(|f| (f.clone(), vec![f.clone()])));
    let names: Vec<&str> = flags.iter().map(String::as_str).collect();
    let at_once = together::<Design>(&names);
    if at_once.len() > 1 {
        rows.push(("at once".into(), at_once.iter().map(|f| f.to_string()).collect()));
    }
    if before_lanes {
        for (_, flags) in &mut rows {
            flags.push("--alone".into());
        }
    }
    rows
}

/// The table: each row's instructions in all, in casting fans and in `tanh`, in billions, with
/// each part's share of its row's total.
fn print(
    out: &mut dyn Write,
    ticks: u32,
    heading: &str,
    rows: &[Row],
    counts: &[Counted],
    before_lanes: bool,
) -> anyhow::Result<()> {
    writeln!(
        out,
        "instructions run by `spend --ticks {ticks} --crew 1`, counted by callgrind, in billions"
    )?;
    writeln!(out)?;
    writeln!(out, "  {:<10}  {:>7}  {:>12}  {:>12}", "switch", "all", "casting fans", "tanh")?;
    let billions = |n: u64| n as f64 / 1e9;
    let share = |n: u64, of: u64| 100.0 * n as f64 / of.max(1) as f64;
    for (i, ((label, flags), c)) in rows.iter().zip(counts).enumerate() {
        if i == 1 {
            writeln!(out, "  {heading}")?;
        }
        let fans = format!("{:.3} {:>3.0}%", billions(c.fans), share(c.fans, c.all));
        let tanh = format!("{:.3} {:>3.0}%", billions(c.tanh), share(c.tanh, c.all));
        writeln!(out, "  {label:<10}  {:>7.3}  {fans:>12}  {tanh:>12}", billions(c.all))?;
        if label == "at once" {
            let shown: Vec<&str> =
                flags.iter().map(String::as_str).filter(|f| *f != "--alone").collect();
            writeln!(out, "  {:<10}  {}", "", shown.join(" "))?;
        }
    }
    writeln!(out)?;
    writeln!(out, "  tanh: with the expm1 it calls; the shares are of the row's own total")?;
    if before_lanes {
        writeln!(
            out,
            "  every row with --alone: each brain thinks alone, as before the brains in lanes"
        )?;
    }
    Ok(())
}

/// Runs `spend` with these switches under callgrind and reads what it counted.
fn count(exe: &Path, ticks: u32, flags: &[String]) -> anyhow::Result<Counted> {
    let file = std::env::temp_dir().join(format!("crowd-callgrind-{}.out", std::process::id()));
    let mut args = vec!["spend".to_string(), "--ticks".into(), ticks.to_string()];
    // A phase cast in the walk has no crew to set; every other runs on one thread.
    if !flags.iter().any(|f| f == "--narrow") {
        args.extend(["--crew".into(), "1".into()]);
    }
    args.extend(flags.iter().cloned());
    let ran = Command::new("valgrind")
        .arg("--tool=callgrind")
        .arg(format!("--callgrind-out-file={}", file.display()))
        .arg(exe)
        .args(&args)
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .output()?;
    let text = std::fs::read_to_string(&file);
    let _ = std::fs::remove_file(&file);
    if !ran.status.success() {
        let err = String::from_utf8_lossy(&ran.stderr);
        let last =
            err.lines().rev().find(|l| !l.trim().is_empty() && !l.starts_with("==")).unwrap_or("");
        anyhow::bail!("`spend {}` under callgrind failed: {last}", args[1..].join(" "));
    }
    let text = text.map_err(|e| anyhow::anyhow!("callgrind wrote no profile to read: {e}"))?;
    tally(&text).map_err(anyhow::Error::msg)
}

/// Reads a callgrind profile: the run's total from its `summary:` or `totals:` line, and for
/// each group the inclusive cost of the calls into it from outside it.
pub fn tally(text: &str) -> Result<Counted, String> {
    let mut names: BTreeMap<&str, &str> = BTreeMap::new();
    let mut positions = 1;
    let (mut caller, mut callee) = ("", "");
    let mut call_next = false;
    let mut c = Counted::default();
    for line in text.lines() {
        if let Some(p) = line.strip_prefix("positions:") {
            positions = p.split_whitespace().count().max(1);
        } else if let Some(n) = line.strip_prefix("summary:").or(line.strip_prefix("totals:")) {
            c.all =
                n.trim().parse().map_err(|_| format!("a total that is not a number: {line}"))?;
        } else if let Some(f) = line.strip_prefix("fn=") {
            caller = named(&mut names, f);
        } else if let Some(f) = line.strip_prefix("cfn=") {
            callee = named(&mut names, f);
        } else if line.starts_with("calls=") {
            call_next = true;
        } else if call_next
            && line.starts_with(|ch: char| ch.is_ascii_digit() || "+-*".contains(ch))
        {
            call_next = false;
            let cost: u64 = line
                .split_whitespace()
                .nth(positions)
                .map_or(Ok(0), str::parse)
                .map_err(|_| format!("a cost that is not a number: {line}"))?;
            for (group, sum) in [(FANS, &mut c.fans), (TANH, &mut c.tanh)] {
                if callee.starts_with(group) && !caller.starts_with(group) {
                    *sum += cost;
                }
            }
        }
    }
    if c.all == 0 {
        return Err("the profile has no total: is it a callgrind profile?".into());
    }
    Ok(c)
}

/// A function as callgrind names it: `(id) name` the first time, and `(id)` after.
fn named<'a>(names: &mut BTreeMap<&'a str, &'a str>, spec: &'a str) -> &'a str {
    let spec = spec.trim();
    match spec.strip_prefix('(').and_then(|s| s.split_once(')')) {
        Some((id, rest)) if !rest.trim().is_empty() => {
            names.insert(id, rest.trim());
            rest.trim()
        }
        Some((id, _)) => names.get(id).copied().unwrap_or(""),
        None => spec,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::ValueEnum;

    /// A profile in callgrind's own format, names compressed as callgrind writes them: the
    /// walk casts a fan twice (300 and 200 instructions, the cast's call into the view and a
    /// cast inside a cast among them), and the brain calls tanh once, and tanh calls expm1.
    const PROFILE: &str = "\
version: 1
creator: callgrind-3.19.0
positions: line
events: Ir
summary: 2000

fl=(1) roster.rs
fn=(1) world::beast::step::roster::Roster::walk
10 40
cfl=(2) sight.rs
cfn=(2) world::beast::step::sight::Sight::cast
calls=1 12
+1 300
cfn=(2)
calls=1 12
* 200
cfn=(3) world::beast::think::brain::Brain::think
calls=1 5
+2 150

fl=(2)
fn=(2)
12 20
cfn=(4) <world::beast::look::view::flat::Flat as world::beast::look::view::View>::cast
calls=1 40
+1 120
cfn=(2)
calls=1 12
+1 50

fl=(3) brain.rs
fn=(3)
5 30
cfl=(4) tanh.rs
cfn=(5) libm::math::tanh::tanh
calls=1 1
+1 100

totals: 2000
";

    #[test]
    fn a_profile_is_read_into_its_three_counts() {
        assert_eq!(tally(PROFILE), Ok(Counted { all: 2000, fans: 500, tanh: 100 }));
    }

    #[test]
    fn a_file_that_is_not_a_profile_is_an_error() {
        assert!(tally("hello\n").is_err());
        assert!(tally("summary: lots\n").is_err());
    }

    #[test]
    fn every_stage_has_switches_and_the_second_is_counted_in_instructions() {
        for stage in Stage::value_variants() {
            assert!(!flags_of(*stage).is_empty(), "{stage:?}");
        }
        assert!(Stage::Second.heading().contains("instructions"));
    }

    /// Only the stages made before the brains in lanes are counted with every brain alone: the
    /// walk came after the lanes, and was once counted as if before them.
    #[test]
    fn only_the_stages_before_the_lanes_are_counted_with_every_brain_alone() {
        let alone: Vec<Stage> =
            Stage::value_variants().iter().copied().filter(|s| before_lanes(*s)).collect();
        assert_eq!(alone, [Stage::First, Stage::Split, Stage::Second]);
        let rows = planned(&flags_of(Stage::Fourth), before_lanes(Stage::Fourth));
        assert!(rows.iter().all(|(_, f)| !f.iter().any(|f| f == "--alone")), "{rows:?}");
        let rows = planned(&flags_of(Stage::Second), before_lanes(Stage::Second));
        assert!(rows.iter().all(|(_, f)| f.iter().any(|f| f == "--alone")), "{rows:?}");
    }
}

/// Counts the instructions `spend --crew 1` runs, under valgrind's callgrind: with no
/// switch, with each switch of one round alone, and with the round at once.
///
/// Prints, for each, the instructions in all, in casting fans and in `tanh`. Needs
/// valgrind, takes half a minute or more a row, and counts for this build on this
/// machine, so the book keeps it in a measured block.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// Ticks to run each design: 1 to 1,000.
    #[arg(long, default_value = "120", value_parser = crate::flags::SHORT_TICKS, allow_hyphen_values = true)]
    pub ticks: u32,
    /// Which stage of the design to count, named as `--as-of` names it, in the order the
    /// chapter made them.
    #[arg(long, value_enum, default_value = "second")]
    pub round: Stage,
}

impl crate::run::Run for Args {
    fn run(&self, out: &mut dyn Write, _: world::beast::Settings) -> anyhow::Result<()> {
        run(out, self.ticks, self.round)
    }
}
