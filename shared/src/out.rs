//! Files a run was asked to write: pictures, charts, profiles.
//!
//! Two rules hold for every one of them. A path is checked before the work starts, so a typo
//! costs a second and not a long run. And a file appears whole or not at all: the bytes go to a
//! scratch name in the same folder and are renamed over the path only once all of them are
//! written, so a run that fails half way never leaves an empty or cut-off file behind, nor
//! empties one that was there before.

use std::io::Write;
use std::path::{Path, PathBuf};

/// A file that could not be written, with the path and the reason, ready to print.
#[derive(Debug)]
pub struct OutError {
    pub path: String,
    pub why: String,
}

impl std::fmt::Display for OutError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "cannot write {}: {} (is the folder there and writable?)", self.path, self.why)
    }
}

impl std::error::Error for OutError {}

fn fail(path: &Path, why: impl std::fmt::Display) -> OutError {
    OutError { path: path.display().to_string(), why: why.to_string() }
}

/// The scratch name `path`'s bytes are written to first: hidden, in the same folder (so the
/// rename cannot cross a file system), and marked with the process id so two runs never share one.
fn scratch(path: &Path) -> PathBuf {
    let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    path.with_file_name(format!(".{name}.{}.partial", std::process::id()))
}

/// Checks, before any work, that `path` can be written: it names a file, not a folder, and a
/// file can be made in its folder. `path` itself is left exactly as it was.
pub fn ready(path: &Path) -> Result<(), OutError> {
    if path.file_name().is_none() || path.is_dir() {
        return Err(fail(path, "that is a folder, not a file name"));
    }
    let probe = scratch(path);
    std::fs::File::create(&probe).map_err(|e| fail(path, e))?;
    let _ = std::fs::remove_file(&probe);
    Ok(())
}

/// Writes `bytes` to `path` whole, or leaves `path` as it was and says why.
pub fn write(path: &Path, bytes: &[u8]) -> Result<(), OutError> {
    if path.file_name().is_none() || path.is_dir() {
        return Err(fail(path, "that is a folder, not a file name"));
    }
    let tmp = scratch(path);
    let done = std::fs::File::create(&tmp)
        .and_then(|mut f| f.write_all(bytes).and_then(|()| f.sync_all()))
        .and_then(|()| std::fs::rename(&tmp, path));
    if let Err(e) = done {
        let _ = std::fs::remove_file(&tmp);
        return Err(fail(path, e));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn folder(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("world-out-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn ready_leaves_an_existing_file_alone_and_refuses_a_missing_folder() {
        let dir = folder("ready");
        let kept = dir.join("k");
        std::fs::write(&kept, "data").unwrap();
        ready(&kept).unwrap();
        assert_eq!(std::fs::read_to_string(&kept).unwrap(), "data");
        assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 1, "no scratch file is left");
        let e = ready(&dir.join("no/such/x.png")).unwrap_err();
        assert!(e.to_string().contains("no/such/x.png"), "{e}");
        assert!(ready(&dir).is_err(), "a folder is not a file name");
    }

    #[test]
    fn write_replaces_whole_and_a_failed_write_keeps_the_old_bytes() {
        let dir = folder("write");
        let p = dir.join("p.bin");
        write(&p, b"first").unwrap();
        write(&p, b"second").unwrap();
        assert_eq!(std::fs::read(&p).unwrap(), b"second");
        assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 1, "no scratch file is left");
        assert!(write(&dir.join("missing/p.bin"), b"x").is_err());
        assert!(write(&dir, b"x").is_err());
    }
}
