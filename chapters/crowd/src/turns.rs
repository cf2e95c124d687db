//! Timing rows in turns: every row runs once a round, round after round, so a slow spell of a
//! shared machine falls on every row alike, and each row is read against the first row's turn
//! of the same round.

use std::io::Write;
use std::time::{Duration, Instant};

use world::beast::{Design, Settings, World};
use world::shell::progress::Progress;
use world::shell::turns::Turns;

use crate::scene::found;
use crate::timed::{run_for, timed};

/// The rounds every part's rows take turns for.
pub const ROUNDS: usize = 5;
/// The least a turn of a short piece of work lasts: the work is repeated until it has.
const TURN: Duration = Duration::from_millis(30);

/// A row of a part: its name, and one turn of it, which gives the time of one unit of its work.
pub type Row<'a> = (String, Box<dyn FnMut() -> f64 + 'a>);

/// Takes `rows` in turns, `ROUNDS` rounds, and prints each with its best turn (as `show` turns
/// a time into the column's unit) and the middle of its paired ratios to the first row: how
/// many times as fast, turn against the first row's turn of the same round.
pub fn part(
    out: &mut dyn Write,
    head: &str,
    unit: &str,
    show: fn(f64) -> f64,
    mut rows: Vec<Row>,
    progress: &Progress,
) -> anyhow::Result<()> {
    let taken = Turns::take::<std::convert::Infallible>(rows.len(), ROUNDS, |r| {
        let time = (rows[r].1)();
        progress.step();
        Ok(time)
    });
    let Ok(turns) = taken;
    writeln!(out)?;
    writeln!(out, "  {head:<40} {unit:>14} {:>14}", "times as fast")?;
    for (r, (name, _)) in rows.iter().enumerate() {
        let (best, fast) = (turns.best(r), turns.ratio(0, r));
        writeln!(out, "    {name:<38} {:>14.3} {:>14.2}", show(best), fast)?;
    }
    Ok(())
}

/// The two lines above a clock of pairs: how the pairs were timed and what their columns give.
pub fn paired_heading(out: &mut dyn Write) -> std::io::Result<()> {
    writeln!(
        out,
        "timed here, {ROUNDS} rounds of turns per pair, each turn a run founded afresh:"
    )?;
    writeln!(out, "the best turn, and the middle of the paired ratios to the pair's first row")
}

/// A row that times the phase of a run founded afresh each turn: `scene`'s crowd and rows under
/// `design` on `settings`, over `ticks` ticks; a turn gives the phase's seconds per tick. The
/// caller founds the scene once first, so that a turn cannot fail to found its own.
pub fn phase_row(
    name: &str,
    (crowd, rows): (usize, usize),
    ticks: u32,
    design: Design,
    settings: Settings,
) -> Row<'static> {
    let turn = move || {
        let mut w = found(crowd, rows, design, settings).expect("founded before the turns");
        timed(&mut w, ticks, &Progress::none()).phase_ms(ticks) / 1e3
    };
    (name.to_string(), Box::new(turn))
}

/// Seconds as milliseconds, the unit most parts show.
pub fn ms(secs: f64) -> f64 {
    secs * 1e3
}

/// Repeats `work` until a turn has lasted [`TURN`]; the time of one, in seconds.
pub fn turn(mut work: impl FnMut()) -> f64 {
    let (start, mut n) = (Instant::now(), 0u32);
    while start.elapsed() < TURN || n == 0 {
        work();
        n += 1;
    }
    start.elapsed().as_secs_f64() / f64::from(n)
}

/// A row for each named world: each is first run `ticks` ticks to warm up, then a turn of it is
/// `ticks` more, timed, and gives the phase's seconds per tick.
pub fn phases(worlds: Vec<(String, World)>, ticks: u32) -> Vec<Row<'static>> {
    let row = |(name, mut w): (String, World)| -> Row<'static> {
        run_for(&mut w, ticks, &Progress::none());
        let turn = move || timed(&mut w, ticks, &Progress::none()).phase_ms(ticks) / 1e3;
        (name, Box::new(turn))
    };
    worlds.into_iter().map(row).collect()
}
