//! What every chapter binary does around its experiments: parse the flags, check every path it
//! was asked to write, run, and turn any failure into one line on stderr and an exit code,
//! never a panic.
//!
//! The same entry point serves the real binary and the book check, which calls a chapter
//! in-process with its own output buffer instead of stdout.

use std::ffi::OsString;
use std::io::{self, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use clap::Parser;
use clap::error::ErrorKind;

use super::files::Asked;

/// Why a run ended early.
#[derive(Debug)]
pub enum Failure {
    /// The command line was wrong (exit code 2): the message says what and where to look.
    Usage(String),
    /// The command line was fine but the run could not finish (exit code 1).
    Run(String),
}

impl Failure {
    /// The line a reader sees on stderr, after the binary's name.
    pub fn message(&self) -> &str {
        match self {
            Failure::Usage(m) | Failure::Run(m) => m,
        }
    }

    /// The exit code a binary ends with.
    pub fn code(&self) -> u8 {
        match self {
            Failure::Usage(_) => 2,
            Failure::Run(_) => 1,
        }
    }
}

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

/// A parsed command line that can say which files its run will write besides the report, so
/// that every path is checked before the work starts and a picture is written even when the
/// reader stops reading the report early.
pub trait Writes {
    /// Every file and folder the run will write, as its flags name them.
    fn writes(&self) -> Vec<Asked>;
}

/// Parses `args` (program name first) as `C` and runs it, writing the report to `out`.
/// `--help` is a success whose text goes to `out`, like any other report.
pub fn invoke<C: Parser + Writes>(
    args: impl IntoIterator<Item = impl Into<OsString> + Clone>,
    out: &mut dyn Write,
    run: impl FnOnce(C, &mut dyn Write) -> anyhow::Result<()>,
) -> Result<(), Failure> {
    match parse::<C>(args, out)? {
        Some(cli) => start(cli, out, run),
        None => Ok(()),
    }
}

/// The command line, or `None` when it asked for help (which is then written to `out`).
fn parse<C: Parser>(
    args: impl IntoIterator<Item = impl Into<OsString> + Clone>,
    out: &mut dyn Write,
) -> Result<Option<C>, Failure> {
    let args: Vec<OsString> = args.into_iter().map(Into::into).collect();
    if let Some(why) = flag_as_value(&C::command(), &args) {
        return Err(Failure::Usage(why));
    }
    match C::try_parse_from(&args) {
        Ok(cli) => once::<C>(&args).map(|()| Some(cli)),
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
            Err(Failure::Usage(dashed_value(&C::command(), &args).unwrap_or_else(|| one_line(&e))))
        }
    }
}

/// Whether a word of `args` (after the program's name) is several short flags run together,
/// as `-Vh`: with `-V` among them, something beside it that clap did not look at.
fn clustered(args: &[OsString]) -> bool {
    args.iter()
        .skip(1)
        .filter_map(|a| a.to_str())
        .any(|a| a.strip_prefix('-').is_some_and(|f| !f.starts_with('-') && f.chars().count() > 1))
}

/// Each flag and the value given after it on `args`, where the flag is one of those of `cmd`
/// (or of its subcommands) that `pick` chooses: the pairs the two readings below look at.
fn flag_and_value<'a>(
    cmd: &clap::Command,
    args: &'a [OsString],
    pick: fn(&clap::Arg) -> bool,
) -> Vec<(&'a str, &'a str)> {
    fn chosen(cmd: &clap::Command, pick: fn(&clap::Arg) -> bool, into: &mut Vec<clap::Arg>) {
        into.extend(cmd.get_arguments().filter(|a| pick(a)).cloned());
        cmd.get_subcommands().for_each(|s| chosen(s, pick, into));
    }
    let mut flags = Vec::new();
    chosen(cmd, pick, &mut flags);
    let is = |flag: &str| {
        let short = flag.strip_prefix('-').filter(|s| s.len() == 1).and_then(|s| s.chars().next());
        flags.iter().any(|a| {
            a.get_long().is_some_and(|l| flag.strip_prefix("--") == Some(l))
                || short.is_some() && a.get_short() == short
        })
    };
    let words: Vec<&str> = args.iter().skip(1).map_while(|a| a.to_str()).collect();
    words.windows(2).filter(|pair| is(pair[0])).map(|pair| (pair[0], pair[1])).collect()
}

