//! Every switch of the phase's design, run: `spend`'s run once with no switch and once with
//! each, what each switch puts back, and whether it moves the digest.

use std::io::Write;

use world::beast::{Design, Settings};
use world::shell::progress::Progress;
use world::shell::switches::{Run, Table, report};

use crate::scene::{COLS, CROWD, ROWS, found};
use crate::timed::timed;

/// Every run casts its fans on the crew of `settings`, which the table's first line names when
/// `--crew` asked for it (`crew_asked`).
pub fn run(
    out: &mut dyn Write,
    ticks: u32,
    clock: bool,
    settings: Settings,
    crew_asked: bool,
) -> anyhow::Result<()> {
    let spend = if ticks == 120 { "spend".to_string() } else { format!("spend --ticks {ticks}") };
    let mut about =
        format!("{spend}: {ticks} ticks of the {COLS}x{ROWS} valley with {CROWD} creatures");
    if crew_asked {
        about.push_str(&format!(", the fans cast on {} thread(s)", settings.crew));
    }
    let table = Table { package: "crowd", run: &spend, about: &about, unit: "ms a tick" };
    report::<Design>(out, &table, clock, |design| {
        let mut w = found(CROWD, ROWS, design, settings)?;
        let time = timed(&mut w, ticks, &Progress::none()).phase_ms(ticks);
        Ok(Run { digest: w.digest(), time })
    })
}
