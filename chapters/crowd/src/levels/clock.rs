//! The fourth round on the clock: at the chapter's crowd and at ten times it, two threads
//! walking by levels against one thread, and against two threads walking in roster order, each
//! pair's rows taking turns.

use std::io::Write;

use world::beast::{Design, Settings};
use world::shell::progress::Progress;

use super::valley::TIMES;
use crate::scene::{CROWD, ROWS, found};
use crate::turns::{ROUNDS, ms, paired_heading, part, phase_row};

/// The ticks of a turn, for each valley of [`TIMES`]: the ticks the crew tables run.
const TICKS: [u32; 2] = [120, 30];

pub fn run(out: &mut dyn Write, settings: Settings) -> anyhow::Result<()> {
    let progress = Progress::new("levels --clock", (ROUNDS * 2 * 2 * TIMES.len()) as u64);
    paired_heading(out)?;
    let serial = Design { serial: true, ..Design::default() };
    for (k, ticks) in TIMES.into_iter().zip(TICKS) {
        let (rows, crowd) = (ROWS * k, CROWD * k);
        progress.say(format!("{crowd} creatures"));
        // Founded once here, so that a turn cannot fail to found its own.
        found(crowd, rows, serial, settings)?;
        let row = |name: &str, design: Design, crew: usize| {
            phase_row(name, (crowd, rows), ticks, design, settings.with_crew(crew))
        };
        let by_levels = Design { levels: true, ..Design::default() };
        let pair = vec![
            row("crew 1, in roster order", by_levels, 1),
            row("crew 2, by levels", by_levels, 2),
        ];
        let head = format!("{crowd} creatures, {ticks} ticks per turn");
        part(out, &head, "ms per tick", ms, pair, &progress)?;
        let pair =
            vec![row("crew 2, in roster order", serial, 2), row("crew 2, by levels", by_levels, 2)];
        part(out, "", "", ms, pair, &progress)?;
    }
    Ok(())
}
