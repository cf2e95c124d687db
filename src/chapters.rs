//! The book's chapters, listed once, in the book's order. Each is a crate in `chapters/NAME`
//! with its page `book/src/NAME.md`; the book check runs its commands through this list, the
//! tests walk its command lines through it, and the justfile's `chapter N` reads the Nth name
//! from the lines below. A new chapter is its folder, a line here, its page in SUMMARY.md and
//! its crate among the root's dependencies; the test below fails on any of the four missing.

use std::io::Write;

use world::shell::cli::Failure;

/// One chapter: its crate's name, and the entry points every chapter crate has.
pub struct Chapter {
    /// The crate, its folder under `chapters/` and its page's name.
    pub name: &'static str,
    /// Runs the chapter as its binary would, on `args` (the first being the program's name),
    /// writing to `out`.
    pub invoke: fn(Vec<String>, &mut dyn Write) -> Result<(), Failure>,
    /// Its command line, as clap describes it.
    pub command: fn() -> clap::Command,
    /// Whether its command line takes `args` (the first being the program's name), or clap's
    /// error if not.
    pub parses: fn(Vec<String>) -> Result<(), clap::Error>,
    /// The subcommands a bare run goes through, in the page's order.
    pub book_order: &'static [&'static str],
}

impl Chapter {
    /// Its page, as SUMMARY.md links it.
    pub fn page(&self) -> String {
        format!("{}.md", self.name)
    }
}

/// A chapter crate's entry points, by its name.
macro_rules! chapter {
    ($name:ident) => {
        Chapter {
            name: stringify!($name),
            invoke: |args, out| world::shell::cli::invoke(args, out, $name::run),
            command: <$name::Cli as clap::CommandFactory>::command,
            parses: |args| <$name::Cli as clap::Parser>::try_parse_from(args).map(drop),
            book_order: $name::BOOK_ORDER,
        }
    };
}

/// Every chapter, in the book's order: chapter 1 first. One line each, as the justfile reads
/// them.
#[rustfmt::skip]
pub const ALL: &[Chapter] = &[
    chapter!(bodies),
    chapter!(herd),
    chapter!(crowd),
];

/// The chapter whose crate is `name`.
pub fn named(name: &str) -> Option<&'static Chapter> {
    ALL.iter().find(|c| c.name == name)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::Path;

    fn root() -> &'static Path {
        Path::new(env!("CARGO_MANIFEST_DIR"))
    }

    fn names() -> Vec<String> {
        ALL.iter().map(|c| c.name.to_string()).collect()
    }

    #[test]
    fn every_chapter_folder_is_listed_in_order() {
        let mut folders: Vec<String> = std::fs::read_dir(root().join("chapters"))
            .expect("the chapters are there")
            .map(|e| e.expect("a folder entry").path())
            .filter(|p| p.join("Cargo.toml").is_file())
            .map(|p| p.file_name().expect("a name").to_string_lossy().into_owned())
            .collect();
        folders.sort();
        let mut listed = names();
        listed.sort();
        assert_eq!(folders, listed, "chapters/ against the list in src/chapters.rs");
    }

    #[test]
    fn the_summary_lists_the_chapters_in_the_lists_order() {
        let text = std::fs::read_to_string(root().join("book/src/SUMMARY.md")).unwrap();
        let pages: Vec<String> = crate::markdown::summary(&text)
            .into_iter()
            .filter(|e| e.depth == 0)
            .filter_map(|e| e.page.strip_suffix(".md").map(str::to_string))
            .filter(|p| root().join("chapters").join(p).is_dir() || named(p).is_some())
            .collect();
        assert_eq!(pages, names(), "SUMMARY.md's chapters against the list");
    }

    #[test]
    fn every_chapter_crate_the_book_depends_on_is_listed() {
        let text = std::fs::read_to_string(root().join("Cargo.toml")).unwrap();
        let manifest: toml::Table = text.parse().unwrap();
        let in_chapters = |v: &toml::Value| {
            let path = v.get("path").and_then(toml::Value::as_str).unwrap_or_default();
            path.starts_with("chapters/")
        };
        let mut crates: Vec<String> = manifest["dependencies"]
            .as_table()
            .unwrap()
            .iter()
            .filter(|(_, v)| in_chapters(v))
            .map(|(name, _)| name.clone())
            .collect();
        crates.sort();
        let mut listed = names();
        listed.sort();
        assert_eq!(crates, listed, "the root's chapter dependencies against the list");
    }

    /// The justfile's `chapter N` reads the names with this very pattern; so it must find the
    /// list, in order, in this file.
    #[test]
    fn the_justfile_reads_the_list_from_this_file() {
        let justfile = std::fs::read_to_string(root().join("justfile")).unwrap();
        assert!(
            justfile.contains(r"s/^    chapter!(\([a-z_]*\)),$/\1/p"),
            "the justfile's pattern"
        );
        let text = std::fs::read_to_string(root().join("src/chapters.rs")).unwrap();
        let read: Vec<String> = text
            .lines()
            .filter_map(|l| l.strip_prefix("    chapter!(")?.strip_suffix("),"))
            .map(str::to_string)
            .collect();
        assert_eq!(read, names());
    }

    #[test]
    fn each_chapter_runs_by_its_name() {
        let mut out = Vec::new();
        let args = ["bodies", "held", "--ticks", "0"].map(String::from).to_vec();
        assert!((named("bodies").unwrap().invoke)(args, &mut out).is_err());
        assert!(named("nobody").is_none());
        for c in ALL {
            assert_eq!((c.command)().get_name(), c.name);
            assert!((c.parses)(vec![c.name.to_string()]).is_ok());
        }
    }
}
