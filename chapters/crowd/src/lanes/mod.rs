//! The third round's counts: where the forward passes of spend's run were thought,
//! with the brains apart (`--alone`) and four to a pack, how full the packs' lanes were, the
//! `tanh` calls, and the bytes of weights read. Every figure is a count. Its other two modes
//! are files of this folder: [`clock`] (`--clock`) and [`pack`] (`--pack`).

pub mod clock;
pub mod pack;

use std::io::Write;

use world::beast::step::count::Count;
use world::beast::think::brain::{BYTES, FINISH_BYTES, SETTLED_BYTES, SQUASHES};
use world::beast::think::pack::LANES;
use world::beast::{Design, Settings, World};
use world::shell::progress::Progress;

use crate::scene::{CROWD, ROWS, found};
use crate::timed::run_for;

/// Hidden units a four-lane `tanh` call squashes for a creature thinking alone: its own twelve,
/// four at a time.
const ALONE_CALLS: u64 = (SQUASHES / LANES) as u64;

/// What one design's closing tick read and squashed, worked out from its tally.
struct Reads {
    tanh: u64,
    lane_calls: u64,
    ahead: u64,
    walk: u64,
}

fn reads(t: &Count) -> Reads {
    let (settled, finish, whole) = (SETTLED_BYTES as u64, FINISH_BYTES as u64, BYTES as u64);
    let walk = t.finished * finish + t.whole * whole;
    if t.packs == 0 {
        // Brains apart: each pass begun ahead read its settled part, each ended read the rest.
        let ahead = t.begun * settled + t.ahead * finish;
        let tanh = (t.ahead + t.finished + t.whole) * SQUASHES as u64;
        Reads { tanh, lane_calls: 0, ahead, walk }
    } else {
        // A pack reads all four lanes' weights, held or idle.
        let lanes = LANES as u64;
        let ahead = t.packs * lanes * settled + t.ended * lanes * finish;
        let lane_calls = t.ended * SQUASHES as u64 + (t.finished + t.whole) * ALONE_CALLS;
        Reads { tanh: 0, lane_calls, ahead, walk }
    }
}

/// Both designs on one thread, with the lanes on the instructions of `settings`.
pub fn run(out: &mut dyn Write, ticks: u32, settings: Settings) -> anyhow::Result<()> {
    let mut runs: Vec<World> = Vec::new();
    let progress = Progress::new("lanes", 2 * u64::from(ticks));
    for design in [Design { alone: true, ..Design::default() }, Design::default()] {
        let mut w = found(CROWD, ROWS, design, settings.with_crew(1))?;
        run_for(&mut w, ticks, &progress);
        runs.push(w);
    }
    anyhow::ensure!(runs[0].digest() == runs[1].digest(), "the two designs ran differently");
    let (a, b) = (runs[0].counts().run, runs[1].counts().run);
    writeln!(
        out,
        "spend's {ticks} ticks: {} creature-ticks, a forward pass each; both runs end on {}",
        b.creature_ticks,
        runs[1].digest()
    )?;
    writeln!(out)?;
    writeln!(out, "  {:<44} {:>12} {:>12}", "", "--alone", "four a pack")?;
    let (ra, rb) = (reads(&a), reads(&b));
    let rows: [(&str, u64, u64); 13] = [
        ("passes begun ahead", a.begun, b.begun),
        ("  and thought to the end ahead", a.ahead, b.ahead),
        ("passes finished alone in the walk", a.finished, b.finished),
        ("passes thought whole, alone, in the walk", a.whole, b.whole),
        ("packs of brains looked for ahead", a.packs, b.packs),
        ("  their lanes", a.packs * LANES as u64, b.packs * LANES as u64),
        ("  lanes that held a pass begun ahead", a.lanes, b.lanes),
        ("  packs that thought to the end", a.ended, b.ended),
        ("tanh calls, one number each", ra.tanh, rb.tanh),
        ("tanh calls, four lanes each", ra.lane_calls, rb.lane_calls),
        ("bytes of weights read ahead", ra.ahead, rb.ahead),
        ("bytes of weights read in the walk", ra.walk, rb.walk),
        ("bytes of weights read in all", ra.ahead + ra.walk, rb.ahead + rb.walk),
    ];
    for (what, x, y) in rows {
        writeln!(out, "  {what:<44} {x:>12} {y:>12}")?;
    }
    writeln!(out)?;
    writeln!(
        out,
        "  a brain is {BYTES} bytes of weights: {SETTLED_BYTES} to the settled inputs' sums, \
         {FINISH_BYTES} for the rest"
    )?;
    Ok(())
}

/// Where the forward passes of spend's run were thought, with every brain apart
/// (--alone) and four to a pack: passes, packs and their lanes, tanh calls and bytes of
/// weights read. Counts only, the same on every machine.
#[derive(clap::Args, Debug)]
#[command(group(clap::ArgGroup::new("instead").multiple(false).args(["clock", "pack"])))]
pub struct Args {
    #[command(flatten)]
    pub run: crate::flags::Ticks<120>,
    /// Time the round instead, on this machine: tanh alone, 3000 passes, and the phase on
    /// crews of 1 and 2, each on every instruction set this CPU runs, in turns (about ten
    /// seconds). --isa and --ticks are not used.
    #[arg(long, conflicts_with = "ticks")]
    pub clock: bool,
    /// Instead of the counts, print how a pack of four brains lies in memory, a row a
    /// unit with its byte offsets, and draw it into this SVG (760 px wide). Runs nothing.
    #[arg(long, value_name = "FILE", value_parser = world::shell::file_flags::svg)]
    #[arg(conflicts_with = "ticks")]
    pub pack: Option<world::shell::file_flags::OutFile>,
}

impl crate::run::Run for Args {
    fn run(&self, out: &mut dyn Write, settings: Settings) -> anyhow::Result<()> {
        match &self.pack {
            _ if self.clock => clock::run(out, settings),
            Some(path) => pack::run(out, path),
            None => run(out, self.run.ticks, settings),
        }
    }
}

/// Refuses `--isa` given to a run that does not use it, as its help says: `lanes --clock`
/// times every instruction set in turn, and `lanes --pack` runs nothing.
pub fn unused_isa(m: &clap::ArgMatches) -> Result<(), clap::Error> {
    use clap::parser::ValueSource::CommandLine;
    let Some(("lanes", sub)) = m.subcommand() else { return Ok(()) };
    let given =
        m.value_source("isa") == Some(CommandLine) || sub.value_source("isa") == Some(CommandLine);
    let instead = if sub.get_flag("clock") {
        ("--clock", "times every instruction set this CPU runs in turn")
    } else if sub.contains_id("pack") && sub.value_source("pack") == Some(CommandLine) {
        ("--pack", "runs nothing")
    } else {
        return Ok(());
    };
    if !given {
        return Ok(());
    }
    Err(world::shell::one_line::conflict(format!(
        "--isa is not used with lanes {}, which {}: leave --isa out",
        instead.0, instead.1
    )))
}