/// A value that starts with a dash given to a flag that does not take one so (`--picture
/// -x.svg`, `--isa -1`): clap reads the value as a flag of its own and names that, where the
/// reader needs the flag it was meant for and the way to give it.
fn dashed_value(cmd: &clap::Command, args: &[OsString]) -> Option<String> {
    fn known(cmd: &clap::Command, word: &str) -> bool {
        let name = word.split('=').next().unwrap_or(word);
        let own = cmd.get_arguments().any(|a| {
            a.get_long().is_some_and(|l| name == format!("--{l}"))
                || a.get_short().is_some_and(|c| name == format!("-{c}"))
        });
        own || name == "--help" || name == "-h" || cmd.get_subcommands().any(|s| known(s, word))
    }
    let valued = |a: &clap::Arg| {
        a.get_action().takes_values() && !a.is_allow_hyphen_values_set() && !a.is_positional()
    };
    let (flag, value) = flag_and_value(cmd, args, valued)
        .into_iter()
        .find(|(_, value)| value.starts_with('-') && value.len() > 1 && !known(cmd, value))?;
    Some(format!(
        "{flag} was given '{value}', which starts with '-' and so reads as a flag: write \
         {flag}={value} to give it as the value (try --help)"
    ))
}

/// A number flag given another flag as its value (`-n --ticks 1`). The number flags take values
/// that start with a dash, so that `-5` reaches their parser and is refused as a number; so clap
/// would hand them the next flag too, and then complain about the number after it.
fn flag_as_value(cmd: &clap::Command, args: &[OsString]) -> Option<String> {
    let (flag, value) = flag_and_value(cmd, args, clap::Arg::is_allow_hyphen_values_set)
        .into_iter()
        .find(|(_, value)| {
            value.starts_with('-')
                && value.trim_start_matches('-').starts_with(|c: char| c.is_ascii_alphabetic())
        })?;
    Some(format!(
        "{flag} was given '{value}', a flag, where its value was due: give {flag} its value \
         before the next flag (try --help)"
    ))
}

/// The refusal of a command line with no subcommand where one is needed: the usage, and the
/// subcommands to choose from.
fn subcommands<C: clap::CommandFactory>() -> String {
    let mut cmd = C::command();
    let names: Vec<String> = cmd.get_subcommands().map(|s| s.get_name().to_string()).collect();
    let usage = cmd.render_usage().to_string();
    let usage = usage.trim().trim_start_matches("Usage:").trim();
    format!("give a subcommand, one of {} (usage: {usage}; try --help)", names.join(", "))
}

/// Refuses a flag that every subcommand shares (a global one, such as `--isa`) given more than
/// once, before and after the subcommand: clap would quietly keep the last.
fn once<C: clap::CommandFactory>(args: &[OsString]) -> Result<(), Failure> {
    let cmd = C::command();
    for long in cmd.get_arguments().filter(|a| a.is_global_set()).filter_map(|a| a.get_long()) {
        let flag = format!("--{long}");
        let given = args
            .iter()
            .skip(1)
            .take_while(|a| *a != "--")
            .filter_map(|a| a.to_str())
            .filter(|a| *a == flag || a.starts_with(&format!("{flag}=")))
            .count();
        if given > 1 {
            return Err(Failure::Usage(format!(
                "{flag} is given {given} times: give it once, before or after the subcommand"
            )));
        }
    }
    Ok(())
}

/// Which argument of `args` (program name first) is not UTF-8 text, as a reader finds it: its
/// place on the line, and the flag it is the value of when it follows one. `None` when every
/// argument is text.
pub fn not_text(args: &[OsString]) -> Option<String> {
    let at = args.iter().skip(1).position(|a| a.to_str().is_none())? + 1;
    let before = args[at - 1].to_str().filter(|b| at > 1 && b.starts_with('-'));
    let own = args[at].as_encoded_bytes().split(|&b| b == b'=').next().map(String::from_utf8_lossy);
    Some(match (before, own) {
        (_, Some(flag))
            if flag.starts_with("--") && args[at].as_encoded_bytes().contains(&b'=') =>
        {
            format!("argument {at}, the value of {flag}, is not UTF-8 text")
        }
        (Some(flag), _) => format!("argument {at}, the value of {flag}, is not UTF-8 text"),
        _ => format!("argument {at} is not UTF-8 text"),
    })
}

/// Writes `line` to stderr. An error that cannot be shown (stderr closed, or its reader gone)
/// is no reason to panic: the run still ends with its own exit code.
pub fn say(line: impl std::fmt::Display) {
    let _ = writeln!(io::stderr(), "{line}");
}

