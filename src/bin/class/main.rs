//! `class DIR`: the command behind `just class ../class`, the students' copy of the course.

mod edits;

use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode, Stdio};

use theworld::commands::class::Cli;
use world::shell::cli::say;

fn main() -> ExitCode {
    let cli = match theworld::args::parse::<Cli>("class", "give a new folder: ../class") {
        Ok(Some(cli)) => cli,
        Ok(None) => return ExitCode::SUCCESS,
        Err(code) => return code,
    };
    let here = match std::env::current_dir() {
        Ok(here) => here,
        Err(e) => {
            say(format_args!("class: cannot tell the working folder: {e}"));
            return ExitCode::from(1);
        }
    };
    let root = match theworld::repo::find(&here) {
        Ok(root) => root,
        Err(e) => {
            say(format_args!("class: {e}"));
            return ExitCode::from(2);
        }
    };
    let dir = match place(&root, &here.join(&cli.dir)) {
        Ok(dir) => dir,
        Err(why) => {
            say(format_args!("class: {}: {why}", cli.dir.display()));
            return ExitCode::from(2);
        }
    };
    match make(&root, &dir, !cli.no_pdf) {
        Ok(said) => theworld::args::report("class", |out| {
            for line in said {
                writeln!(out, "class: {line}")?;
            }
            Ok(ExitCode::SUCCESS)
        }),
        Err(why) => {
            say(format_args!("class: {why}; nothing was made at {}", cli.dir.display()));
            ExitCode::from(1)
        }
    }
}

/// Where the copy goes, the folder it names made absolute, or why it cannot go there: a
/// folder with something in it, a file, a folder whose own folder is not there, or a place
/// inside the repository (the copy would then be part of the teacher's tree).
fn place(root: &Path, dir: &Path) -> Result<PathBuf, String> {
    let name = dir
        .file_name()
        .filter(|n| *n != "." && *n != "..")
        .ok_or("give a folder by its name: ../class")?;
    let parent = dir.parent().ok_or("give a folder by its name: ../class")?;
    let parent = parent
        .canonicalize()
        .map_err(|_| format!("its folder {} is not there", parent.display()))?;
    let dir = parent.join(name);
    let root = root.canonicalize().map_err(|e| format!("cannot read the repository: {e}"))?;
    if dir.starts_with(&root) {
        return Err("is inside this repository; give a folder outside it: ../class".into());
    }
    match std::fs::symlink_metadata(&dir) {
        Err(_) => Ok(dir),
        Ok(m) if !m.is_dir() => Err("is there and is not a folder; give a new folder".into()),
        Ok(_) => match std::fs::read_dir(&dir).map(|mut d| d.next().is_none()) {
            Ok(true) => Ok(dir),
            Ok(false) => Err("is there and not empty; give a new folder".into()),
            Err(e) => Err(format!("cannot be read: {e}")),
        },
    }
}

/// A folder being made, taken away with all it holds when dropped unless it was put in place.
struct Making(PathBuf);

