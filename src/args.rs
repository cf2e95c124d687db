//! The command lines of the course's own commands, `challenge`, `hint` and `pdf`: parsed by
//! clap through the library's [`world::shell::cli::invoke`], so that a bad argument is one line on
//! stderr and exit 2 there as in every chapter, and `--help` is printed and done.

use std::io::Write;
use std::process::ExitCode;

use clap::Parser;
use world::shell::cli::{Failure, Writes, invoke, say};
use world::shell::files::Asked;

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
    let mut help = Help(std::io::stdout());
    match invoke::<C>(args, &mut help, |cli, _| {
        asked = Some(cli);
        Ok(())
    }) {
        Ok(()) => Ok(asked),
        Err(Failure::Usage(why) | Failure::Run(why)) => {
            say(format_args!("{name}: {why}"));
            Err(ExitCode::from(2))
        }
    }
}

/// Stdout for `--help`, which a reader may stop reading early (`| head`): that is not an error.
struct Help(std::io::Stdout);

impl Write for Help {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        match self.0.write(buf) {
            Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(buf.len()),
            other => other,
        }
    }

    fn flush(&mut self) -> std::io::Result<()> {
        match self.0.flush() {
            Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(()),
            other => other,
        }
    }
}

/// What `challenge` and `hint` write besides their report, for [`Writes`]: nothing.
pub fn writes_nothing() -> Vec<Asked> {
    Vec::new()
}
