//! Files a run was asked to write: pictures, charts, profiles.
//!
//! Two rules hold for every one of them. A path is checked before the work starts, so a typo
//! costs a second and not a long run. And a file appears whole or not at all: the bytes go to a
//! scratch name in the same folder and are renamed over the path only once all of them are
//! written, so a run that fails half way never leaves an empty or cut-off file behind, nor
//! empties one that was there before.
//!
//! The book check needs a third thing: to see what a command would write without writing it.
//! [`capture`] runs a closure with every write on its thread kept in memory instead.

use std::cell::RefCell;
use std::io::Write;
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
        match self.flag {
            Some(flag) => write!(
                f,
                "{flag} {}: cannot write there: {} (give {flag} a path in a folder that is \
                 there and writable)",
                self.path, self.why
            ),
            None => {
                write!(
                    f,
                    "cannot write {}: {} (is the folder there and writable?)",
                    self.path, self.why
                )
            }
        }
    }
}

impl std::error::Error for OutError {}

fn fail(path: &Path, why: impl std::fmt::Display) -> OutError {
    OutError { path: path.display().to_string(), why: why.to_string(), flag: None }
}

/// The scratch name `path`'s bytes are written to first: hidden, in the same folder (so the
/// rename cannot cross a file system), short, and marked with the process id so two runs never
/// share one. A run writes its files one at a time, so one scratch name a folder is enough.
fn scratch(path: &Path) -> PathBuf {
    // Short whatever the name: a file name of 250 bytes, near the file system's 255, still has
    // room for a scratch name beside it.
    path.with_file_name(format!(".partial.{}", std::process::id()))
}

/// A path a command line asks a run to write, with the flag that named it.
#[derive(Clone, Debug, PartialEq)]
pub enum Asked {
    /// One file, in a folder that must already be there.
    File(&'static str, PathBuf),
    /// A folder to write files into, made (with its parents) if need be.
    Folder(&'static str, PathBuf),
}

impl Asked {
    /// Checks, before any work, that the run will be able to write here; a refusal names the
    /// flag.
    pub fn ready(&self) -> Result<(), OutError> {
        let (flag, done) = match self {
            Asked::File(flag, p) => (flag, ready(p)),
            Asked::Folder(flag, p) => (flag, ready_folder(p)),
        };
        done.map_err(|e| OutError { flag: Some(flag), ..e })
    }
}

/// The first two flags of `asked` that name the same file or folder, once each path is made
/// whole from the current folder: two outputs there would overwrite one another.
pub fn same(asked: &[Asked]) -> Option<(&'static str, &'static str)> {
    let whole = |p: &Path| -> PathBuf {
        let p = std::path::absolute(p).unwrap_or_else(|_| p.to_path_buf());
        p.components().filter(|c| !matches!(c, std::path::Component::CurDir)).collect()
    };
    let named: Vec<(&'static str, PathBuf)> = asked
        .iter()
        .map(|a| match a {
            Asked::File(flag, p) | Asked::Folder(flag, p) => (*flag, whole(p)),
        })
        .collect();
    for (i, (a, pa)) in named.iter().enumerate() {
        if let Some((b, _)) = named[i + 1..].iter().find(|(_, pb)| pb == pa) {
            return Some((a, b));
        }
    }
    None
}

/// Checks, before any work, that `path` can be written: it names a file, not a folder, and a
/// file can be made in its folder. `path` itself is left exactly as it was.
pub fn ready(path: &Path) -> Result<(), OutError> {
    if path.file_name().is_none() || path.is_dir() {
        return Err(fail(path, "that is a folder, not a file name"));
    }
    if capturing() {
        return Ok(());
    }
    probe(path, &scratch(path))
}

/// Checks, before any work, that files can be written into the folder `dir`: either it is a
/// folder already, or the nearest part of it that exists is a folder in which the rest could be
/// made. Nothing is made yet; [`folder`] does that when the first file is due.
pub fn ready_folder(dir: &Path) -> Result<(), OutError> {
    let mut there = dir;
    while !there.as_os_str().is_empty() && !there.exists() {
        there = there.parent().unwrap_or(Path::new(""));
    }
    let there = if there.as_os_str().is_empty() { Path::new(".") } else { there };
    if !there.is_dir() {
        return Err(fail(dir, format!("{} is a file, not a folder", there.display())));
    }
    if capturing() {
        return Ok(());
    }
    probe(dir, &there.join(format!(".world-probe.{}.partial", std::process::id())))
}

/// Makes a scratch file and takes it away again: the one sure test that a folder takes files.
fn probe(path: &Path, scratch: &Path) -> Result<(), OutError> {
    std::fs::File::create(scratch).map_err(|e| fail(path, e))?;
    let _ = std::fs::remove_file(scratch);
    Ok(())
}

/// Makes the folder `dir` and its parents, for the files a run is about to write into it.
pub fn folder(dir: &Path) -> Result<(), OutError> {
    if capturing() {
        return Ok(());
    }
    std::fs::create_dir_all(dir).map_err(|e| fail(dir, e))
}

/// Writes `bytes` to `path` whole, or leaves `path` as it was and says why.
pub fn write(path: &Path, bytes: &[u8]) -> Result<(), OutError> {
    if path.file_name().is_none() || path.is_dir() {
        return Err(fail(path, "that is a folder, not a file name"));
    }
    let caught = CAUGHT.with_borrow_mut(|c| {
        c.as_mut().map(|files| files.push((path.to_path_buf(), bytes.to_vec()))).is_some()
    });
    if caught {
        return Ok(());
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

/// The files a thread has been asked to write while capturing, in the order asked.
pub type Caught = Vec<(PathBuf, Vec<u8>)>;

thread_local! {
    static CAUGHT: RefCell<Option<Caught>> = const { RefCell::new(None) };
}

fn capturing() -> bool {
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
mod tests {
    use super::*;

    fn folder_for_test(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("world-out-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn ready_leaves_an_existing_file_alone_and_refuses_a_missing_folder() {
        let dir = folder_for_test("ready");
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
    fn a_folder_is_ready_when_it_could_be_made_and_is_made_only_when_asked() {
        let dir = folder_for_test("folder");
        let shots = dir.join("a/b");
        ready_folder(&shots).unwrap();
        assert!(!dir.join("a").exists(), "the check made nothing");
        assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 0, "no probe is left");
        folder(&shots).unwrap();
        assert!(shots.is_dir());
        std::fs::write(dir.join("f"), "x").unwrap();
        let e = ready_folder(&dir.join("f/shots")).unwrap_err();
        assert!(e.to_string().contains("is a file, not a folder"), "{e}");
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
    fn two_flags_naming_one_place_are_found() {
        let a = Asked::File("--out", PathBuf::from("s.png"));
        let b = Asked::File("--close", PathBuf::from("./s.png"));
        let c = Asked::File("--film", PathBuf::from("f.png"));
        assert_eq!(same(&[a.clone(), c.clone(), b]), Some(("--out", "--close")));
        assert_eq!(same(&[a, c]), None);
        let shot = Asked::Folder("--shot", PathBuf::from("d"));
        assert_eq!(
            same(&[shot, Asked::Folder("--film", PathBuf::from("d/"))]),
            Some(("--shot", "--film"))
        );
    }

    #[test]
    fn a_long_name_has_room_for_its_scratch_name() {
        let dir = folder_for_test("long");
        let p = dir.join(format!("{}.svg", "n".repeat(246)));
        ready(&p).unwrap();
        write(&p, b"kept").unwrap();
        assert_eq!(std::fs::read(&p).unwrap(), b"kept");
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
        assert!(write(&dir, b"x").is_err());
    }
}
