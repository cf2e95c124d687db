//! A run's files held under their scratch names until the run has succeeded, then put in place
//! all at once or not at all; and everything a run made, taken away again if it fails or a
//! signal stops it.

use std::cell::RefCell;
use std::path::{Path, PathBuf};

use super::out::{OutError, fail, scratch};

thread_local! {
    /// The scratch files written under [`staged`], with the paths they are for.
    pub(super) static STAGED: RefCell<Option<Vec<(PathBuf, PathBuf)>>> = const { RefCell::new(None) };
}

/// Renames every scratch file over its path, in the order written. Each path that is there
/// already is first kept under a scratch name of its own (a second link to it, so it never
/// leaves its place), so that if one rename fails, every path placed before it is put back as
/// it was: the run changes all of its files or none. The first failure is the error.
pub(super) fn place(held: Vec<(PathBuf, PathBuf)>) -> Result<(), OutError> {
    // One rename alone needs nothing put back: it replaces its path whole or not at all.
    let several = held.len() > 1;
    let mut placed: Vec<(PathBuf, Option<PathBuf>)> = Vec::new();
    let mut left = held.into_iter();
    while let Some((tmp, path)) = left.next() {
        let kept = if several { keep_old(&path) } else { Ok(None) };
        let done = match &kept {
            Err(e) => Err(fail(&path, e)),
            Ok(_) => std::fs::rename(&tmp, &path).map_err(|e| fail(&path, e)),
        };
        if let Err(e) = done {
            remove(&tmp);
            if let Ok(Some(old)) = kept {
                remove(&old);
            }
            left.for_each(|(t, _)| remove(&t));
            for (path, old) in placed.into_iter().rev() {
                match old {
                    Some(old) => {
                        let _ = std::fs::rename(&old, &path);
                        gone(&old);
                    }
                    None => {
                        let _ = std::fs::remove_file(&path);
                    }
                }
            }
            return Err(e);
        }
        gone(&tmp);
        placed.push((path, kept.ok().flatten()));
    }
    for (_, old) in placed {
        if let Some(old) = old {
            remove(&old);
        }
    }
    Ok(())
}

/// A second name for the file at `path`, if one is there, under which [`place`] can put it
/// back; a copy where the file system has no links.
fn keep_old(path: &Path) -> std::io::Result<Option<PathBuf>> {
    if !path.is_file() {
        return Ok(None);
    }
    let old = scratch(path);
    making(&[&old], || {
        std::fs::hard_link(path, &old).or_else(|_| std::fs::copy(path, &old).map(drop))
    })?;
    Ok(Some(old))
}

// ANCHOR: staged
/// Runs `f` with every file it writes on this thread held under its scratch name, and puts
/// them in place only once it has succeeded: a run that fails part-way, on a full disk say,
/// leaves every file it was asked for as it was before. Inside another `staged`, the files
/// wait for the outer one.
pub fn staged<T, E: From<OutError>>(f: impl FnOnce() -> Result<T, E>) -> Result<T, E> {
    if STAGED.with_borrow(Option::is_some) {
        return f();
    }
    STAGED.set(Some(Vec::new()));
    let r = f();
    let held = STAGED.take().unwrap_or_default();
    let r = match r {
        Ok(v) => place(held).map(|()| v).map_err(E::from),
        Err(e) => {
            held.into_iter().for_each(|(t, _)| remove(&t));
            Err(e)
        }
    };
    // What is left of the run's own making is the folders it made for its files: kept if the
    // run succeeded, taken away again, where empty, if it failed.
    let made = {
        let mut left = LEFT.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        take_left(&mut left, Some(std::thread::current().id()))
    };
    if r.is_err() {
        made.iter().rev().for_each(|d| drop(std::fs::remove_dir(d)));
    }
    r
}

/// Every scratch file a run has made and not yet put in place or taken away, and every folder
/// made for its files while it is staged, oldest first: what is taken away if the run fails
/// or a signal stops it.
/// Each is kept with the thread that made it, since a staged run is one thread's.
static LEFT: std::sync::Mutex<Vec<(std::thread::ThreadId, PathBuf)>> =
    std::sync::Mutex::new(Vec::new());

