//! Where a path lands on disk, whatever its spelling: two flags that land on one place would
//! overwrite one another, and the book check's scratch folder keeps each file at its place.

use std::path::{Path, PathBuf};

use super::file_flags::Asked;

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
pub(super) fn redirected(path: &Path) -> Option<PathBuf> {
    let dir = std::env::var_os(WRITE_UNDER).filter(|d| !d.is_empty())?;
    Some(under(Path::new(&dir), path))
}

#[cfg(test)]
mod tests {
    use super::super::files::tests::folder_for_test;
    use super::*;

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
}
