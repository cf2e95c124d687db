//! What every chapter binary does around its experiments: parse the flags, check every path it
//! was asked to write, run, and turn any failure into one line on stderr and an exit code,
//! never a panic.
//!
//! The same entry point serves the real binary and the book check, which calls a chapter
//! in-process with its own output buffer instead of stdout.

use std::ffi::OsString;
use std::io::{self, Write};
use std::process::ExitCode;

use clap::Parser;
use clap::error::ErrorKind;

pub use super::failure::Failure;
use super::file_flags::{Asked, asked};
use super::one_line::one_line;
use super::report::{Report, ending, not_stdout};
pub use super::usage::not_text;
use super::usage::{clustered, dashed_value, flag_as_value, once, subcommands};
pub use super::whole::{OutOfRange, SEED, Whole};

/// Input that was wrong from the start, though only the run could tell: a film longer than a
/// film may be, a radius the query cannot answer, a crowd the valley cannot hold. A run returns
/// it (through `anyhow`) to end as a usage error, exit code 2, with its message naming the flag
/// or the pair of flags to change and to what.
#[derive(Debug)]
pub struct Refused(pub String);

impl std::fmt::Display for Refused {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Refused {}

/// The most resident memory a run of chapters 1 and 2 may take, in megabytes; chapter 3 sets its
/// own, for its larger crowds.
pub const MOST_MB: i64 = 300;

/// What every chapter binary promises, for the end of its `--help`, with the most memory, in
/// megabytes, that its runs take.
pub fn promises(most_mb: i64) -> String {
    format!(
        "A run that lasts more than a second shows a progress bar on stderr when stderr is a \
         terminal, and nowhere else. Every file a run is asked for is checked before the work \
         starts and written whole, even if the reader of the report stops early. Each flag's help \
         gives its limits; within them a run stays under {most_mb} MB of memory."
    )
}

/// What a parsed command line says about the files its run writes that its file flags alone
/// cannot say ([`super::file_flags`] reads the flags off clap's matches): every path is checked
/// before the work starts, and a picture is written even when the reader stops reading the
/// report. Every file a run writes is named by a flag with the file parser, so what is left to
/// say is what goes into a folder.
pub trait Writes {
    /// The names of the files the run writes into each folder a folder flag names.
    fn in_folder(&self) -> Vec<String> {
        Vec::new()
    }
}

/// A parsed command line and every file and folder its run will write.
struct Parsed<C> {
    cli: C,
    asked: Vec<Asked>,
}

/// Parses `args` (program name first) as `C` and runs it, writing the report to `out`.
/// `--help` is a success whose text goes to `out`, like any other report.
pub fn invoke<C: Parser + Writes>(
    args: impl IntoIterator<Item = impl Into<OsString> + Clone>,
    out: &mut dyn Write,
    run: impl FnOnce(C, &mut dyn Write) -> anyhow::Result<()>,
) -> Result<(), Failure> {
    match parse::<C>(args, out)? {
        Some(parsed) => start(parsed, out, run),
        None => Ok(()),
    }
}

/// The command line, or `None` when it asked for help (which is then written to `out`).
fn parse<C: Parser + Writes>(
    args: impl IntoIterator<Item = impl Into<OsString> + Clone>,
    out: &mut dyn Write,
) -> Result<Option<Parsed<C>>, Failure> {
    let args: Vec<OsString> = args.into_iter().map(Into::into).collect();
    if let Some(why) = flag_as_value(&C::command(), &args) {
        return Err(Failure::Usage(why));
    }
    match read::<C>(&args) {
        Ok(parsed) => once::<C>(&args).map(|()| Some(parsed)),
        Err(e) if e.kind() == ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
            Err(Failure::Usage(subcommands::<C>()))
        }
        // `-V` prints the version and stops there, so anything given with it was not looked at.
        Err(e) if e.kind() == ErrorKind::DisplayVersion && (args.len() > 2 || clustered(&args)) => {
            Err(Failure::Usage(
                "--version takes nothing beside it: give it alone (try --help)".into(),
            ))
        }
        Err(e) if matches!(e.kind(), ErrorKind::DisplayHelp | ErrorKind::DisplayVersion) => {
            write!(out, "{e}").map_err(|e| Failure::Run(e.to_string()))?;
            Ok(None)
        }
        Err(e) if e.kind() == ErrorKind::InvalidUtf8 => Err(Failure::Usage(
            not_text(&args).unwrap_or_else(|| "an argument is not UTF-8 text".into())
                + ": give it as UTF-8 text (try --help)",
        )),
        Err(e) => {
            Err(Failure::Usage(dashed_value(&C::command(), &args).unwrap_or_else(|| one_line(e))))
        }
    }
}

