//! The flags that name a file or a folder for a run to write, and what a parsed command line
//! asks for through them.
//!
//! A flag writes a file when its value parser is [`svg`] or [`png()`] (or a command's own that
//! gives an [`OutFile`] too, as the course's `pdf --out` does to keep its own suffix), and a
//! folder when it is [`folder`]: the values come out of clap as an [`OutFile`] or an
//! [`OutFolder`], and the files a run writes are read off clap's matches by that type
//! ([`asked`]). No list of file flags is kept by hand, so a new one is checked before the work,
//! and written even after the reader stops reading, by being declared with the file parser
//! alone.

use std::path::{Path, PathBuf};

use clap::ArgMatches;
use clap::builder::TypedValueParser;

/// A path a command line asks a run to write, with the flag that named it.
#[derive(Clone, Debug, PartialEq)]
pub enum Asked {
    /// One file, in a folder that must already be there.
    File(&'static str, PathBuf),
    /// A folder to write files into, made (with its parents) if need be, and the names of
    /// the files the run will write there.
    Folder(&'static str, PathBuf, Vec<String>),
}

/// A file a flag asks the run to write: what [`svg`] and [`png()`] give, so that the write path
/// finds every such flag by its type.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OutFile(pub PathBuf);

/// A folder a flag asks the run to write files into: what [`folder`] gives.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OutFolder(pub PathBuf);

impl std::ops::Deref for OutFile {
    type Target = Path;

    fn deref(&self) -> &Path {
        &self.0
    }
}

impl std::ops::Deref for OutFolder {
    type Target = Path;

    fn deref(&self) -> &Path {
        &self.0
    }
}

/// The name of a file a flag writes as SVG, for a clap `value_parser`. The name must say what
/// the file holds: a chart saved under `held.png` would be SVG text that a picture viewer, told
/// by the name to expect a PNG, refuses to open.
pub fn svg(s: &str) -> Result<OutFile, String> {
    named(s, "svg", "SVG").map(OutFile)
}

/// The name of a file a flag writes as PNG, by the same rule as [`svg`].
pub fn png(s: &str) -> Result<OutFile, String> {
    named(s, "png", "PNG").map(OutFile)
}

/// The value parser of a flag naming a folder to write into: any path, as clap takes one.
pub fn folder() -> impl TypedValueParser<Value = OutFolder> {
    clap::builder::PathBufValueParser::new().map(OutFolder)
}

fn named(s: &str, ext: &str, what: &str) -> Result<PathBuf, String> {
    // A path read as a file name drops a trailing slash, which the write would not: refused
    // here, before the work, rather than after it with "Not a directory".
    if s.ends_with(std::path::MAIN_SEPARATOR) || s.ends_with('/') {
        return Err(format!("'{s}' ends in a slash, so it names a folder: give a file name"));
    }
    let path = PathBuf::from(s);
    match path.extension() {
        Some(e) if e.eq_ignore_ascii_case(ext) => Ok(path),
        _ => Err(format!("the file will be {what}, so its name must end in .{ext}")),
    }
}

/// Whether `arg` writes a file ([`OutFile`]) or a folder ([`OutFolder`]): its parser says.
fn writes(arg: &clap::Arg) -> Option<bool> {
    let of = arg.get_value_parser().type_id();
    if of == std::any::TypeId::of::<OutFile>() {
        Some(true)
    } else if of == std::any::TypeId::of::<OutFolder>() {
        Some(false)
    } else {
        None
    }
}

/// Every file and folder the command line `m` of `cmd` asks its run to write, in the order the
/// flags are declared, through the subcommand given and any of its own. `in_folder` names the
/// files the run writes into each folder.
pub fn asked(cmd: &clap::Command, m: &ArgMatches, in_folder: &[String]) -> Vec<Asked> {
    let mut found = Vec::new();
    for arg in cmd.get_arguments() {
        let (Some(file), Some(long)) = (writes(arg), arg.get_long()) else { continue };
        let flag = kept(format!("--{long}"));
        let id = arg.get_id().as_str();
        if file {
            let given = m.try_get_many::<OutFile>(id).ok().flatten().into_iter().flatten();
            found.extend(given.map(|p| Asked::File(flag, p.0.clone())));
        } else {
            let given = m.try_get_many::<OutFolder>(id).ok().flatten().into_iter().flatten();
            found.extend(given.map(|p| Asked::Folder(flag, p.0.clone(), in_folder.to_vec())));
        }
    }
    if let Some((name, sub)) = m.subcommand()
        && let Some(cmd) = cmd.find_subcommand(name)
    {
        found.extend(asked(cmd, sub, in_folder));
    }
    found
}

/// `flag` as a name that lasts the run: each flag's name is made once, however often a command
/// line is read.
fn kept(flag: String) -> &'static str {
    static KEPT: std::sync::Mutex<Vec<&'static str>> = std::sync::Mutex::new(Vec::new());
    let mut kept = KEPT.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
    if let Some(k) = kept.iter().find(|k| **k == flag) {
        return k;
    }
    let k: &'static str = Box::leak(flag.into_boxed_str());
    kept.push(k);
    k
}

/// Every flag of `cmd` and its subcommands that takes a path but not through a file parser:
/// the write path would not know it, so its file would be neither checked before the work nor
/// written whole whatever happened to the report. A chapter reads no file, so a path flag is
/// one it writes.
pub fn unknown(cmd: &clap::Command) -> Vec<String> {
    let path = |a: &clap::Arg| {
        let by_type = a.get_value_parser().type_id() == std::any::TypeId::of::<PathBuf>();
        let by_name =
            a.get_value_names().is_some_and(|n| n.iter().any(|n| n == "FILE" || n == "DIR"));
        a.get_action().takes_values() && writes(a).is_none() && (by_type || by_name)
    };
    let own = cmd.get_arguments().filter(|a| path(a)).map(|a| {
        let name = a.get_long().map_or_else(|| a.get_id().to_string(), |l| format!("--{l}"));
        format!("{} {name}", cmd.get_name())
    });
    let mut found: Vec<String> = own.collect();
    cmd.get_subcommands().for_each(|s| found.extend(unknown(s)));
    found
}

#[cfg(test)]
mod tests {
    use clap::{CommandFactory, FromArgMatches, Parser};

