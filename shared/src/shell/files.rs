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

fn fail(path: &Path, why: impl std::fmt::Display) -> OutError {
    OutError { path: path.display().to_string(), why: why.to_string(), flag: None }
}

/// The scratch name `path`'s bytes are written to first: hidden, in the same folder (so the
/// rename cannot cross a file system), short, and marked with the process id and a count so
/// that neither two runs nor two files of one run share one.
fn scratch(path: &Path) -> PathBuf {
    static MADE: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
    let n = MADE.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    // Short whatever the name: a file name of 250 bytes, near the file system's 255, still has
    // room for a scratch name beside it.
    path.with_file_name(format!(".partial.{}.{n}", std::process::id()))
}

/// The longest name one part of a path may have on the file systems a reader is likely to
/// write to (ext4, xfs, btrfs, APFS, NTFS): a longer one fails only when the file is made.
const NAME_MAX: usize = 255;

/// The longest whole path Linux takes in one call, less its closing zero byte.
const PATH_MAX: usize = 4095;

/// Refuses, before the work, a path the file system would refuse only when the file is made:
/// a part of it longer than [`NAME_MAX`], or the whole, made absolute, longer than
/// [`PATH_MAX`].
fn not_too_long(path: &Path) -> Result<(), OutError> {
    if let Some(long) = path.components().find(|c| c.as_os_str().len() > NAME_MAX) {
        let len = long.as_os_str().len();
        return Err(fail(path, format!("a name in it is {len} bytes long, past {NAME_MAX}")));
    }
    let whole = std::path::absolute(path).map_or(0, |p| p.as_os_str().len());
    if whole > PATH_MAX {
        return Err(fail(path, format!("it is {whole} bytes long in all, past {PATH_MAX}")));
    }
    Ok(())
}