/// `C` from `args` as `Parser::try_parse_from` makes it, with the files its run will write read
/// off the same matches before the derive takes its values out of them.
fn read<C: Parser + Writes>(args: &[OsString]) -> Result<Parsed<C>, clap::Error> {
    let mut cmd = C::command();
    let mut m = cmd.clone().try_get_matches_from(args)?;
    let files = asked(&cmd, &m, &[]);
    let cli = C::from_arg_matches_mut(&mut m).map_err(|e| e.format(&mut cmd))?;
    let names = cli.in_folder();
    let asked: Vec<Asked> = files
        .into_iter()
        .map(|a| match a {
            Asked::Folder(flag, p, _) => Asked::Folder(flag, p, names.clone()),
            file => file,
        })
        .collect();
    Ok(Parsed { cli, asked })
}

/// Writes `line` to stderr. An error that cannot be shown (stderr closed, or its reader gone)
/// is no reason to panic: the run still ends with its own exit code.
pub fn say(line: impl std::fmt::Display) {
    let _ = writeln!(io::stderr(), "{line}");
}

/// Checks every path the run will write, then runs it.
fn start<C>(
    Parsed { cli, asked }: Parsed<C>,
    out: &mut dyn Write,
    run: impl FnOnce(C, &mut dyn Write) -> anyhow::Result<()>,
) -> Result<(), Failure> {
    let writes_files = !asked.is_empty();
    if let Some((a, b)) = super::files::same(&asked) {
        return Err(Failure::Usage(format!(
            "{a} and {b} name the same place, so one would overwrite the other: give them \
             different paths"
        )));
    }
    for asked in asked {
        asked.ready().map_err(|e| Failure::Usage(e.to_string()))?;
    }
    // Every file waits under its scratch name until the run has succeeded, its report
    // included: a report stdout lost (a full disk, not a reader who stopped) fails the run, and
    // then no file is changed.
    super::files::staged(|| {
        run(cli, out)?;
        out.flush().map_err(|e| anyhow::anyhow!("writing the report to stdout failed: {e}"))
    })
    .map_err(|e| {
        if let Some(r) = e.downcast_ref::<Refused>() {
            return Failure::Usage(r.0.clone());
        }
        match e.downcast::<clap::Error>() {
            // A pair of flags only the run could check, such as two values that do not go together.
            Ok(usage) => Failure::Usage(one_line(usage)),
            // Any "wrote" line the report gave was for a file still under its scratch name.
            Err(e) if writes_files => {
                Failure::Run(format!("{e:#}; none of the files asked for was changed"))
            }
            Err(e) => Failure::Run(format!("{e:#}")),
        }
    })
}

/// "yes", or a shouted "NO", so one disagreement stands out in a column of agreement.
pub fn yes(b: bool) -> &'static str {
    if b { "yes" } else { "NO" }
}

/// `n` and the noun, singular for one: "1 walker", "2 walkers".
pub fn count(n: impl Into<u64>, one: &str, many: &str) -> String {
    let n = n.into();
    format!("{n} {}", if n == 1 { one } else { many })
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
        let cli = C::try_parse_from(args).map_err(|e| anyhow::anyhow!("{}", one_line(e)))?;
        run(cli, out)?;
    }
    Ok(())
}