    use super::*;

    #[test]
    fn a_file_is_named_for_what_it_holds() {
        let file = |s: &str| OutFile(PathBuf::from(s));
        assert_eq!(svg("out/chart.svg"), Ok(file("out/chart.svg")));
        assert_eq!(svg("CHART.SVG"), Ok(file("CHART.SVG")));
        assert_eq!(png("frame.png"), Ok(file("frame.png")));
        for wrong in ["chart.png", "chart", "svg", "chart.svg.txt", ""] {
            assert!(svg(wrong).unwrap_err().ends_with("must end in .svg"), "{wrong}");
        }
        assert!(png("frame.svg").unwrap_err().contains("the file will be PNG"));
        assert!(png("/tmp/x.png/").unwrap_err().contains("ends in a slash"));
        assert!(svg("out/chart.svg/").unwrap_err().contains("names a folder"));
    }

    #[derive(Parser, Debug)]
    struct Demo {
        #[command(subcommand)]
        draw: Draw,
    }

    #[derive(clap::Subcommand, Debug)]
    enum Draw {
        Picture {
            #[arg(long, value_name = "FILE", value_parser = svg)]
            chart: Option<OutFile>,
            #[arg(long, value_name = "DIR", value_parser = folder())]
            shot: Option<OutFolder>,
            #[arg(long, value_name = "FILE", value_parser = png)]
            film: Option<OutFile>,
        },
    }

    #[test]
    fn the_files_asked_for_are_read_off_the_matches_in_the_flags_order() {
        let cmd = Demo::command();
        let m = cmd
            .clone()
            .try_get_matches_from([
                "demo", "picture", "--film", "f.png", "--shot", "s", "--chart", "c.svg",
            ])
            .unwrap();
        let names = ["a.png".to_string()];
        assert_eq!(
            asked(&cmd, &m, &names),
            [
                Asked::File("--chart", "c.svg".into()),
                Asked::Folder("--shot", "s".into(), names.to_vec()),
                Asked::File("--film", "f.png".into()),
            ]
        );
        let m = cmd.clone().try_get_matches_from(["demo", "picture"]).unwrap();
        assert_eq!(asked(&cmd, &m, &names), []);
        assert!(Demo::from_arg_matches(&m).is_ok());
        assert_eq!(unknown(&cmd), Vec::<String>::new());
    }

    #[test]
    fn a_path_flag_without_a_file_parser_is_found() {
        let hidden = clap::Arg::new("out").long("out").value_parser(clap::value_parser!(PathBuf));
        let named = clap::Arg::new("plot").long("plot").value_name("FILE");
        let cmd = Demo::command().mut_subcommand("picture", |s| s.arg(hidden).arg(named));
        assert_eq!(unknown(&cmd), ["picture --out", "picture --plot"]);
    }
}
