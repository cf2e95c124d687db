//! What every chapter binary does around its experiments: parse the flags, run, and turn any
//! failure into one line on stderr and an exit code, never a panic.
//!
//! The same entry point serves the real binary and the book check, which calls a chapter
//! in-process with its own output buffer instead of stdout.

use std::ffi::OsString;
use std::io::Write;
use std::process::ExitCode;

use clap::Parser;
use clap::error::ErrorKind;

/// Why a run ended early.
#[derive(Debug)]
pub enum Failure {
    /// The command line was wrong (exit code 2): the message says what and where to look.
    Usage(String),
    /// The command line was fine but the run could not finish (exit code 1).
    Run(String),
}

impl Failure {
    pub fn message(&self) -> &str {
        match self {
            Failure::Usage(m) | Failure::Run(m) => m,
        }
    }
}

/// Parses `args` (program name first) as `C` and runs it, writing the report to `out`.
/// `--help` is a success whose text goes to `out`, like any other report.
pub fn invoke<C: Parser>(
    args: impl IntoIterator<Item = impl Into<OsString> + Clone>,
    out: &mut dyn Write,
    run: impl FnOnce(C, &mut dyn Write) -> anyhow::Result<()>,
) -> Result<(), Failure> {
    let cli = match C::try_parse_from(args) {
        Ok(cli) => cli,
        Err(e) if matches!(e.kind(), ErrorKind::DisplayHelp | ErrorKind::DisplayVersion) => {
            return write!(out, "{e}").map_err(|e| Failure::Run(e.to_string()));
        }
        Err(e) => return Err(Failure::Usage(one_line(&e))),
    };
    run(cli, out).map_err(|e| Failure::Run(format!("{e:#}")))
}

/// "yes", or a shouted "NO", so one disagreement stands out in a column of agreement.
pub fn yes(b: bool) -> &'static str {
    if b { "yes" } else { "NO" }
}

/// A whole number in `lo..=hi`, for a clap `value_parser`: the message names the unit and the
/// range, so `--ticks abc` and `--ticks 99999999999` both say what would have been accepted.
pub fn whole(s: &str, unit: &str, lo: u64, hi: u64) -> Result<u64, String> {
    let n: u64 = s.trim().parse().map_err(|_| format!("'{s}' is not a whole number of {unit}"))?;
    if (lo..=hi).contains(&n) {
        Ok(n)
    } else {
        Err(format!("{n} {unit} is out of range: give {lo} to {hi}"))
    }
}

/// Clap explains a bad flag over several lines; the first says what is wrong, and the hint to
/// ask for `--help` is the rest worth keeping.
fn one_line(e: &clap::Error) -> String {
    let text = e.render().to_string();
    let first = text.lines().next().unwrap_or("bad command line").trim_start_matches("error: ");
    format!("{first} (try --help)")
}

/// Runs each of `sections` (a subcommand line, split at spaces) in turn, under a heading that
/// names the command, so that the bare binary reads as the whole chapter.
pub fn in_order<C: Parser>(
    name: &str,
    sections: &[&str],
    out: &mut dyn Write,
    run: impl Fn(C, &mut dyn Write) -> anyhow::Result<()>,
) -> anyhow::Result<()> {
    for (i, line) in sections.iter().enumerate() {
        if i > 0 {
            writeln!(out)?;
        }
        writeln!(out, "== {name} {line}")?;
        let args = std::iter::once(name).chain(line.split_whitespace());
        let cli = C::try_parse_from(args).map_err(|e| anyhow::anyhow!("{}", one_line(&e)))?;
        run(cli, out)?;
    }
    Ok(())
}

/// The whole of a chapter binary's `main`.
pub fn main<C: Parser>(
    name: &str,
    run: impl FnOnce(C, &mut dyn Write) -> anyhow::Result<()>,
) -> ExitCode {
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    let result = invoke::<C>(std::env::args_os(), &mut out, run);
    let _ = out.flush();
    match result {
        Ok(()) => ExitCode::SUCCESS,
        // A reader piping into `head` has all they asked for: stop quietly.
        Err(Failure::Run(m)) if m.contains("Broken pipe") => ExitCode::SUCCESS,
        Err(f) => {
            eprintln!("{name}: {}", f.message());
            ExitCode::from(match f {
                Failure::Usage(_) => 2,
                Failure::Run(_) => 1,
            })
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Parser, Debug)]
    struct Demo {
        #[arg(long, value_parser = clap::value_parser!(u32).range(1..=10))]
        ticks: u32,
    }

    fn go(args: &[&str]) -> (Result<(), Failure>, String) {
        let mut out = Vec::new();
        let r = invoke::<Demo>(args.iter().copied(), &mut out, |d, o| {
            writeln!(o, "{}", d.ticks)?;
            anyhow::ensure!(d.ticks != 7, "seven is unlucky");
            Ok(())
        });
        (r, String::from_utf8(out).unwrap())
    }

    #[test]
    fn usage_errors_are_one_line() {
        for bad in [&["demo", "--ticks", "abc"][..], &["demo", "--ticks", "11"], &["demo"]] {
            match go(bad).0 {
                Err(Failure::Usage(m)) => {
                    assert!(!m.contains('\n') && m.ends_with("(try --help)"), "{m}")
                }
                other => panic!("{bad:?} gave {other:?}"),
            }
        }
    }

    #[test]
    fn run_errors_are_run_failures_and_help_is_output() {
        assert!(
            matches!(go(&["demo", "--ticks", "7"]).0, Err(Failure::Run(m)) if m == "seven is unlucky")
        );
        let (r, out) = go(&["demo", "--help"]);
        assert!(r.is_ok() && out.contains("--ticks"));
        assert_eq!(go(&["demo", "--ticks", "3"]).1, "3\n");
    }
}
