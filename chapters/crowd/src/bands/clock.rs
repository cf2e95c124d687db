//! The fifth round on the clock: at the chapter's crowd and at ten times it, two threads
//! walking by bands against one thread, against two threads walking in roster order, and
//! against two threads walking by levels, each pair's rows taking turns.

use std::io::Write;

use world::beast::{Design, Settings};
use world::shell::progress::Progress;

use crate::levels::valley::TIMES;
use crate::scene::{CROWD, ROWS, found};
use crate::turns::{ROUNDS, ms, paired_heading, part, phase_row};

/// The ticks of a turn, for each valley of [`TIMES`]: the ticks the crew tables run.
const TICKS: [u32; 2] = [120, 30];

/// The pairs each valley is timed in: the row set against the walk by bands on crew 2.
const PAIRS: usize = 3;

pub fn run(out: &mut dyn Write, settings: Settings) -> anyhow::Result<()> {
    let progress = Progress::new("bands --clock", (ROUNDS * 2 * PAIRS * TIMES.len()) as u64);
    paired_heading(out)?;
    let serial = Design { serial: true, ..Design::default() };
    let levels = Design { levels: true, ..Design::default() };
    let by_bands = Design::default();
    for (k, ticks) in TIMES.into_iter().zip(TICKS) {
        let (rows, crowd) = (ROWS * k, CROWD * k);
        progress.say(format!("{crowd} creatures"));
        // Founded once here, so that a turn cannot fail to found its own.
        found(crowd, rows, serial, settings)?;
        let row = |name: &str, design: Design, crew: usize| {
            phase_row(name, (crowd, rows), ticks, design, settings.with_crew(crew))
        };
        let head = format!("{crowd} creatures, {ticks} ticks per turn");
        let pairs = [
            (head.as_str(), "ms per tick", ("crew 1, in roster order", by_bands, 1)),
            ("", "", ("crew 2, in roster order", serial, 2)),
            ("", "", ("crew 2, by levels", levels, 2)),
        ];
        for (head, unit, (name, design, crew)) in pairs {
            let pair = vec![row(name, design, crew), row("crew 2, by bands", by_bands, 2)];
            part(out, head, unit, ms, pair, &progress)?;
        }
    }
    Ok(())
}
