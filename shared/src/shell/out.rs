//! A file a run could not write, said in one line: the error, how a path is shown in it, and
//! the scratch name a file's bytes go to before they are renamed over it. Kept apart from
//! `files`, which writes, so the checks before the work (`ready`) and the staging of several
//! files (`staged`) can name them without depending on the writer that depends on them.

use std::path::{Path, PathBuf};

/// A file that could not be written, with the path and the reason, ready to print.
#[derive(Debug)]
pub struct OutError {
    /// The path as the run was given it.
    pub path: String,
    /// What the file system said.
    pub why: String,
    /// The flag that named the path, when the check before the work knows it.
    pub flag: Option<&'static str>,
}

impl std::fmt::Display for OutError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let path = shown(&self.path);
        match self.flag {
            Some(flag) => write!(
                f,
                "{flag} {path}: cannot write there: {} (give {flag} a path in a folder that is \
                 there and writable)",
                self.why
            ),
            None => {
                write!(f, "cannot write {path}: {} (is the folder there and writable?)", self.why)
            }
        }
    }
}

/// A path as an error line shows it: as given, or quoted with its control characters escaped
/// (as Rust's `{:?}` writes them) when it holds any, so a newline in a name cannot break the
/// one line an error has.
pub fn shown(path: &str) -> String {
    if path.chars().any(char::is_control) { format!("{path:?}") } else { path.to_string() }
}

impl std::error::Error for OutError {}

pub(super) fn fail(path: &Path, why: impl std::fmt::Display) -> OutError {
    OutError { path: path.display().to_string(), why: why.to_string(), flag: None }
}

/// The scratch name `path`'s bytes are written to first: hidden, in the same folder (so the
/// rename cannot cross a file system), short, and marked with the process id and a count so
/// that neither two runs nor two files of one run share one.
pub(super) fn scratch(path: &Path) -> PathBuf {
    static MADE: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
    let n = MADE.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    // Short whatever the name: a file name of 250 bytes, near the file system's 255, still has
    // room for a scratch name beside it.
    path.with_file_name(format!(".partial.{}.{n}", std::process::id()))
}