/// A path a command line asks a run to write, with the flag that named it.
#[derive(Clone, Debug, PartialEq)]
pub enum Asked {
    /// One file, in a folder that must already be there.
    File(&'static str, PathBuf),
    /// A folder to write files into, made (with its parents) if need be, and the names of
    /// the files the run will write there.
    Folder(&'static str, PathBuf, Vec<String>),
}

impl Asked {
    /// Checks, before any work, that the run will be able to write here; a refusal names the
    /// flag.
    pub fn ready(&self) -> Result<(), OutError> {
        let (flag, done) = match self {
            Asked::File(flag, p) => (flag, ready(p)),
            Asked::Folder(flag, p, names) => (
                flag,
                ready_folder(p).and_then(|()| names.iter().try_for_each(|n| ready_in(&p.join(n)))),
            ),
        };
        done.map_err(|e| OutError { flag: Some(flag), ..e })
    }
}

/// The place `path` names on disk, however it is spelled: the longest part of it that is
/// there already with every link in it followed (`canonicalize`), and the rest made plain,
/// each `..` taking away the part before it. `d/../d`, `./d`, `sub/../d` and a link to `d` are
/// all `d`'s place.
pub fn place_of(path: &Path) -> PathBuf {
    use std::path::Component;
    let whole = std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf());
    let parts: Vec<Component> = whole.components().collect();
    for there in (1..=parts.len()).rev() {
        let head: PathBuf = parts[..there].iter().collect();
        let Ok(mut at) = head.canonicalize() else { continue };
        for c in &parts[there..] {
            match c {
                Component::ParentDir => {
                    at.pop();
                }
                Component::CurDir => {}
                other => at.push(other),
            }
        }
        return at;
    }
    whole
}

/// The first two flags of `asked` that name the same file or folder, once each path is taken
/// to its place on disk ([`place_of`]): two outputs there would overwrite one another.
pub fn same(asked: &[Asked]) -> Option<(&'static str, &'static str)> {
    // Each flag's places: its file or its folder, and each file it will write in that folder,
    // so a folder flag's file that is another flag's file or folder is found too.
    let named: Vec<(usize, &'static str, PathBuf)> = asked
        .iter()
        .enumerate()
        .flat_map(|(i, a)| match a {
            Asked::File(flag, p) => vec![(i, *flag, place_of(p))],
            Asked::Folder(flag, p, names) => {
                let dir = place_of(p);
                let files = names.iter().map(|n| (i, *flag, dir.join(n)));
                std::iter::once((i, *flag, dir.clone())).chain(files).collect()
            }
        })
        .collect();
    for (k, (i, a, pa)) in named.iter().enumerate() {
        if let Some((_, b, _)) = named[k + 1..].iter().find(|(j, _, pb)| j != i && pb == pa) {
            return Some((a, b));
        }
    }
    None
}

/// Checks, before any work, that `path` can be written: it names a file, not a folder, and a
/// file can be made in its folder. `path` itself is left exactly as it was.
pub fn ready(path: &Path) -> Result<(), OutError> {
    a_file(path)?;
    not_too_long(&with_room(path))?;
    a_link_to_something(path)?;
    ours_to_replace(path)?;
    if capturing() {
        return Ok(());
    }
    probe(path, &scratch(path))
}

/// The longest scratch name [`scratch`] gives (a process id of seven digits and a count).
const SCRATCH_NAME: usize = ".partial.4194304.9999".len();

/// `path`, or its scratch name's path where that is the longer: the longest path a write of it
/// makes, so a path with no room for its scratch name is refused before the work too.
fn with_room(path: &Path) -> PathBuf {
    let name = path.file_name().map_or(0, |n| n.len());
    if name >= SCRATCH_NAME {
        return path.to_path_buf();
    }
    path.with_file_name("s".repeat(SCRATCH_NAME))
}

/// Refuses a file path that is a link to nothing (a dangling link, or a loop of links), as a
/// folder flag refuses one: the rename would replace the link, not write where it points.
fn a_link_to_something(path: &Path) -> Result<(), OutError> {
    let link = path.symlink_metadata().is_ok_and(|m| m.is_symlink());
    if link && path.metadata().is_err() {
        return Err(fail(path, "it is a link to nothing (a dangling link or a loop of links)"));
    }
    Ok(())
}

/// Whether a file owned by `file_uid` in a folder of `dir_mode` owned by `dir_uid` can be
/// replaced by a rename made as the user `me`: not in a sticky folder (mode 1777, as /tmp),
/// where only the file's owner, the folder's owner or root may.
fn sticky_allows(dir_mode: u32, dir_uid: u32, file_uid: u32, me: u32) -> bool {
    dir_mode & 0o1000 == 0 || me == 0 || file_uid == me || dir_uid == me
}

/// Refuses, before the work, a file that is there already and that this user may not replace:
/// another user's file in a sticky folder.
fn ours_to_replace(path: &Path) -> Result<(), OutError> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        let Ok(file) = path.symlink_metadata() else { return Ok(()) };
        let dir = path.parent().filter(|d| !d.as_os_str().is_empty()).unwrap_or(Path::new("."));
        let Ok(dir) = dir.metadata() else { return Ok(()) };
        let me = nix::unistd::geteuid().as_raw();
        if !sticky_allows(dir.mode(), dir.uid(), file.uid(), me) {
            return Err(fail(
                path,
                "it is another user's file in a sticky folder (mode 1777), which only they may \
                 replace",
            ));
        }
    }
    Ok(())
}

/// Whether `path` is the file this process's stdout writes to: a report sent there and a file
/// written there would overwrite one another.
pub fn is_stdout(path: &Path) -> bool {
    #[cfg(unix)]
    {
        use std::os::fd::AsFd;
        use std::os::unix::fs::MetadataExt;
        let Ok(out) = std::io::stdout().as_fd().try_clone_to_owned() else { return false };
        let Ok(out) = std::fs::File::from(out).metadata() else { return false };
        let Ok(file) = path.metadata() else { return false };
        out.is_file() && out.dev() == file.dev() && out.ino() == file.ino()
    }
    #[cfg(not(unix))]
    false
}

