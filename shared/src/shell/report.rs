//! The report's way to stdout in a real binary, and how a run ends given what stdout did: a
//! reader who stops reading early is no failure, a full disk is, and a file asked for is
//! written whatever became of the report.

use std::io::{self, Write};

use super::failure::Failure;
use super::file_flags::Asked;

/// The report's way to stdout in a real binary. A reader may stop reading early (`| head`,
/// `| true`): a run that writes no files then stops at its next line, but a run asked for a
/// picture goes on to the end with the rest of its report dropped, because what was asked for is
/// written whatever happens to stdout. Lines go out whole, with any progress bar moved aside.
pub(super) struct Report<W: Write> {
    pub(super) inner: W,
    pub(super) line: Vec<u8>,
    /// Whether to go on after stdout fails.
    pub(super) keep_going: bool,
    /// The first error stdout gave; nothing more is sent after it.
    pub(super) failed: Option<io::Error>,
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
pub(super) fn ending(
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
pub(super) fn not_stdout(asked: &[Asked]) -> Result<(), Failure> {
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

#[cfg(test)]
mod tests {
    use super::*;

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