/// Makes scratch files or folders with `make`, noted as the run's before they are made and
/// while [`LEFT`] is held, so that a signal's clean-up, which holds it to the end of the run,
/// finds each either not yet made or noted.
pub(super) fn making<T>(paths: &[&Path], make: impl FnOnce() -> T) -> T {
    let mut left = LEFT.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
    let me = std::thread::current().id();
    left.extend(paths.iter().map(|p| (me, p.to_path_buf())));
    make()
}

/// Notes that `p` is in place or gone, so nothing is to be taken away for it.
pub(super) fn gone(p: &Path) {
    if let Ok(mut left) = LEFT.lock()
        && let Some(at) = left.iter().rposition(|(_, l)| l == p)
    {
        left.remove(at);
    }
}

/// Takes out of `left`, oldest first, what one thread made, or what every thread did.
fn take_left(
    left: &mut Vec<(std::thread::ThreadId, PathBuf)>,
    only: Option<std::thread::ThreadId>,
) -> Vec<PathBuf> {
    let (taken, kept) = std::mem::take(left)
        .into_iter()
        .partition::<Vec<_>, _>(|(t, _)| only.is_none_or(|o| o == *t));
    *left = kept;
    taken.into_iter().map(|(_, p)| p).collect()
}

/// Takes a scratch file away.
pub(super) fn remove(p: &Path) {
    let _ = std::fs::remove_file(p);
    gone(p);
}

/// Takes away, newest first, every scratch file and every empty folder the run (or, for a test,
/// one thread of it) made and has not put in place: what a signal leaves behind otherwise.
#[cfg(test)]
fn clean_up(only: Option<std::thread::ThreadId>) {
    let mut left = LEFT.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
    clean_up_held(&mut left, only);
}

/// Takes away, newest first, what `left` (the run's [`LEFT`], held) notes of one thread's
/// making, or of every thread's: the signals' clean-up holds it to the end of the run.
fn clean_up_held(
    left: &mut Vec<(std::thread::ThreadId, PathBuf)>,
    only: Option<std::thread::ThreadId>,
) {
    for p in take_left(left, only).iter().rev() {
        if std::fs::remove_file(p).is_err() {
            let _ = std::fs::remove_dir(p);
        }
    }
}

/// Scratch folders made whole by a run (a book tool's place for what its commands write), taken
/// away with everything in them if a signal stops it.
static TREES: std::sync::Mutex<Vec<PathBuf>> = std::sync::Mutex::new(Vec::new());

/// A scratch folder or file of the run, taken away with all it holds when this is dropped, or
/// by a signal's clean-up before the run ends.
#[derive(Debug)]
pub struct Tree(pub PathBuf);

impl Tree {
    /// Makes `dir` (which must not be there yet) as the run's scratch folder.
    pub fn make(dir: PathBuf) -> Result<Tree, OutError> {
        let tree = Tree::noted(dir);
        std::fs::create_dir_all(&tree.0).map_err(|e| fail(&tree.0, e))?;
        Ok(tree)
    }

    /// Notes `path`, a scratch file or folder something the run starts will make, to be taken
    /// away however the run ends.
    pub fn noted(path: PathBuf) -> Tree {
        let mut trees = TREES.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        trees.push(path.clone());
        Tree(path)
    }
}

/// Takes away a scratch file, or a scratch folder and all it holds.
fn take_away(p: &Path) {
    if std::fs::remove_file(p).is_err() {
        let _ = std::fs::remove_dir_all(p);
    }
}

impl Drop for Tree {
    fn drop(&mut self) {
        let mut trees = TREES.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        take_away(&self.0);
        trees.retain(|t| *t != self.0);
    }
}