/// The whole of a chapter binary's `main`.
pub fn main<C: Parser + Writes>(
    name: &str,
    run: impl FnOnce(C, &mut dyn Write) -> anyhow::Result<()>,
) -> ExitCode {
    super::memory::settle();
    super::files::clean_on_signals();
    super::progress::allow();
    let mut out =
        Report { inner: io::stdout().lock(), line: Vec::new(), keep_going: false, failed: None };
    let result = parse::<C>(std::env::args_os(), &mut out).and_then(|cli| match cli {
        Some(parsed) => {
            out.keep_going = !parsed.asked.is_empty();
            not_stdout(&parsed.asked)?;
            start(parsed, &mut out, run)
        }
        None => Ok(()),
    });
    let _ = out.flush();
    let result = ending(result, out.failed.as_ref(), out.keep_going);
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(f) => {
            say(format_args!("{name}: {}", f.message()));
            ExitCode::from(f.code())
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
        #[arg(long, value_enum)]
        pace: Option<Pace>,
        #[arg(long, value_parser = SEED, allow_hyphen_values = true)]
        seed: Option<u64>,
    }

    #[derive(clap::ValueEnum, Clone, Copy, Debug)]
    enum Pace {
        Slow,
        Fast,
    }

    impl Writes for Demo {}

    fn go(args: &[&str]) -> (Result<(), Failure>, String) {
        let mut out = Vec::new();
        let r = invoke::<Demo>(args.iter().copied(), &mut out, |d, o| {
            writeln!(o, "{}", d.ticks)?;
            anyhow::ensure!(d.ticks != 7, "seven is unlucky");
            if d.ticks == 8 {
                return Err(Refused("--ticks 8 is refused: give 1 to 7".into()).into());
            }
            Ok(())
        });
        (r, String::from_utf8(out).unwrap())
    }

    fn usage(args: &[&str]) -> String {
        match go(args).0 {
            Err(Failure::Usage(m)) => {
                assert!(!m.contains('\n'), "{args:?}: {m}");
                m
            }
            other => panic!("{args:?} gave {other:?}"),
        }
    }

    #[test]
    fn usage_errors_are_one_line() {
        for bad in [&["demo", "--ticks", "abc"][..], &["demo", "--ticks", "11"], &["demo"]] {
            assert!(usage(bad).ends_with("(try --help)"), "{bad:?}");
        }
    }

    #[test]
    fn the_one_line_keeps_what_clap_would_have_said_after_the_first() {
        let missing = usage(&["demo"]);
        assert!(missing.contains("were not provided: --ticks <TICKS>"), "{missing}");
        let typo = usage(&["demo", "--tick", "3"]);
        assert!(typo.contains("similar argument exists: '--ticks'"), "{typo}");
        let swapped = usage(&["demo", "--tikcs", "3"]);
        assert!(swapped.contains("similar argument exists: '--ticks'"), "{swapped}");
        // A flag the reader has still to write (challenge 2.6's) is not some other flag.
        let far = usage(&["demo", "--ticks", "3", "--strips"]);
        assert_eq!(far, "unexpected argument '--strips' found (try --help)");
        let values = usage(&["demo", "--ticks", "3", "--pace", "bogus"]);
        assert!(values.contains("possible values: slow, fast"), "{values}");
        let sign = usage(&["demo", "--ticks", "3", "--seed", "-1"]);
        assert!(sign.contains("'--seed <SEED>'") && sign.contains("not a seed"), "{sign}");
    }

    #[test]
    fn one_is_singular() {
        assert_eq!(count(1u32, "walker", "walkers"), "1 walker");
        assert_eq!(count(0u32, "walker", "walkers"), "0 walkers");
        assert_eq!(count(2u64, "creature", "creatures"), "2 creatures");
    }

    #[test]
    fn run_errors_are_run_failures_and_help_is_output() {
        assert!(
            matches!(go(&["demo", "--ticks", "7"]).0, Err(Failure::Run(m)) if m == "seven is unlucky")
        );
        assert!(
            matches!(go(&["demo", "--ticks", "8"]).0, Err(Failure::Usage(m)) if m.contains("--ticks 8"))
        );
        let (r, out) = go(&["demo", "--help"]);
        assert!(r.is_ok() && out.contains("--ticks"));
        assert_eq!(go(&["demo", "--ticks", "3"]).1, "3\n");
    }
}
