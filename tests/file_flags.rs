//! Every flag of every chapter that names a file or a folder to write is one the write path
//! knows: it is checked before the work, refused beside another flag naming the same place, and
//! written even after the reader stops reading. The write path reads the files off clap's
//! matches by the file parser's type, so a path flag declared without that parser is the one
//! way to fall out of it, and this test walks every chapter's command line for one.

use std::path::PathBuf;

use clap::CommandFactory;
use world::shell::file_flags::{Asked, OutFile, OutFolder, asked, unknown};

/// Every chapter's command line, from the one list of chapters.
fn chapters() -> Vec<(&'static str, clap::Command)> {
    theworld::chapters::ALL.iter().map(|c| (c.name, (c.command)())).collect()
}

#[test]
fn no_chapter_has_a_path_flag_the_write_path_does_not_know() {
    for (name, cmd) in chapters() {
        assert_eq!(unknown(&cmd), Vec::<String>::new(), "{name}");
    }
}

#[test]
fn a_file_flag_with_its_parser_swapped_for_a_plain_path_is_found() {
    let hidden = crowd::Cli::command().mut_subcommand("fan", |s| {
        s.mut_arg("row", |a| a.value_parser(clap::value_parser!(PathBuf)))
    });
    assert_eq!(unknown(&hidden), ["fan --row"]);
    let folder = herd::Cli::command().mut_subcommand("alone", |s| {
        s.mut_arg("shot", |a| a.value_parser(clap::value_parser!(PathBuf)))
    });
    assert_eq!(unknown(&folder), ["alone --shot"]);
}

/// Each file and folder flag, given alone on its subcommand's line, is among what the write
/// path reads off the matches, under its own name and with its own path. The flags are picked
/// by the value name they show (FILE or DIR) and counted against those whose parser gives an
/// `OutFile` or an `OutFolder`, so a flag that stopped being one, or stopped saying so, shows
/// here too.
#[test]
fn every_file_flag_given_is_asked_for_by_its_name() {
    for (name, cmd) in chapters() {
        let mut n = 0;
        let mut parsed = 0;
        for sub in cmd.get_subcommands() {
            parsed += sub.get_arguments().filter(|a| writes(a)).count();
            for arg in sub.get_arguments() {
                let Some(long) = arg.get_long() else { continue };
                let value = match arg.get_value_names().map(|v| v[0].as_str()) {
                    Some("DIR") => "some/folder",
                    Some("FILE") => "some/x.svg",
                    _ => continue,
                };
                let flag = format!("--{long}");
                // Without clap's checks of which flags go together, so that a flag that needs
                // another (`--shares` needs `--cpuprofile`) is read alone too.
                let given = |line: &[&str]| {
                    let m = cmd.clone().ignore_errors(true).try_get_matches_from(line).unwrap();
                    asked(&cmd, &m, &[])
                };
                let mut line = vec![name, sub.get_name(), &flag, value];
                if given(&line).is_empty() {
                    line[3] = "some/x.png";
                }
                let want = match value {
                    "some/folder" => Asked::Folder(flag.clone().leak(), value.into(), Vec::new()),
                    _ => Asked::File(flag.clone().leak(), line[3].into()),
                };
                assert_eq!(given(&line), [want], "{line:?}");
                n += 1;
            }
        }
        assert_eq!(n, parsed, "{name}: {n} flags show FILE or DIR, {parsed} have a file parser");
    }
}

/// Whether `arg`'s parser gives a file or a folder to write.
fn writes(arg: &clap::Arg) -> bool {
    let of = arg.get_value_parser().type_id();
    of == std::any::TypeId::of::<OutFile>() || of == std::any::TypeId::of::<OutFolder>()
}

/// Every course binary's command line (`src/bin`), by its name.
fn course() -> Vec<clap::Command> {
    use theworld::commands::{blocks, browser, challenge, class, hint, pdf};
    vec![
        blocks::Cli::command(),
        browser::Cli::command(),
        challenge::Cli::command(),
        class::Cli::command(),
        hint::Cli::command(),
        pdf::Cli::command(),
    ]
}

#[test]
fn every_course_binary_is_walked() {
    let bins = std::fs::read_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/src/bin")).unwrap();
    let mut names: Vec<String> = bins
        .map(|e| e.unwrap().path())
        .map(|p| p.file_stem().unwrap().to_string_lossy().into_owned())
        .collect();
    names.sort();
    let walked: Vec<String> = course().iter().map(|c| c.get_name().to_string()).collect();
    assert_eq!(walked, names, "src/bin against the commands walked here");
}

/// The course binaries go through the same write path as the chapters (`theworld::args`), so
/// the same rule holds: a path flag is a file parser's. `class`'s DIR is the one path outside
/// it: the copy is a folder class checks in its own words (new or empty, outside the
/// repository) and makes whole by one rename, not a folder to write files into.
#[test]
fn no_course_binary_has_a_path_flag_the_write_path_does_not_know() {
    let found: Vec<String> = course().iter().flat_map(unknown).collect();
    assert_eq!(found, ["class dir"]);
}

#[test]
fn the_pdfs_out_is_asked_for_by_its_name_and_keeps_its_suffix() {
    let cmd = theworld::commands::pdf::Cli::command();
    let m = cmd.clone().try_get_matches_from(["pdf", "--out", "hand/out.PDF"]).unwrap();
    assert_eq!(asked(&cmd, &m, &[]), [Asked::File("--out", "hand/out.PDF".into())]);
    let m = cmd.clone().try_get_matches_from(["pdf"]).unwrap();
    assert_eq!(asked(&cmd, &m, &[]), []);
    let e = cmd.clone().try_get_matches_from(["pdf", "--out", "out.svg"]).unwrap_err();
    assert!(e.to_string().contains("out.svg must end in .pdf"), "{e}");
}
