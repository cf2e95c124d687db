//! Every switch of the phase's design, run: `spend`'s run once with no switch and once with
//! each, what each switch puts back, and whether it moves the digest. A slice of it sets one
//! stage's switches against the phase as a stage left it.

use std::io::Write;

use world::beast::Settings;
use world::beast::design::Stage;
use world::shell::design::Staged;
use world::shell::designs::{Run, Slice, Table, report_slice};
use world::shell::progress::Progress;

use crate::scene::{COLS, CROWD, ROWS, found};
use crate::timed::timed;

/// Which part of the table to run: the base the rows are set against, and whose rows.
pub struct Part {
    /// `--as-of`: the rows are set against the phase as this stage left it.
    pub as_of: Option<Stage>,
    /// `--only`: this stage's rows alone.
    pub only: Option<Stage>,
}

/// Every run casts its fans on the crew of `settings`, which the table's first line names when
/// `--crew` asked for it (`crew_asked`).
pub fn run(
    out: &mut dyn Write,
    ticks: u32,
    clock: bool,
    settings: Settings,
    crew_asked: bool,
    part: Part,
) -> anyhow::Result<()> {
    if let (Some(as_of), Some(only)) = (part.as_of, part.only)
        && only > as_of
    {
        let (only, as_of) = (only.name(), as_of.name());
        let msg = format!(
            "the argument '--only {only}' cannot be used with '--as-of {as_of}', which has \
                 its switches on already: give --only {as_of} or an earlier stage"
        );
        return Err(clap::Error::raw(clap::error::ErrorKind::ArgumentConflict, msg).into());
    }
    let spend = if ticks == 120 { "spend".to_string() } else { format!("spend --ticks {ticks}") };
    let mut about =
        format!("{spend}: {ticks} ticks of the {COLS}x{ROWS} valley with {CROWD} creatures");
    if crew_asked {
        about.push_str(&format!(", the fans cast on {} thread(s)", settings.crew));
    }
    let slice = Slice {
        base: part.as_of.map(|s| vec!["--as-of".into(), s.name().into()]).unwrap_or_default(),
        base_is: part.as_of.map(Stage::left_it).unwrap_or_default(),
        only: part.only,
    };
    let table = Table { package: "crowd", run: &spend, about: &about, unit: "ms per tick" };
    report_slice::<Staged>(out, &table, &slice, clock, |Staged(design)| {
        let mut w = found(CROWD, ROWS, design, settings)?;
        let time = timed(&mut w, ticks, &Progress::none()).phase_ms(ticks);
        Ok(Run { digest: w.digest(), time })
    })
}
