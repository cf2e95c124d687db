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

use std::io::Write;
use std::path::{Path, PathBuf};

pub use super::capture::{Caught, capture};
use super::capture::{capturing, keep};
pub use super::file_flags::Asked;
pub use super::out::{OutError, shown};
use super::out::{fail, scratch};
use super::places::redirected;
pub use super::places::{WRITE_UNDER, place_of, same, under, written_under};
use super::ready::a_file;
pub use super::ready::{is_stdout, ready, ready_folder};
use super::staged::{STAGED, gone, making, place, remove};
pub use super::staged::{Tree, clean_on_signals, staged};

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
    if keep(path, bytes) {
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
