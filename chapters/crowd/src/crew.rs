//! The same run with the fans cast wide on 1, 2, 4, 8 and 16 threads, against the run cast
//! narrow in roster order: the digest of each, and whether it is the same run.

use std::io::Write;

use world::beast::Design;
use world::beast::roster::Cast;

use crate::town::{COLS, HERD, ROWS, found, run_for};

pub const CREWS: [usize; 5] = [1, 2, 4, 8, 16];

pub fn run(out: &mut dyn Write, ticks: u32, loose: bool, clock: bool) -> anyhow::Result<()> {
    let mut narrow = found(HERD, ROWS, Design::NOW, Cast::Narrow)?;
    run_for(&mut narrow, ticks);
    let want = narrow.digest();
    writeln!(
        out,
        "{COLS}x{ROWS} valley, {HERD} creatures, {ticks} ticks, {} struck off",
        narrow.roster.counts.struck
    )?;
    writeln!(out, "  cast narrow, each fan at its creature's turn: {want}")?;
    if loose {
        writeln!(out, "  below, the fans are cast first and never cast again after a death")?;
    } else {
        writeln!(out, "  below, the fans are cast first and cast again near a death")?;
    }
    writeln!(out)?;
    writeln!(
        out,
        "  {:>5}  {:>16}  {:>12}  {:>10}",
        "crew", "digest", "the same run", "cast again"
    )?;
    let mut times = Vec::new();
    for crew in CREWS {
        let mut w = found(HERD, ROWS, Design::NOW, Cast::Wide { crew, loose, kept: true })?;
        let c = crate::spend::timed(&mut w, ticks);
        let kept = c.phase.as_secs_f64() * 1e3 / f64::from(ticks);
        let got = w.digest();
        let same = if got == want { "yes" } else { "NO" };
        writeln!(out, "  {crew:>5}  {got:>16}  {same:>12}  {:>10}", w.roster.counts.recast)?;
        if clock {
            // The same crew on threads made afresh every phase, for the comparison.
            let mut w = found(HERD, ROWS, Design::NOW, Cast::Wide { crew, loose, kept: false })?;
            let c = crate::spend::timed(&mut w, ticks);
            let scoped = c.phase.as_secs_f64() * 1e3 / f64::from(ticks);
            anyhow::ensure!(w.digest() == got, "threads made per phase gave another run");
            times.push((crew, kept, scoped));
        }
    }
    if clock {
        writeln!(out)?;
        writeln!(out, "  the phase, timed here, ms a tick:")?;
        writeln!(out, "  {:>5}  {:>12}  {:>14}", "crew", "kept threads", "made per phase")?;
        for (crew, kept, scoped) in times {
            writeln!(out, "  {crew:>5}  {kept:>12.3}  {scoped:>14.3}")?;
        }
    }
    Ok(())
}
