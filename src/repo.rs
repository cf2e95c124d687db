//! Where the repository is: found at run time from the working directory, never from where the
//! check was compiled, so a copy of the tree checks (and blesses) itself and not the original.

use std::path::{Path, PathBuf};

/// The nearest folder at or above `from` that holds the workspace's `Cargo.toml` and the book.
pub fn find(from: &Path) -> Result<PathBuf, String> {
    from.ancestors()
        .find(|dir| {
            dir.join("book/book.toml").is_file()
                && std::fs::read_to_string(dir.join("Cargo.toml"))
                    .is_ok_and(|t| t.lines().any(|l| l.trim() == "[workspace]"))
        })
        .map(Path::to_path_buf)
        .ok_or_else(|| {
            format!(
                "{} is not inside the book's repository (no folder above it holds Cargo.toml with \
                 [workspace] and book/book.toml): run this from the repository",
                from.display()
            )
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_root_is_found_from_any_folder_below_it_and_nowhere_else() {
        let top = std::env::temp_dir().join(format!("repo-find-{}", std::process::id()));
        let deep = top.join("chapters/herd/src");
        std::fs::create_dir_all(&deep).unwrap();
        std::fs::create_dir_all(top.join("book")).unwrap();
        std::fs::write(top.join("book/book.toml"), "").unwrap();
        std::fs::write(top.join("Cargo.toml"), "[workspace]\nmembers = []\n").unwrap();
        // A member's own Cargo.toml on the way up is not the root.
        std::fs::write(top.join("chapters/herd/Cargo.toml"), "[package]\n").unwrap();
        assert_eq!(find(&deep).unwrap(), top);
        assert_eq!(find(&top).unwrap(), top);
        assert!(find(&std::env::temp_dir()).is_err());
        std::fs::remove_dir_all(&top).unwrap();
    }
}
