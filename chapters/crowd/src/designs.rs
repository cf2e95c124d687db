//! Every switch of the phase's design, run: `spend`'s run once with no switch and once with
//! each, what each switch puts back, and whether it moves the digest.

use std::io::Write;

use world::beast::Design;
use world::designs::{Run, Table, report};
use world::progress::Progress;

use crate::town::{COLS, CROWD, ROWS, found, timed};

/// `crew`: the threads every run casts its fans on, or None for the machine's cores.
pub fn run(
    out: &mut dyn Write,
    ticks: u32,
    clock: bool,
    crew: Option<usize>,
) -> anyhow::Result<()> {
    let spend = if ticks == 120 { "spend".to_string() } else { format!("spend --ticks {ticks}") };
    let mut about =
        format!("{spend}: {ticks} ticks of the {COLS}x{ROWS} valley with {CROWD} creatures");
    if let Some(n) = crew {
        about.push_str(&format!(", the fans cast on {n} thread(s)"));
    }
    let crew = crew.unwrap_or_else(crate::cores);
    let table = Table { package: "crowd", run: &spend, about: &about, unit: "ms a tick" };
    report::<Design>(out, &table, clock, |design| {
        let mut w = found(CROWD, ROWS, design, crew)?;
        let time = timed(&mut w, ticks, &Progress::none()).phase_ms(ticks);
        Ok(Run { digest: w.digest(), time })
    })
}