impl Drop for Making {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// Makes the copy beside `dir` under a scratch name, then puts it in place with one rename.
fn make(root: &Path, dir: &Path, pdf: bool) -> Result<Vec<String>, String> {
    let name = dir.file_name().unwrap_or_default().to_string_lossy();
    let scratch = dir.with_file_name(format!(".{name}.part-{}", std::process::id()));
    std::fs::create_dir(&scratch).map_err(|e| format!("cannot make {}: {e}", scratch.display()))?;
    let making = Making(scratch);
    let at = &making.0;
    let commit = git(root, &["rev-parse", "--short", "HEAD"])
        .map_err(|e| format!("this repository has no commit to copy: {e}"))?;
    let changed = git(root, &["status", "--porcelain", "--untracked-files=no"])?.lines().count();
    export(root, at)?;
    let mut said = vec![format!("copied commit {commit} of {}", root.display())];
    if changed > 0 {
        said.push(format!(
            "{changed} files changed since that commit are not in the copy (commit them first to \
             include them)"
        ));
    }
    said.extend(edits::edit(at)?);
    git(at, &["init", "-q"])?;
    git(at, &["add", "-A"])?;
    let mut commit = vec!["commit", "-q", "-m", "The course"];
    if git(at, &["config", "user.email"]).is_err() {
        commit.splice(0..0, ["-c", "user.name=The course", "-c", "user.email=course@localhost"]);
    }
    git(at, &commit)?;
    said.push("its own git repository, with one commit".into());
    if pdf {
        said.push(handout(at, dir)?);
    }
    std::fs::rename(at, dir).map_err(|e| format!("cannot put it at {}: {e}", dir.display()))?;
    std::mem::forget(making);
    said.push(format!("made {}: hand it to the class", dir.display()));
    Ok(said)
}

/// The committed tree of `root`, written into `to` by `git archive` and `tar`.
fn export(root: &Path, to: &Path) -> Result<(), String> {
    let mut archive = clean(Command::new("git"))
        .args(["archive", "--format=tar", "HEAD"])
        .current_dir(root)
        .stdout(Stdio::piped())
        .spawn()
        .map_err(|e| format!("cannot start git: {e}"))?;
    let tar = Command::new("tar")
        .arg("-x")
        .arg("-C")
        .arg(to)
        .stdin(archive.stdout.take().ok_or("git archive gave no output")?)
        .status()
        .map_err(|e| format!("cannot start tar: {e}"))?;
    let git = archive.wait().map_err(|e| format!("git archive: {e}"))?;
    if !git.success() || !tar.success() {
        return Err(format!("`git archive HEAD | tar -x` failed ({git}, tar {tar})"));
    }
    Ok(())
}

/// A git command with none of the variables that would point it at another repository.
fn clean(mut c: Command) -> Command {
    for v in ["GIT_DIR", "GIT_WORK_TREE", "GIT_INDEX_FILE", "GIT_OBJECT_DIRECTORY"] {
        c.env_remove(v);
    }
    c
}

/// Runs git in `at`, its output or its one-line complaint.
fn git(at: &Path, args: &[&str]) -> Result<String, String> {
    let o = clean(Command::new("git"))
        .args(args)
        .current_dir(at)
        .stdin(Stdio::null())
        .output()
        .map_err(|e| format!("cannot start git: {e}"))?;
    if !o.status.success() {
        let err = String::from_utf8_lossy(&o.stderr);
        let first = err.lines().next().unwrap_or_default();
        return Err(format!("`git {}` failed: {first}", args.join(" ")));
    }
    Ok(String::from_utf8_lossy(&o.stdout).trim().to_string())
}

/// The tools the handout needs, each with what it is for.
const TOOLS: [(&str, &str); 4] = [
    ("mdbook", "to build the book"),
    ("mdbook-quiz", "to build the book's quizzes"),
    ("chromium", "to print it"),
    ("pdfinfo", "to check the print (poppler-utils)"),
];

/// Prints the copy's book to its target/book.pdf with the `pdf` tool built beside this one,
/// or says in one line why there is no handout.
fn handout(at: &Path, dir: &Path) -> Result<String, String> {
    let pdf = std::env::current_exe().ok().and_then(|e| Some(e.parent()?.join("pdf")));
    let missing: Vec<String> = TOOLS
        .iter()
        .filter(|(tool, _)| match *tool {
            // The names the pdf tool looks for.
            "chromium" => ["chromium", "chromium-browser", "google-chrome"]
                .iter()
                .all(|n| on_path(n).is_none()),
            tool => on_path(tool).is_none(),
        })
        .map(|(tool, why)| format!("{tool} ({why})"))
        .collect();
    let them = if missing.len() == 1 { "it" } else { "them" };
    let later = format!("install {them}, then run `just pdf` in {}", dir.display());
    if !missing.is_empty() {
        return Ok(format!("no handout PDF: needs {}; {later}", missing.join(", ")));
    }
    let Some(pdf) = pdf.filter(|p| p.is_file()) else {
        return Ok(format!(
            "no handout PDF: the pdf tool is not built beside this one; run `just pdf` in {}",
            dir.display()
        ));
    };
    let built = Command::new("mdbook")
        .args(["build", "book"])
        .current_dir(at)
        .stdout(Stdio::null())
        .output()
        .map_err(|e| format!("cannot start mdbook: {e}"))?;
    if !built.status.success() {
        let err = String::from_utf8_lossy(&built.stderr);
        return Err(format!("`mdbook build book` failed on the copy: {}", last_line(&err)));
    }
    let out = at.join("target/book.pdf");
    std::fs::create_dir_all(at.join("target")).map_err(|e| format!("cannot make target: {e}"))?;
    let printed = Command::new(&pdf)
        .arg("--out")
        .arg(&out)
        .current_dir(at)
        .stdout(Stdio::null())
        .output()
        .map_err(|e| format!("cannot start {}: {e}", pdf.display()))?;
    if !printed.status.success() {
        let err = String::from_utf8_lossy(&printed.stderr);
        return Err(format!("the handout could not be printed: {}", last_line(&err)));
    }
    Ok(format!("handout without the answers: {}", dir.join("target/book.pdf").display()))
}

fn last_line(s: &str) -> &str {
    s.lines().rev().find(|l| !l.trim().is_empty()).unwrap_or("no message")
}

/// A program on the PATH.
fn on_path(name: &str) -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path).map(|d| d.join(name)).find(|p| p.is_file())
}
