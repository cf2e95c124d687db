//! Writes kept in memory instead of on disk: the book check runs a command to see what it would
//! write without writing it. Kept apart from `files`, so the checks before the work (`ready`)
//! can ask whether a run is capturing without depending on the writer.

use std::cell::RefCell;
use std::path::PathBuf;

/// The files a thread has been asked to write while capturing, in the order asked.
pub type Caught = Vec<(PathBuf, Vec<u8>)>;

thread_local! {
    static CAUGHT: RefCell<Option<Caught>> = const { RefCell::new(None) };
}

/// Keeps a write of `bytes` to `path` in memory, if this thread is capturing; says whether it
/// was kept.
pub(super) fn keep(path: &std::path::Path, bytes: &[u8]) -> bool {
    CAUGHT.with_borrow_mut(|c| {
        c.as_mut().map(|files| files.push((path.to_path_buf(), bytes.to_vec()))).is_some()
    })
}

/// Whether this thread is capturing, so the checks before the work must touch nothing.
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