/// Has an interrupt (Ctrl-C), a request to end (SIGTERM) or a closed terminal (SIGHUP) first
/// end the processes the run started ([`super::children`]) and take away the run's scratch
/// files, its scratch folders and the empty folders it made, then end the run as that signal
/// would have: a run stopped half way leaves the folder as it found it. The signals are waited
/// for on a thread of their own, where taking files away is safe, rather than in a signal
/// handler.
pub fn clean_on_signals() {
    #[cfg(unix)]
    {
        use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
        let Ok(mut signals) = signal_hook::iterator::Signals::new([SIGINT, SIGTERM, SIGHUP]) else {
            return;
        };
        let _ = std::thread::Builder::new().name("signals".into()).spawn(move || {
            if let Some(signal) = signals.forever().next() {
                // Each held to the end: no thread of the run starts a process or makes a file
                // once the clean-up begins.
                let _groups = super::children::end_all();
                let mut trees = TREES.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
                trees.drain(..).for_each(|t| take_away(&t));
                let mut left = LEFT.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
                clean_up_held(&mut left, None);
                let _ = signal_hook::low_level::emulate_default_handler(signal);
                std::process::exit(128 + signal);
            }
        });
    }
}
// ANCHOR_END: staged

#[cfg(test)]
mod tests {
    use super::super::files::tests::folder_for_test;
    use super::super::files::{folder, write};
    use super::*;

    #[test]
    fn a_rename_that_fails_part_way_puts_every_earlier_file_back() {
        let dir = folder_for_test("rollback");
        let (a, b, c) = (dir.join("a.png"), dir.join("b.png"), dir.join("c.png"));
        std::fs::write(&a, "old a").unwrap();
        let failed: Result<(), OutError> = staged(|| {
            write(&a, b"new a")?;
            write(&b, b"new b")?;
            write(&c, b"new c")?;
            // Something else takes c's place while the run goes on: its rename must fail.
            std::fs::create_dir_all(c.join("full")).unwrap();
            Ok(())
        });
        assert!(failed.is_err());
        assert_eq!(std::fs::read(&a).unwrap(), b"old a", "a was put back");
        assert!(!b.exists(), "b, new, was taken away again");
        let left: Vec<_> =
            std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().file_name()).collect();
        assert_eq!(left.len(), 2, "no scratch file is left: {left:?}");
    }

    #[test]
    fn a_failed_run_takes_away_the_folders_it_made_and_a_signal_its_scratch_files() {
        let dir = folder_for_test("made");
        let deeper = dir.join("new/deeper");
        let failed: Result<(), OutError> = staged(|| {
            folder(&deeper)?;
            write(&deeper.join("a.png"), b"a")?;
            write(&dir.join("missing/b.png"), b"b")
        });
        assert!(failed.is_err());
        assert!(!dir.join("new").exists(), "the folders it made were taken away");
        staged(|| folder(&deeper).and_then(|()| write(&deeper.join("a.png"), b"a"))).unwrap();
        assert!(deeper.join("a.png").is_file(), "a run that succeeds keeps its folders");
        // A signal during a staged run: its scratch files and new folders are taken away.
        let later = dir.join("later");
        let stopped: Result<(), OutError> = staged(|| {
            folder(&later)?;
            write(&later.join("c.png"), b"c")?;
            assert_eq!(std::fs::read_dir(&later).unwrap().count(), 1, "the scratch file waits");
            clean_up(Some(std::thread::current().id()));
            Ok(())
        });
        assert!(stopped.is_err() || !later.join("c.png").exists());
        assert!(!later.exists(), "the signal's clean-up left nothing");
    }

    #[test]
    fn a_staged_run_that_fails_changes_none_of_its_files() {
        let dir = folder_for_test("staged");
        let (a, b) = (dir.join("a.png"), dir.join("b.png"));
        std::fs::write(&a, "old a").unwrap();
        let failed: Result<(), OutError> = staged(|| {
            write(&a, b"new a")?;
            write(&b, b"new b")?;
            write(&dir.join("missing/c.png"), b"c")
        });
        assert!(failed.is_err());
        assert_eq!(std::fs::read(&a).unwrap(), b"old a", "the first file was kept");
        assert!(!b.exists(), "the second was never put in place");
        assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 1, "no scratch file is left");
        staged(|| write(&a, b"new a").and_then(|()| write(&b, b"new b"))).unwrap();
        assert_eq!(std::fs::read(&a).unwrap(), b"new a");
        assert_eq!(std::fs::read(&b).unwrap(), b"new b");
        assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 2, "no scratch file is left");
    }
}
