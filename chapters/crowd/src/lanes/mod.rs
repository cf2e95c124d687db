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
