//! Files a run was asked to write: pictures, charts, profiles.
//!
//! Two rules hold for every one of them. A path is checked before the work starts, so a typo
//! costs a second and not a long run. And a file appears whole or not at all: the bytes go to a
//! scratch name in the same folder and are renamed over the path only once all of them are
//! written, so a run that fails half way never leaves an empty or cut-off file behind, nor
//! empties one that was there before. A run that writes several files goes one step further
//! ([`staged`]): every file waits under its scratch name until the run has succeeded, so a run
//! that fails changes none of them.
//!
//! The book check needs a third thing: to see what a command would write without writing it.
//! [`capture`] runs a closure with every write on its thread kept in memory instead.

use std::cell::RefCell;
use std::io::Write;
use std::path::{Path, PathBuf};

pub use super::file_flags::Asked;
use super::places::redirected;
pub use super::places::{WRITE_UNDER, place_of, same, under, written_under};
use super::ready::a_file;
pub use super::ready::{is_stdout, ready, ready_folder};
use super::staged::{STAGED, gone, making, place, remove};
pub use super::staged::{Tree, clean_on_signals, staged};

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

/// Makes the folder `dir` and its parents, for the files a run is about to write into it.
pub fn folder(dir: &Path) -> Result<(), OutError> {
    if capturing() || redirected(dir).is_some() {
        return Ok(());
    }
    // The parts of `dir` not there yet, deepest first: a run that fails, or is stopped by a
    // signal, takes away again those it made and left empty.
    let new: Vec<PathBuf> = dir
        .ancestors()
        .take_while(|a| !a.as_os_str().is_empty() && !a.exists())
        .map(Path::to_path_buf)
        .collect();
    let shallow_first: Vec<&Path> = new.iter().rev().map(PathBuf::as_path).collect();
    let done = making(&shallow_first, || std::fs::create_dir_all(dir)).map_err(|e| fail(dir, e));
    if done.is_err() {
        for d in &new {
            let _ = std::fs::remove_dir(d);
            gone(d);
        }
    } else if STAGED.with_borrow(Option::is_none) {
        new.iter().for_each(|d| gone(d));
    }
    done
}

/// Writes `bytes` to `path` whole, or leaves `path` as it was and says why.
pub fn write(path: &Path, bytes: &[u8]) -> Result<(), OutError> {
    a_file(path)?;
    let caught = CAUGHT.with_borrow_mut(|c| {
        c.as_mut().map(|files| files.push((path.to_path_buf(), bytes.to_vec()))).is_some()
    });
    if caught {
        return Ok(());
    }
    if let Some(at) = redirected(path) {
        return std::fs::create_dir_all(at.parent().unwrap_or(&at))
            .and_then(|()| std::fs::write(&at, bytes))
            .map_err(|e| fail(path, e));
    }
    let tmp = scratch(path);
    let done = making(&[&tmp], || std::fs::File::create(&tmp))
        .and_then(|mut f| f.write_all(bytes).and_then(|()| f.sync_all()));
    if let Err(e) = done {
        remove(&tmp);
        return Err(fail(path, e));
    }
    let held = STAGED.with_borrow_mut(|s| {
        s.as_mut().map(|held| held.push((tmp.clone(), path.to_path_buf()))).is_some()
    });
    if held { Ok(()) } else { place(vec![(tmp, path.to_path_buf())]) }
}

/// The files a thread has been asked to write while capturing, in the order asked.
pub type Caught = Vec<(PathBuf, Vec<u8>)>;

thread_local! {
    static CAUGHT: RefCell<Option<Caught>> = const { RefCell::new(None) };
}

pub(super) fn capturing() -> bool {
    CAUGHT.with_borrow(Option::is_some)
}

/// Runs `f` with every file it writes on this thread kept in memory instead of on disk, and
/// with the checks before the work touching nothing: the run leaves the file system exactly as
/// it was. Returns what `f` returned and the files it wrote.
pub fn capture<R>(f: impl FnOnce() -> R) -> (R, Caught) {
    let outer = CAUGHT.replace(Some(Vec::new()));
    let r = f();
    let caught = CAUGHT.replace(outer).unwrap_or_default();
    (r, caught)
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;

    pub(crate) fn folder_for_test(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("world-out-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn capture_keeps_writes_in_memory_and_touches_nothing() {
        let dir = folder_for_test("capture");
        let p = dir.join("p.bin");
        let (r, caught) = capture(|| {
            ready(&p).unwrap();
            ready_folder(&dir.join("new")).unwrap();
            folder(&dir.join("new")).unwrap();
            write(&p, b"kept")
        });
        assert!(r.is_ok());
        assert_eq!(caught, vec![(p.clone(), b"kept".to_vec())]);
        assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 0, "nothing was written");
        write(&p, b"real").unwrap();
        assert_eq!(std::fs::read(&p).unwrap(), b"real", "capture ends with the closure");
    }

    #[test]
    fn write_replaces_whole_and_a_failed_write_keeps_the_old_bytes() {
        let dir = folder_for_test("write");
        let p = dir.join("p.bin");
        write(&p, b"first").unwrap();
        write(&p, b"second").unwrap();
        assert_eq!(std::fs::read(&p).unwrap(), b"second");
        assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 1, "no scratch file is left");
        assert!(write(&dir.join("missing/p.bin"), b"x").is_err());
        let e = write(&dir, b"x").unwrap_err();
        assert!(e.to_string().contains("a folder, not a file name"), "{e}");
    }
}
