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

/// The part of the table `--as-of` and `--only` ask for. Every run casts its fans on the crew
/// of `settings`, which the table's first line names when `--crew` asked for it.
pub fn run(out: &mut dyn Write, args: &Args, settings: Settings) -> anyhow::Result<()> {
    let (ticks, clock) = (args.run.ticks, args.clock);
    if let (Some(as_of), Some(only)) = (args.as_of, args.only)
        && only > as_of
    {
        let (only, as_of) = (only.name(), as_of.name());
        let msg = format!(
            "the argument '--only {only}' cannot be used with '--as-of {as_of}', which has \
                 its switches on already: give --only {as_of} or an earlier stage"
        );
        return Err(world::shell::one_line::conflict(msg).into());
    }
    let spend = if ticks == 120 { "spend".to_string() } else { format!("spend --ticks {ticks}") };
    let mut about =
        format!("{spend}: {ticks} ticks of the {COLS}x{ROWS} valley with {CROWD} creatures");
    if args.crew.is_some() {
        about.push_str(&format!(", the fans cast on {} thread(s)", settings.crew));
    }
    let slice = Slice {
        base: args.as_of.map(|s| vec!["--as-of".into(), s.name().into()]).unwrap_or_default(),
        base_is: args.as_of.map(Stage::left_it).unwrap_or_default(),
        only: args.only,
    };
    let table = Table { package: "crowd", run: &spend, about: &about, unit: "ms per tick" };
    report_slice::<Staged>(out, &table, &slice, clock, |Staged(design)| {
        let mut w = found(CROWD, ROWS, design, settings)?;
        let time = timed(&mut w, ticks, &Progress::none()).phase_ms(ticks);
        Ok(Run { digest: w.digest(), time })
    })
}

/// Every switch of the phase's design: what it puts back, and whether it moves the digest
/// of `spend`, found by running spend once with no switch and once with each.
#[derive(clap::Args, Debug)]
pub struct Args {
    #[command(flatten)]
    pub run: crate::flags::Ticks<120>,
    /// Also time each run's phase, and set it against the design as it stands: these
    /// columns differ on every machine.
    #[arg(long)]
    pub clock: bool,
    /// Threads the fans are cast on in every run: 1 to 256 (default: the machine's
    /// cores); 1 sets the designs side by side on one thread.
    #[arg(long, value_parser = crate::flags::CREW, allow_hyphen_values = true)]
    pub crew: Option<usize>,
    /// Set every row against the phase as this stage left it (see spend --as-of), not the
    /// design as it stands: the stage's own switches and the earlier stages' are left to
    /// turn on.
    #[arg(long, value_name = "STAGE", value_enum)]
    pub as_of: Option<Stage>,
    /// Only the rows of this stage's switches, with neither their puts-back column nor the
    /// diff commands. With --as-of, no stage after that one, whose switches it has on.
    #[arg(long, value_name = "STAGE", value_enum)]
    pub only: Option<Stage>,
}

impl crate::run::Run for Args {
    fn run(&self, out: &mut dyn Write, settings: Settings) -> anyhow::Result<()> {
        run(out, self, settings)
    }
}
