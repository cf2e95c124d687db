//! `hint N.M [K]`: the command behind `just hint 2.5` and `just hint 2.5 2`.
//!
//! Prints one hint of a challenge, read from the file the chapter's page shows it from
//! (`book/hints/N.M.md`), so the terminal and the page always give the same words.

use std::process::ExitCode;

use theworld::commands::hint::Cli;
use theworld::hints;

fn main() -> ExitCode {
    let cli = match theworld::args::parse::<Cli>(
        "hint",
        "give a challenge such as 2.5, and a hint number",
    ) {
        Ok(Some(cli)) => cli,
        Ok(None) => return ExitCode::SUCCESS,
        Err(code) => return code,
    };
    let root = match std::env::current_dir()
        .map_err(|e| e.to_string())
        .and_then(|here| theworld::repo::find(&here))
    {
        Ok(root) => root,
        Err(e) => {
            world::shell::cli::say(format_args!("hint: {e}"));
            return ExitCode::from(1);
        }
    };
    let c = cli.id;
    let all = match hints::read(&root, c.id) {
        Ok(all) => all,
        Err(e) => {
            world::shell::cli::say(format_args!("hint: {e}"));
            return ExitCode::from(1);
        }
    };
    let n = all.len();
    let k = cli.k.unwrap_or(1);
    let Some(hint) = all.get(k - 1) else {
        world::shell::cli::say(format_args!(
            "hint: challenge {} has {n} hints: give K from 1 to {n}",
            c.id
        ));
        return ExitCode::from(2);
    };
    theworld::args::report("hint", |out| {
        writeln!(out, "challenge {} {}, hint {k} of {n}:", c.id, c.title)?;
        writeln!(out)?;
        writeln!(out, "{hint}")?;
        writeln!(out)?;
        match (k < n, c.check.is_some()) {
            (true, _) => {
                writeln!(out, "{} more; `just hint {} {}` gives the next.", n - k, c.id, k + 1)?
            }
            (false, true) => {
                writeln!(out, "That was the last; `just challenge {}` says where you stand.", c.id)?
            }
            (false, false) => writeln!(out, "That was the last; this one is answered on paper.")?,
        }
        Ok(ExitCode::SUCCESS)
    })
}