/// Checks, before any work, that files can be written into the folder `dir`: either it is a
/// folder already, or the nearest part of it that exists is a folder in which the rest could be
/// made. Nothing is made yet; [`folder`] does that when the first file is due.
pub fn ready_folder(dir: &Path) -> Result<(), OutError> {
    let mut there = dir;
    // A link is there even when what it points at is not (a dangling link, a loop of links):
    // such a part cannot be made into a folder, so the walk up stops at it.
    while !there.as_os_str().is_empty() && there.symlink_metadata().is_err() {
        there = there.parent().unwrap_or(Path::new(""));
    }
    let there = if there.as_os_str().is_empty() { Path::new(".") } else { there };
    if !there.is_dir() {
        let what = match there.symlink_metadata() {
            Ok(m) if m.is_symlink() => "is a link to no folder",
            _ => "is a file, not a folder",
        };
        return Err(fail(dir, format!("{} {what}", shown(&there.to_string_lossy()))));
    }
    not_too_long(dir)?;
    if capturing() {
        return Ok(());
    }
    probe(dir, &there.join(format!(".world-probe.{}.partial", std::process::id())))
}

/// Checks, before any work, that the file `path` a run will write into a folder could be
/// written once the folder is there: its name is not too long, and it is not a folder.
fn ready_in(path: &Path) -> Result<(), OutError> {
    let name = path.file_name().map_or(0, |n| n.len());
    if name > NAME_MAX {
        return Err(fail(path, format!("its name is {name} bytes long, past {NAME_MAX}")));
    }
    a_file(path)?;
    not_too_long(&with_room(path))?;
    a_link_to_something(path)?;
    ours_to_replace(path)
}

/// Refuses a path that names a folder, or ends without a file name at all: `x.svg/.` is
/// refused as written, since Rust reads its last part as `x.svg` but the system as a folder.
fn a_file(path: &Path) -> Result<(), OutError> {
    let bytes = path.as_os_str().as_encoded_bytes();
    let dotted = bytes == b"." || bytes.ends_with(b"/.") || bytes.ends_with(b"/..");
    if dotted || path.file_name().is_none() || path.is_dir() {
        return Err(fail(path, "that is a folder, not a file name"));
    }
    Ok(())
}

/// Makes a scratch file and takes it away again: the one sure test that a folder takes files.
fn probe(path: &Path, scratch: &Path) -> Result<(), OutError> {
    making(&[scratch], || std::fs::File::create(scratch)).map_err(|e| fail(path, e))?;
    remove(scratch);
    Ok(())
}

/// The variable that sends every file a run writes into a scratch folder: the book check sets it
/// for a measured block's command, and puts the files in place only when its whole run succeeds.
pub const WRITE_UNDER: &str = "WORLD_WRITE_UNDER";

/// Where a file for `path` goes under the scratch folder `under`: at its place on disk
/// ([`place_of`]), as a path inside `under`. [`written_under`] reads it back.
pub fn under(under: &Path, path: &Path) -> PathBuf {
    let place = place_of(path);
    under.join(place.strip_prefix("/").unwrap_or(&place))
}

/// Every file a run wrote under the scratch folder `under`, with the place it is for, in a
/// fixed order.
pub fn written_under(under: &Path) -> Vec<(PathBuf, PathBuf)> {
    let mut found = Vec::new();
    let mut dirs = vec![under.to_path_buf()];
    while let Some(d) = dirs.pop() {
        for e in std::fs::read_dir(&d).into_iter().flatten().flatten() {
            let p = e.path();
            if p.is_dir() {
                dirs.push(p);
            } else if let Ok(rel) = p.strip_prefix(under) {
                found.push((p.clone(), Path::new("/").join(rel)));
            }
        }
    }
    found.sort();
    found
}

