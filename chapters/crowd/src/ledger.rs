//! The allocation ledger: heap allocations made inside the creature phase, per tick, as each of
//! the four changes goes in, and then with the fans cast wide on kept threads; or, for the split,
//! cast narrow against cast wide on threads made every phase and on threads kept.

use std::io::Write;

use world::beast::ledger;
use world::beast::{Design, Settings, World};
use world::shell::design::Staged;
use world::shell::progress::Progress;
use world::shell::switches::with;

use crate::scene::{CROWD, ROWS, found};

/// The first round's designs, each row with one more of its four changes than the row above,
/// and what they are called. The first row is the phase as first wired; the rest cast each fan
/// in its creature's turn, as that round did, and have the rest of the phase as it now stands,
/// which allocates nothing the first round did not.
pub fn rows() -> [(&'static str, Design); 5] {
    let first = Design {
        maps: true,
        fresh: true,
        twice: true,
        wordy: true,
        narrow: true,
        ..Design::default()
    };
    let flat = Design { maps: false, ..first };
    let kept = Design { fresh: false, ..flat };
    let one = Design { twice: false, ..kept };
    let yes = Design { wordy: false, ..one };
    [
        ("as first wired", Design::was()),
        ("the view in flat rows, not maps", flat),
        ("one view refilled, not a new one each tick", kept),
        ("one view for the minds too, not two", one),
        ("the picker asks yes or no", yes),
    ]
}

/// The split's designs: the phase as the first round left it, casting each fan in the walk,
/// then cast wide on two threads made for every phase, then on two kept for the whole run.
pub fn split_rows() -> anyhow::Result<[(&'static str, Design, usize); 3]> {
    let staged = |flags: &[&str]| with::<Staged>(flags).map(|Staged(d)| d);
    Ok([
        ("cast narrow, as the first round left it", staged(&["--as-of", "first"])?, 1),
        ("cast wide on 2 threads made each phase", staged(&["--as-of", "split", "--scoped"])?, 2),
        ("cast wide on 2 kept threads", staged(&["--as-of", "split"])?, 2),
    ])
}

/// Runs `w` for `ticks`, counting allocations inside the phase only. Returns the count over
/// the whole run and over the closing half, which is the steady state.
pub fn counted(w: &mut World, ticks: u32) -> (u64, u64, u32) {
    let (mut all, mut late) = (0, 0);
    let from = ticks / 2;
    for t in 0..ticks {
        let n = w.tick_counted();
        all += n;
        if t >= from {
            late += n;
        }
    }
    (all, late, ticks - from)
}

/// Every row on its own crew, with the lanes on the instructions of `settings`: the first
/// round's rows, or with `split` the split's.
pub fn run(out: &mut dyn Write, ticks: u32, split: bool, settings: Settings) -> anyhow::Result<()> {
    anyhow::ensure!(
        ledger::installed(),
        "this binary does not install world::beast::ledger::Counting as its global allocator, so \
         there is nothing to count"
    );
    let span = world::shell::cli::count(ticks, "tick", "ticks");
    writeln!(out, "heap allocations inside the creature phase, {CROWD} creatures, {span}")?;
    writeln!(out)?;
    writeln!(
        out,
        "  {:<44} {:>9} {:>9} {:>11}  digest",
        "design of the phase", "per tick", "per head", "late ticks"
    )?;
    let designs: Vec<(&str, Design, usize)> = if split {
        split_rows()?.to_vec()
    } else {
        let mut first: Vec<_> = rows().into_iter().map(|(name, d)| (name, d, 1)).collect();
        first.push(("and the fans cast wide on 2 kept threads", Design::default(), 2));
        first
    };
    let progress = Progress::new("ledger", designs.len() as u64);
    for (name, design, crew) in designs {
        progress.say(name.to_string());
        let mut w = found(CROWD, ROWS, design, settings.with_crew(crew))?;
        let (all, late, late_ticks) = counted(&mut w, ticks);
        let per_tick = all as f64 / f64::from(ticks);
        let each = per_tick / w.roster.live.len().max(1) as f64;
        let late = late as f64 / f64::from(late_ticks);
        writeln!(out, "  {name:<44} {per_tick:>9.1} {each:>9.3} {late:>11.1}  {}", w.digest())?;
        progress.step();
    }
    writeln!(out)?;
    writeln!(
        out,
        "  per tick: the mean over every tick; per head: that over the creatures alive at the end;"
    )?;
    writeln!(out, "  late ticks: the mean over the closing half of the run")?;
    Ok(())
}

/// The allocation ledger: heap allocations per tick of the creature phase, for the phase
/// as first wired and after each of the first round's four changes, and with the fans
/// cast wide.
#[derive(clap::Args, Debug)]
pub struct Args {
    #[command(flatten)]
    pub run: crate::flags::Ticks<120>,
    /// The split's rows instead: the phase as the first round left it, then the fans cast
    /// wide on 2 threads made for every phase, and on 2 threads kept for the whole run.
    #[arg(long)]
    pub split: bool,
}

impl crate::run::Run for Args {
    fn run(&self, out: &mut dyn Write, settings: Settings) -> anyhow::Result<()> {
        run(out, self.run.ticks, self.split, settings)
    }
}