/// Checks every path the run will write, then runs it.
fn start<C: Writes>(
    cli: C,
    out: &mut dyn Write,
    run: impl FnOnce(C, &mut dyn Write) -> anyhow::Result<()>,
) -> Result<(), Failure> {
    let asked = cli.writes();
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
        match e.downcast_ref::<clap::Error>() {
            // A pair of flags only the run could check, such as two values that do not go together.
            Some(usage) => Failure::Usage(one_line(usage)),
            // Any "wrote" line the report gave was for a file still under its scratch name.
            None if writes_files => {
                Failure::Run(format!("{e:#}; none of the files asked for was changed"))
            }
            None => Failure::Run(format!("{e:#}")),
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

/// A whole number in `lo..=hi`, for a clap `value_parser`: the message names the unit and the
/// range, so `--ticks abc` and `--ticks 99999999999` both say what would have been accepted.
/// Every whole-number flag of every chapter goes through here, so one rule holds for all: plain
/// digits only, no sign, no spaces.
pub fn whole(s: &str, unit: &str, lo: u64, hi: u64) -> Result<u64, String> {
    let n: u64 = s
        .parse()
        .ok()
        .filter(|_| s.bytes().all(|b| b.is_ascii_digit()))
        .ok_or_else(|| format!("'{s}' is not a whole number of {unit}"))?;
    if (lo..=hi).contains(&n) {
        Ok(n)
    } else {
        Err(format!("{n} {unit} is out of range: give {lo} to {hi}"))
    }
}

/// The name of a file a flag writes as SVG, for a clap `value_parser`. The name must say what
/// the file holds: a chart saved under `held.png` would be SVG text that a picture viewer, told
/// by the name to expect a PNG, refuses to open.
pub fn svg(s: &str) -> Result<PathBuf, String> {
    named(s, "svg", "SVG")
}

/// The name of a file a flag writes as PNG, by the same rule as [`svg`].
pub fn png(s: &str) -> Result<PathBuf, String> {
    named(s, "png", "PNG")
}

fn named(s: &str, ext: &str, what: &str) -> Result<PathBuf, String> {
    // A path read as a file name drops a trailing slash, which the write would not: refused
    // here, before the work, rather than after it with "Not a directory".
    if s.ends_with(std::path::MAIN_SEPARATOR) || s.ends_with('/') {
        return Err(format!("'{s}' ends in a slash, so it names a folder: give a file name"));
    }
    let path = PathBuf::from(s);
    match path.extension() {
        Some(e) if e.eq_ignore_ascii_case(ext) => Ok(path),
        _ => Err(format!("the file will be {what}, so its name must end in .{ext}")),
    }
}

/// A seed: any whole number from 0 up, by the same rule as every other whole-number flag.
pub fn seed(s: &str) -> Result<u64, String> {
    s.parse()
        .ok()
        .filter(|_| s.bytes().all(|b| b.is_ascii_digit()))
        .ok_or_else(|| format!("'{s}' is not a seed: give a whole number from 0 to {}", u64::MAX))
}

/// Clap explains a bad flag over several lines. The first says what is wrong; what follows it,
/// before the usage, is the part worth keeping: the missing flag's name, the allowed values, or
/// a tip such as "a similar argument exists". All of it is folded into one line.
fn one_line(e: &clap::Error) -> String {
    let text = e.render().to_string();
    let mut lines = text
        .lines()
        .take_while(|l| !l.starts_with("Usage:") && !l.starts_with("For more information"))
        .map(str::trim)
        .filter(|l| !l.is_empty());
    let first = lines.next().unwrap_or("bad command line").trim_start_matches("error: ");
    let far = far_fetched(e);
    let rest: Vec<&str> = lines
        .map(|l| l.trim_start_matches('[').trim_end_matches(']'))
        .filter(|l| !(far && l.starts_with("tip: a similar")))
        .collect();
    match (first.ends_with(':'), rest.is_empty()) {
        (_, true) => format!("{first} (try --help)"),
        (true, false) => format!("{first} {} (try --help)", rest.join(", ")),
        (false, false) => format!("{first} ({})", rest.join("; ")),
    }
}

/// Whether clap's "a similar argument exists" names a flag too far from the one typed to be the
/// one the reader meant. Clap suggests any flag alike enough by its own measure, so `--strips`
/// (a switch a challenge asks for) drew `--ticks`; a tip is kept only when a slip of a key or
/// two turns the one typed into it.
fn far_fetched(e: &clap::Error) -> bool {
    use clap::error::{ContextKind, ContextValue};
    let text = |kind| match e.get(kind) {
        Some(ContextValue::String(s)) => Some(s.clone()),
        Some(ContextValue::Strings(v)) => v.first().cloned(),
        _ => None,
    };
    let (Some(typed), Some(tip)) = (text(ContextKind::InvalidArg), text(ContextKind::SuggestedArg))
    else {
        return false;
    };
    let bare =
        |s: &str| s.split('=').next().unwrap_or_default().trim_start_matches('-').to_string();
    let (typed, tip) = (bare(&typed), bare(&tip));
    let slips = if typed.chars().count().min(tip.chars().count()) >= 5 { 2 } else { 1 };
    slips_between(&typed, &tip) > slips
}

/// The keys a typist slips between two words: a letter added, dropped, changed, or two side
/// by side swapped, each one slip (the optimal string alignment distance).
fn slips_between(a: &str, b: &str) -> usize {
    let (a, b): (Vec<char>, Vec<char>) = (a.chars().collect(), b.chars().collect());
    let mut d = vec![vec![0; b.len() + 1]; a.len() + 1];
    for (i, row) in d.iter_mut().enumerate() {
        row[0] = i;
    }
    for (j, cell) in d[0].iter_mut().enumerate() {
        *cell = j;
    }
    for i in 1..=a.len() {
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            let mut best = (d[i - 1][j] + 1).min(d[i][j - 1] + 1).min(d[i - 1][j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                best = best.min(d[i - 2][j - 2] + 1);
            }
            d[i][j] = best;
        }
    }
    d[a.len()][b.len()]
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

/// The report's way to stdout in a real binary. A reader may stop reading early (`| head`,
/// `| true`): a run that writes no files then stops at its next line, but a run asked for a
/// picture goes on to the end with the rest of its report dropped, because what was asked for is
/// written whatever happens to stdout. Lines go out whole, with any progress bar moved aside.
struct Report<W: Write> {
    inner: W,
    line: Vec<u8>,
    /// Whether to go on after stdout fails.
    keep_going: bool,
    /// The first error stdout gave; nothing more is sent after it.
    failed: Option<io::Error>,
}

impl<W: Write> Report<W> {
    fn send(&mut self, upto: usize) -> io::Result<()> {
        if self.failed.is_none() {
            let line = &self.line[..upto];
            let inner = &mut self.inner;
            if let Err(e) = super::progress::around(|| inner.write_all(line).and(inner.flush())) {
                self.failed = Some(e);
            }
        }
        self.line.drain(..upto);
        match &self.failed {
            Some(e) if !self.keep_going => Err(io::Error::new(e.kind(), e.to_string())),
            _ => Ok(()),
        }
    }
}

impl<W: Write> Write for Report<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.line.extend_from_slice(buf);
        if let Some(end) = self.line.iter().rposition(|&b| b == b'\n') {
            self.send(end + 1)?;
        }
        Ok(buf.len())
    }

    /// Sends what is left of the report, and says whether any of it was lost: a stdout that
    /// failed is an error here even for a run that went on past it, unless its reader only
    /// stopped reading.
    fn flush(&mut self) -> io::Result<()> {
        self.send(self.line.len())?;
        match &self.failed {
            Some(e) if e.kind() != io::ErrorKind::BrokenPipe => {
                Err(io::Error::new(e.kind(), e.to_string()))
            }
            _ => Ok(()),
        }
    }
}

/// How a run ends, given what stdout did. A reader who stopped reading is no failure: a run
/// with files to write went on to write them, and one without stopped at the closed pipe. Any
/// other failure of stdout is one, after the files are written.
fn ending(
    result: Result<(), Failure>,
    stdout: Option<&io::Error>,
    kept_going: bool,
) -> Result<(), Failure> {
    let closed = stdout.is_some_and(|e| e.kind() == io::ErrorKind::BrokenPipe);
    match (result, stdout) {
        (Err(Failure::Run(_)), Some(_)) if closed && !kept_going => Ok(()),
        (Ok(()) | Err(Failure::Run(_)), Some(e)) if !closed && !kept_going => {
            Err(Failure::Run(format!("writing the report to stdout failed: {e}")))
        }
        (Ok(()), Some(e)) if !closed => {
            Err(Failure::Run(format!("writing the report to stdout failed: {e}")))
        }
        (r, _) => r,
    }
}

/// Refuses a file flag naming the file the report goes to (`held --picture out.svg > out.svg`):
/// the picture would replace the report, or the report the picture.
fn not_stdout(asked: &[super::files::Asked]) -> Result<(), Failure> {
    use super::files::Asked;
    for a in asked {
        let (flag, paths) = match a {
            Asked::File(flag, p) => (flag, vec![p.clone()]),
            Asked::Folder(flag, p, names) => (flag, names.iter().map(|n| p.join(n)).collect()),
        };
        if let Some(p) = paths.iter().find(|p| super::files::is_stdout(p)) {
            return Err(Failure::Usage(format!(
                "{flag} {}: that is the file the report on stdout goes to: give the flag \
                 another path, or send the report elsewhere",
                super::files::shown(&p.to_string_lossy())
            )));
        }
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
        Some(cli) => {
            out.keep_going = !cli.writes().is_empty();
            not_stdout(&cli.writes())?;
            start(cli, &mut out, run)
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
        #[arg(long, value_parser = seed, allow_hyphen_values = true)]
        seed: Option<u64>,
    }

    #[test]
    fn a_file_is_named_for_what_it_holds() {
        assert_eq!(svg("out/chart.svg"), Ok(PathBuf::from("out/chart.svg")));
        assert_eq!(svg("CHART.SVG"), Ok(PathBuf::from("CHART.SVG")));
        assert_eq!(png("frame.png"), Ok(PathBuf::from("frame.png")));
        for wrong in ["chart.png", "chart", "svg", "chart.svg.txt", ""] {
            assert!(svg(wrong).unwrap_err().ends_with("must end in .svg"), "{wrong}");
        }
        assert!(png("frame.svg").unwrap_err().contains("the file will be PNG"));
        assert!(png("/tmp/x.png/").unwrap_err().contains("ends in a slash"));
        assert!(svg("out/chart.svg/").unwrap_err().contains("names a folder"));
    }

    #[derive(clap::ValueEnum, Clone, Copy, Debug)]
    enum Pace {
        Slow,
        Fast,
    }

    impl Writes for Demo {
        fn writes(&self) -> Vec<Asked> {
            Vec::new()
        }
    }

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
    fn slips_are_counted_a_key_at_a_time() {
        assert_eq!(slips_between("tick", "ticks"), 1);
        assert_eq!(slips_between("tikcs", "ticks"), 1);
        assert_eq!(slips_between("strips", "ticks"), 4);
        assert_eq!(slips_between("", "seed"), 4);
        assert_eq!(slips_between("seed", "seed"), 0);
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
    fn every_whole_number_is_plain_digits() {
        assert_eq!(whole("3", "ticks", 1, 5), Ok(3));
        for bad in [" 3", "3 ", "+3", "-3", "3.0", "", "abc"] {
            assert!(whole(bad, "ticks", 1, 5).unwrap_err().contains("not a whole number"), "{bad}");
            assert!(seed(bad).is_err(), "{bad}");
        }
        assert!(whole("9", "ticks", 1, 5).unwrap_err().contains("give 1 to 5"));
        assert_eq!(seed("18446744073709551615"), Ok(u64::MAX));
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

    /// Stdout that closes after `room` bytes, as a pipe into `head -c` would.
    struct Closes {
        room: usize,
        got: Vec<u8>,
    }

    impl Write for Closes {
        fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
            if self.got.len() + buf.len() > self.room {
                return Err(io::ErrorKind::BrokenPipe.into());
            }
            self.got.extend_from_slice(buf);
            Ok(buf.len())
        }
        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }

    #[test]
    fn a_closed_pipe_is_no_failure_but_a_failed_picture_still_is() {
        let pipe = io::Error::from(io::ErrorKind::BrokenPipe);
        let full = io::Error::from(io::ErrorKind::StorageFull);
        let failed = || Err(Failure::Run("cannot write p.png".into()));
        assert!(ending(failed(), Some(&pipe), false).is_ok(), "stopped at the pipe");
        assert!(ending(failed(), Some(&pipe), true).is_err(), "the picture failed");
        assert!(ending(Ok(()), Some(&pipe), true).is_ok());
        assert!(ending(Ok(()), Some(&full), true).is_err(), "the report was lost");
        assert!(ending(failed(), Some(&full), false).is_err());
        assert!(ending(Ok(()), None, false).is_ok());
    }

    #[test]
    fn a_closed_stdout_stops_a_run_unless_it_has_files_to_write() {
        for keep_going in [false, true] {
            let mut r = Report {
                inner: Closes { room: 7, got: Vec::new() },
                line: Vec::new(),
                keep_going,
                failed: None,
            };
            let mut lines = 0;
            let ended = (0..5).try_for_each(|i| {
                lines += 1;
                writeln!(r, "line {i}")
            });
            assert_eq!(ended.is_ok(), keep_going);
            assert_eq!(lines, if keep_going { 5 } else { 2 });
            assert_eq!(r.inner.got, b"line 0\n", "nothing is sent after the pipe closed");
            assert_eq!(r.failed.as_ref().map(io::Error::kind), Some(io::ErrorKind::BrokenPipe));
        }
    }
}