/// Where this run writes `path` instead, when [`WRITE_UNDER`] names a folder.
fn redirected(path: &Path) -> Option<PathBuf> {
    let dir = std::env::var_os(WRITE_UNDER).filter(|d| !d.is_empty())?;
    Some(under(Path::new(&dir), path))
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

/// Renames every scratch file over its path, in the order written. Each path that is there
/// already is first kept under a scratch name of its own (a second link to it, so it never
/// leaves its place), so that if one rename fails, every path placed before it is put back as
/// it was: the run changes all of its files or none. The first failure is the error.
fn place(held: Vec<(PathBuf, PathBuf)>) -> Result<(), OutError> {
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
fn making<T>(paths: &[&Path], make: impl FnOnce() -> T) -> T {
    let mut left = LEFT.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
    let me = std::thread::current().id();
    left.extend(paths.iter().map(|p| (me, p.to_path_buf())));
    make()
}

/// Notes that `p` is in place or gone, so nothing is to be taken away for it.
fn gone(p: &Path) {
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
fn remove(p: &Path) {
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

/// The files a thread has been asked to write while capturing, in the order asked.
pub type Caught = Vec<(PathBuf, Vec<u8>)>;

thread_local! {
    static CAUGHT: RefCell<Option<Caught>> = const { RefCell::new(None) };
    /// The scratch files written under [`staged`], with the paths they are for.
    static STAGED: RefCell<Option<Vec<(PathBuf, PathBuf)>>> = const { RefCell::new(None) };
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
        let shot = Asked::Folder("--shot", PathBuf::from("d"), Vec::new());
        assert_eq!(
            same(&[shot, Asked::Folder("--film", PathBuf::from("d/"), Vec::new())]),
            Some(("--shot", "--film"))
        );
    }

    #[test]
    fn a_folder_flags_file_that_another_flag_names_is_found() {
        let shot = Asked::Folder("--shot", PathBuf::from("s"), vec!["herd.png".into()]);
        let film = Asked::Folder("--film", PathBuf::from("s/herd.png"), vec!["a.png".into()]);
        assert_eq!(same(&[shot.clone(), film]), Some(("--shot", "--film")));
        let picture = Asked::File("--picture", PathBuf::from("s/herd.png"));
        assert_eq!(same(&[picture, shot.clone()]), Some(("--picture", "--shot")));
        let apart = Asked::Folder("--film", PathBuf::from("t"), vec!["herd.png".into()]);
        assert_eq!(same(&[shot, apart]), None);
    }

    #[test]
    fn another_users_file_in_a_sticky_folder_is_not_ours_to_replace() {
        let (sticky, plain) = (0o41777, 0o40777);
        assert!(!sticky_allows(sticky, 0, 1001, 1000), "another's file in /tmp");
        assert!(sticky_allows(sticky, 0, 1000, 1000), "one's own file");
        assert!(sticky_allows(sticky, 1000, 1001, 1000), "one's own folder");
        assert!(sticky_allows(sticky, 0, 1001, 0), "root");
        assert!(sticky_allows(plain, 0, 1001, 1000), "no sticky bit");
    }

    #[test]
    fn a_file_with_no_room_for_its_scratch_name_is_refused_before() {
        let dir = folder_for_test("room");
        let mut long = std::path::absolute(&dir).unwrap();
        while long.as_os_str().len() < 4080 {
            long.push(
                "d".repeat(4080 - long.as_os_str().len()).chars().take(200).collect::<String>(),
            );
        }
        // The name fits the limit; its scratch name beside it would not.
        let name = "a.svg";
        let fits = long.as_os_str().len() + 1 + name.len() <= PATH_MAX;
        let e = ready_in(&long.join(name)).unwrap_err();
        assert!(e.to_string().contains("past 4095"), "{fits} {e}");
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
        let e = write(&dir, b"x").unwrap_err();
        assert!(e.to_string().contains("a folder, not a file name"), "{e}");
    }

    #[test]
    fn a_folder_flag_is_refused_early_for_a_file_it_could_not_write_there() {
        let dir = folder_for_test("names");
        std::fs::create_dir_all(dir.join("shots/herd.png")).unwrap();
        let names = vec!["none.png".to_string(), "herd.png".to_string()];
        let e = Asked::Folder("--shot", dir.join("shots"), names.clone()).ready().unwrap_err();
        assert!(e.to_string().starts_with("--shot "), "{e}");
        assert!(e.to_string().contains("herd.png") && e.to_string().contains("folder"), "{e}");
        Asked::Folder("--shot", dir.join("fresh"), names).ready().unwrap();
        let long = dir.join("sub").join("n".repeat(300));
        let e = Asked::Folder("--film", long, vec!["herd.png".into()]).ready().unwrap_err();
        assert!(e.to_string().contains("300 bytes long"), "{e}");
        let e = Asked::Folder("--film", dir.clone(), vec!["n".repeat(256)]).ready().unwrap_err();
        assert!(e.to_string().contains("256 bytes long"), "{e}");
        let longest = "n".repeat(NAME_MAX);
        Asked::Folder("--film", dir.join(&longest), vec![longest.clone()]).ready().unwrap();
        assert!(!dir.join("sub").exists() && !dir.join("fresh").exists(), "the check made nothing");
    }

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
    fn a_path_the_system_would_refuse_at_the_end_is_refused_before() {
        let dir = folder_for_test("refused");
        for p in [dir.join("x.svg/."), dir.join("x.svg/.."), PathBuf::from(".")] {
            let e = ready(&p).unwrap_err();
            assert!(e.to_string().contains("a folder, not a file name"), "{p:?}: {e}");
        }
        let e = ready(&dir.join(format!("{}.svg", "n".repeat(256)))).unwrap_err();
        assert!(e.to_string().contains("260 bytes long, past 255"), "{e}");
        let deep: PathBuf = (0..50).map(|_| "n".repeat(100)).collect();
        let e = ready_folder(&dir.join(deep)).unwrap_err();
        assert!(e.to_string().contains("long in all, past 4095"), "{e}");
        std::os::unix::fs::symlink("nowhere", dir.join("dangling")).unwrap();
        std::os::unix::fs::symlink("loop", dir.join("loop")).unwrap();
        for p in [dir.join("dangling"), dir.join("loop/d")] {
            let e = ready_folder(&p).unwrap_err();
            assert!(e.to_string().contains("is a link to no folder"), "{p:?}: {e}");
        }
        let e = OutError { path: "no\nsuch".into(), why: "gone".into(), flag: Some("--picture") };
        assert_eq!(e.to_string().lines().count(), 1, "{e}");
        assert!(e.to_string().starts_with(r#"--picture "no\nsuch": "#), "{e}");
    }

    #[test]
    fn one_place_is_found_under_any_spelling() {
        let dir = folder_for_test("place");
        std::fs::create_dir_all(dir.join("d")).unwrap();
        std::fs::create_dir_all(dir.join("sub")).unwrap();
        std::os::unix::fs::symlink(dir.join("d"), dir.join("link")).unwrap();
        let d = place_of(&dir.join("d"));
        for other in ["d/../d", "sub/../d", "link", "./d", "gone/../d"] {
            assert_eq!(place_of(&dir.join(other)), d, "{other}");
        }
        assert_eq!(place_of(&dir.join("link/x.svg")), d.join("x.svg"));
        assert_ne!(place_of(&dir.join("sub/d")), d);
        let shot = Asked::Folder("--shot", dir.join("d"), Vec::new());
        let film = Asked::Folder("--film", dir.join("sub/../link"), Vec::new());
        assert_eq!(same(&[shot, film]), Some(("--shot", "--film")));
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
