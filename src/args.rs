//! The command lines of the course's own commands, `challenge`, `hint` and `pdf`: parsed by
//! clap through the library's [`world::shell::cli::invoke`], so that a bad argument is one line on
//! stderr and exit 2 there as in every chapter, and `--help` is printed and done.

use std::io::Write;
use std::process::ExitCode;

use clap::Parser;
use world::shell::cli::{Failure, Writes, invoke, say};

/// The parsed command line, or `None` once `--help` has been printed, or the exit code after
/// the one line that says what was wrong: a bad argument, or a file it names that cannot be
/// written, both of them input to correct, so exit 2. `give` finishes the sentence for an argument that is
/// not UTF-8 text: what the command takes.
pub fn parse<C: Parser + Writes>(name: &str, give: &str) -> Result<Option<C>, ExitCode> {
    let args: Vec<std::ffi::OsString> = std::env::args_os().collect();
    if let Some(which) = world::shell::cli::not_text(&args) {
        say(format_args!("{name}: {which}: {give}"));
        return Err(ExitCode::from(2));
    }
    let mut asked = None;
    let mut help = Help { out: std::io::stdout(), failed: None };
    let parsed = invoke::<C>(args, &mut help, |cli, _| {
        asked = Some(cli);
        Ok(())
    });
    if let Some(e) = help.failed {
        say(format_args!("{name}: writing the help to stdout failed: {e}"));
        return Err(ExitCode::from(1));
    }
    match parsed {
        Ok(()) => Ok(asked),
        Err(Failure::Usage(why) | Failure::Run(why)) => {
            say(format_args!("{name}: {why}"));
            Err(ExitCode::from(2))
        }
    }
}

/// Stdout for `--help`. A reader may stop reading early (`| head`), which is not an error; a
/// stdout that fails otherwise (a full disk) is kept, so the run ends on exit 1 for it rather
/// than on exit 2, as if the command line were wrong.
struct Help {
    out: std::io::Stdout,
    failed: Option<std::io::Error>,
}

impl Help {
    fn keep(&mut self, r: std::io::Result<()>) {
        match r {
            Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => {
                self.failed.get_or_insert(e);
            }
            _ => {}
        }
    }
}

impl Write for Help {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        let r = self.out.write_all(buf);
        self.keep(r);
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        let r = self.out.flush();
        self.keep(r);
        Ok(())
    }
}

/// Runs a course command's report on stdout, as every chapter runs its own: a reader who stops
/// reading (`| head`, `| true`) ends the run quietly and with success, and any other failure of
/// stdout (a full disk) is one line on stderr and exit 1, never a panic. `report` hands back the
/// exit code the run chose once its report is written whole.
pub fn report(
    name: &str,
    report: impl FnOnce(&mut dyn Write) -> std::io::Result<ExitCode>,
) -> ExitCode {
    let mut out = std::io::stdout().lock();
    match report(&mut out).and_then(|code| out.flush().map(|()| code)) {
        Ok(code) => code,
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            say(format_args!("{name}: writing the report to stdout failed: {e}"));
            ExitCode::from(1)
        }
    }
}
