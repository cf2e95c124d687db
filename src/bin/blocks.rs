//! `blocks verify | bless | measure [ONLY]`: the command behind `just verify`, `just bless`
//! and `just measure`.

use std::io::Write;
use std::process::ExitCode;

use theworld::blocks::{Mode, check};
use theworld::commands::blocks::{Cli, Job};
use world::shell::cli::Refused;

fn run(cli: Cli, _out: &mut dyn Write) -> anyhow::Result<()> {
    let (mode, only) = match cli.mode {
        Job::Figures { check, only } => return figures(!check, only.as_deref()),
        Job::Verify { only } => (Mode::Verify, only),
        Job::Bless { only } => (Mode::Bless, only),
        Job::Measure { busy_ok, only } => (Mode::Measure { busy_ok }, only),
    };
    let here = std::env::current_dir()?;
    let root = theworld::repo::find(&here).map_err(anyhow::Error::msg)?;
    std::env::set_current_dir(&root)?;
    let started = std::time::Instant::now();
    // An empty filter is no filter: `just bless` passes one when it is given none. One of
    // spaces alone would match every command while seeming to choose.
    if only.as_deref().is_some_and(|o| !o.is_empty() && o.trim().is_empty()) {
        return Err(Refused(
            "ONLY is only spaces: give part of a page's name or of a command, \
                            or nothing for every block"
                .into(),
        )
        .into());
    }
    let only = only.filter(|o| !o.is_empty());
    let report = check(&root, mode, only.as_deref());
    if let Some(why) = report.refused {
        return Err(Refused(why).into());
    }
    for p in &report.problems {
        world::shell::cli::say(format_args!("{p}"));
    }
    for page in &report.rewritten {
        world::shell::cli::say(format_args!(
            "rewrote {}",
            world::shell::files::shown(&page.strip_prefix(&root).unwrap_or(page).to_string_lossy())
        ));
    }
    if !report.problems.is_empty() && mode != Mode::Verify {
        world::shell::cli::say(
            "nothing written: a run with a problem changes no page and no picture",
        );
    }
    let plural = |n: usize, one: &str, many: &str| world::shell::cli::count(n as u64, one, many);
    world::shell::cli::say(format_args!(
        "{} run in {:.1} s in {}, {}",
        plural(report.ran, "command", "commands"),
        started.elapsed().as_secs_f64(),
        root.display(),
        plural(report.problems.len(), "problem", "problems"),
    ));
    anyhow::ensure!(
        report.problems.is_empty(),
        "{}",
        plural(report.problems.len(), "problem", "problems")
    );
    Ok(())
}

/// `blocks figures`: only the figures, fast enough to run after every edit of the prose.
fn figures(write: bool, only: Option<&str>) -> anyhow::Result<()> {
    let here = std::env::current_dir()?;
    let root = theworld::repo::find(&here).map_err(anyhow::Error::msg)?;
    let only = only.filter(|o| !o.is_empty());
    if let Some(o) = only {
        let names = theworld::blocks::pages(&root);
        if !names.iter().any(|p| p.strip_prefix(&root).unwrap_or(p).to_string_lossy().contains(o)) {
            return Err(Refused(format!(
                "no page's name matches {}: give part of a page's name, or nothing for every page",
                world::shell::files::shown(&format!("`{o}`"))
            ))
            .into());
        }
    }
    let mut report = theworld::blocks::Report::default();
    theworld::blocks::figures(&root, write, only, &mut report);
    for p in &report.problems {
        world::shell::cli::say(format_args!("{p}"));
    }
    for page in &report.rewritten {
        let page = page.strip_prefix(&root).unwrap_or(page);
        world::shell::cli::say(format_args!(
            "rewrote {}",
            world::shell::files::shown(&page.to_string_lossy())
        ));
    }
    if write && !report.problems.is_empty() {
        world::shell::cli::say("nothing written: a run with a problem changes no page");
    }
    if report.problems.is_empty() && report.rewritten.is_empty() {
        // Silence would read as a run that did nothing, or did not finish.
        let picked = theworld::blocks::pages(&root)
            .iter()
            .filter(|p| only.is_none_or(|o| p.to_string_lossy().contains(o)))
            .count();
        let pages = world::shell::cli::count(picked as u64, "page", "pages");
        world::shell::cli::say(format_args!(
            "figures: every figure of {pages} agrees with its block; {}",
            if write { "nothing rewritten" } else { "nothing to mend" }
        ));
    }
    let n = report.problems.len();
    anyhow::ensure!(n == 0, "{}", world::shell::cli::count(n as u64, "problem", "problems"));
    Ok(())
}

fn main() -> ExitCode {
    world::shell::cli::main("blocks", run)
}
