//! A path checked before the work starts, so a typo costs a second and not a long run: each
//! check refuses what the file system would refuse only when the file is made, and touches
//! nothing.

use std::path::{Path, PathBuf};

use super::capture::capturing;
use super::file_flags::Asked;
use super::out::{OutError, fail, scratch, shown};
use super::staged::{making, remove};

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
/// made. Nothing is made yet; [`folder`](super::files::folder) does that when the first file is due.
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
pub(super) fn a_file(path: &Path) -> Result<(), OutError> {
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

#[cfg(test)]
mod tests {
    use super::super::files::tests::folder_for_test;
    use super::super::files::{folder, write};
    use super::*;

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
}
