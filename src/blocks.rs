//! Console blocks: the book's figures, and the commands that produce them.
//!
//! A block opens with ```` ```console ````, its first line is `$ ` and the command (which may go
//! on to the next line after a line ending in ` \`, so that it fits the page), and every line
//! after it is what the command prints. A plain `console` block is deterministic: the
//! check reruns it and demands the same text to the byte, and every picture the command writes
//! must come out byte-identical to the one in the book too. Its command must succeed: a failure
//! is a problem in every mode, and `bless` never writes one into the book. A
//! `console,refusal` block is the exception, for the book's examples of a command refusing its
//! input: its command must fail, and its output ends with the one line the binary prints to
//! stderr and the exit code. A `console,measured` block holds timings: it is rerun only by
//! `measure` (see [`crate::measure`]), through a real shell, never compared, and written only
//! when the rest of the machine was quiet while it ran. Its header records what it timed, and
//! `verify` fails on a block whose command now times another design (a stale block), whose
//! command its chapter no longer takes, or, for a timed table of designs, that lacks a switch
//! its stage has now (see [`crate::timed_rows`]).
//!
//! `verify` changes nothing, ever: pictures are compared in memory (see
//! `world::shell::files::capture`).

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

use world::shell::progress::Progress;

use crate::run::Ran;
use crate::{includes, links, measure};
use world::shell::busy::Load;

pub use crate::console::{Block, Kind, parse};

/// What a rerun gives a block: its new output, and for a measured block its new header line
/// (see [`measure::header`]).
#[derive(Clone, Debug, PartialEq)]
pub struct New {
    pub output: String,
    pub note: Option<String>,
}

/// The page with each block's output replaced, and for a measured block given a note, the
/// `*Measured on ...*` line above it replaced by that line. A block given nothing (one that was
/// not rerun, or not written) keeps its output and its note as they were.
fn rewrite(page: &str, blocks: &[(Block, Option<New>)]) -> String {
    let lines: Vec<&str> = page.lines().collect();
    let mut out = String::new();
    let mut next = 0;
    for (b, new) in blocks {
        let mut upto = b.open;
        let text = new.as_ref().map_or(&b.output, |n| &n.output);
        let note =
            new.as_ref().and_then(|n| n.note.as_deref()).filter(|_| b.kind == Kind::Measured);
        if note.is_some() && b.open > 0 && lines[b.open - 1].starts_with("*Measured on") {
            upto -= 1;
        }
        lines[next..upto].iter().for_each(|l| out.push_str(&format!("{l}\n")));
        if let Some(note) = note {
            out.push_str(&format!("{note}\n"));
        }
        out.push_str(&format!("{}\n{}\n{text}{}\n", lines[b.open], b.written, lines[b.close]));
        next = b.close + 1;
    }
    lines[next..].iter().for_each(|l| out.push_str(&format!("{l}\n")));
    out
}

/// What to do with the blocks.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Mode {
    /// Rerun deterministic blocks and report every difference; write nothing at all.
    Verify,
    /// Rerun deterministic blocks and write what they print into the book.
    Bless,
    /// Rerun measured blocks through a shell, each under the load watcher, and write what they
    /// print into the book. A block the rest of the machine was busy beside is not written,
    /// unless `busy_ok`, and then its header says "taken on a busy machine".
    Measure { busy_ok: bool },
}

impl Mode {
    fn measures(self) -> bool {
        matches!(self, Mode::Measure { .. })
    }
}

/// A page and its problems or changes, as the report says them.
#[derive(Debug, Default)]
pub struct Report {
    /// A filter that matches no block: bad input, said in one line, not a problem of the book.
    pub refused: Option<String>,
    pub problems: Vec<String>,
    pub ran: usize,
    pub rewritten: Vec<PathBuf>,
}

/// The book's pages, in a fixed order.
pub fn pages(root: &Path) -> Vec<PathBuf> {
    let mut pages: Vec<PathBuf> = std::fs::read_dir(root.join("book/src"))
        .map(|d| d.filter_map(|e| e.ok().map(|e| e.path())).collect())
        .unwrap_or_default();
    pages.retain(|p| p.extension().is_some_and(|e| e == "md"));
    pages.sort();
    pages
}

/// Pictures a block's output says it wrote.
fn pictures(output: &str) -> Vec<PathBuf> {
    output.lines().filter_map(|l| l.strip_prefix("wrote ")).map(PathBuf::from).collect()
}

/// Checks or rewrites every block on every page (or only pages and commands containing
/// `only`, which must match something). Paths in commands are relative to `root`; `bless` and
/// `measure` write there, so `root` must be the working directory for them.
///
/// Three steps: find the pages and their blocks, run each wanted command once, and compare
/// what each block says with what its command did (writing the page, unless verifying).
pub fn check(root: &Path, mode: Mode, only: Option<&str>) -> Report {
    let mut report = Report::default();
    let pages = find(root, &mut report.problems);
    let wanted = |page: &Page, b: &Block| {
        (b.kind == Kind::Measured) == mode.measures()
            && only.is_none_or(|o| page.name.contains(o) || b.command.contains(o))
    };
    if mode == Mode::Verify {
        report.problems.extend(pages.iter().flat_map(|p| stale(p, only)));
    }
    // Each distinct command runs once.
    let mut commands: Vec<String> = pages
        .iter()
        .flat_map(|p| p.blocks.iter().filter(|b| wanted(p, b)).map(|b| b.command.clone()))
        .collect();
    commands.sort();
    commands.dedup();
    if commands.is_empty() {
        nothing_found(root, mode, only, &mut report);
        return report;
    }
    // What the commands write waits, in memory or in a scratch folder, until the whole run has
    // succeeded: a run that fails or is stopped leaves every picture in the book as it was.
    let (results, wrote) = match run_commands(root, &commands, mode) {
        Ok(done) => done,
        Err(e) => {
            report.problems.push(e);
            return report;
        }
    };
    report.ran = commands.len();
    let (mut after, mut on_disk) = (Vec::new(), Vec::new());
    for page in pages {
        let changed: Vec<(Block, Option<New>)> = page
            .blocks
            .iter()
            .map(|b| {
                let new = wanted(&page, b)
                    .then(|| compare(&page, b, &results[&b.command], mode, &mut report.problems))
                    .flatten();
                (b.clone(), new)
            })
            .collect();
        let text = match mode {
            Mode::Verify => page.text.clone(),
            _ => rewrite(&page.text, &changed),
        };
        on_disk.push(page.text);
        after.push(crate::figures::Page { path: page.path, name: page.name, text });
    }
    // The figures are filled from the blocks as this run leaves them, in memory: a page written
    // now is only staged until the run ends, so reading it back would read the old blocks.
    settle(root, after, &on_disk, mode != Mode::Verify, None, &mut report);
    if mode != Mode::Verify && report.problems.is_empty() {
        put_in_place(root, wrote, &mut report);
    }
    report
}

/// What a run with no block to run says: a filter that matched nothing is refused, naming it;
/// a book with no block at all is a problem.
fn nothing_found(root: &Path, mode: Mode, only: Option<&str>, report: &mut Report) {
    let what = if mode.measures() { "measured block" } else { "console block" };
    match only {
        Some(o) => {
            // Quoted with its control characters escaped, so a newline keeps it one line.
            let o = world::shell::files::shown(&format!("`{o}`"));
            report.refused = Some(format!(
                "no {what} on a page or in a command matches {o}: give part of a page's name or \
                 of a command, or nothing for every block"
            ));
        }
        None => report
            .problems
            .push(format!("no {what} found under {}", root.join("book/src").display())),
    }
}

/// Runs every command once, as `mode` runs them, and gathers the files they wrote.
fn run_commands(root: &Path, commands: &[String], mode: Mode) -> Result<(Results, Wrote), String> {
    if mode.measures() {
        return measure_all(root, commands);
    }
    let results = run_all(root, commands, mode);
    let wrote = results.values().flatten().flat_map(|d| d.files.clone()).collect();
    Ok((results, wrote))
}

/// Writes every picture the run's commands wrote (each path relative to `root`, or absolute),
/// as one staged run: all of them, or none if one cannot be written.
fn put_in_place(root: &Path, wrote: Wrote, report: &mut Report) {
    let placed = world::shell::files::staged(|| {
        let mut changed = Vec::new();
        for (path, bytes) in wrote {
            let at = root.join(&path);
            if std::fs::read(&at).is_ok_and(|old| old == bytes) {
                continue;
            }
            if let Some(dir) = at.parent() {
                world::shell::files::folder(dir)?;
            }
            world::shell::files::write(&at, &bytes)?;
            changed.push(at);
        }
        Ok::<_, world::shell::files::OutError>(changed)
    });
    match placed {
        Ok(changed) => report.rewritten.extend(changed),
        Err(e) => report.problems.push(e.to_string()),
    }
}

/// The figures the prose reads from the blocks, filled in from the pages as they stand on disk
/// (`blocks figures`), or checked, as `settle` does after a run. A page's figures may read
/// another page's blocks, so every page is read; `only`, when given, picks the pages written and
/// reported.
pub fn figures(root: &Path, write: bool, only: Option<&str>, report: &mut Report) {
    let mut read = Vec::new();
    for path in pages(root) {
        let name = path.strip_prefix(root).unwrap_or(&path).display().to_string();
        match std::fs::read_to_string(&path) {
            Ok(text) => read.push(crate::figures::Page { path, name, text }),
            Err(e) => report.problems.push(format!("{name}: cannot read: {e}")),
        }
    }
    let on_disk: Vec<String> = read.iter().map(|p| p.text.clone()).collect();
    settle(root, read, &on_disk, write, only, report);
}

/// Fills every figure of `pages` (their texts as the run leaves them) from their blocks, or
/// checks them when not writing, and lists the figures typed into the prose, which are problems
/// either way. Writing, each page whose text now differs from `on_disk` is written once.
fn settle(
    root: &Path,
    pages: Vec<crate::figures::Page>,
    on_disk: &[String],
    write: bool,
    only: Option<&str>,
    report: &mut Report,
) {
    let picked = |name: &str| only.is_none_or(|o| name.contains(o));
    let mut problems = Vec::new();
    let mut named = crate::figures::named(&pages, &mut problems);
    // The aims are judged from the same blocks, and where each stands is a block of its own.
    crate::aims::judge(&pages, &mut named, &mut problems);
    let (new, more) = crate::figures::fill(&pages, &named, !write);
    problems.extend(more);
    report.problems.extend(problems.into_iter().filter(|p| picked(p)));
    match crate::figures::FixedList::read(root) {
        Ok(fixed) => {
            let mine: Vec<_> = pages.iter().filter(|p| picked(&p.name)).cloned().collect();
            report.problems.extend(crate::figures::typed_problems(&mine, &fixed));
        }
        Err(e) => report.problems.push(e),
    }
    // A run with a problem writes nothing, so no page is said to be rewritten.
    if write && report.problems.is_empty() {
        for ((page, filled), was) in pages.iter().zip(new).zip(on_disk) {
            let text = filled.as_deref().unwrap_or(&page.text);
            if text == was || !picked(&page.name) {
                continue;
            }
            if let Err(e) = world::shell::files::write(&page.path, text.as_bytes()) {
                report.problems.push(format!("{}: {e}", page.name));
            }
            report.rewritten.push(page.path.clone());
        }
    }
}

/// One page of the book: where it is, its name as a report gives it, its text and its blocks.
struct Page {
    path: PathBuf,
    name: String,
    text: String,
    blocks: Vec<Block>,
}

/// Every page that reads and parses, with the problems of its includes, its links and its
/// measured blocks' headers, and of the book's terms (see [`crate::terms`]); the problems of the
/// rest.
fn find(root: &Path, problems: &mut Vec<String>) -> Vec<Page> {
    let mut found = Vec::new();
    for path in pages(root) {
        let name = path.strip_prefix(root).unwrap_or(&path).display().to_string();
        let text = match std::fs::read_to_string(&path) {
            Ok(t) => t,
            Err(e) => {
                problems.push(format!("{name}: cannot read: {e}"));
                continue;
            }
        };
        let dir = path.parent().unwrap_or(root);
        for inc in includes::find(&text) {
            if let Some(p) = includes::problem(dir, &inc) {
                problems.push(format!("{name}:{}: {p}", inc.line));
            }
        }
        for link in links::find(&text) {
            if let Some(p) = links::problem(dir, &text, &link) {
                problems.push(format!("{name}:{}: {p}", link.line));
            }
        }
        problems.extend(crate::pictures::problems(&name, &text, dir));
        for p in crate::quiz::check_page(&path, &text) {
            problems.push(format!("{name}:{}: the quiz {}: {}", p.line, p.quiz, p.what));
        }
        let blocks = match parse(&text) {
            Ok(blocks) => blocks,
            Err(e) => {
                problems.push(format!("{name}:{e}"));
                continue;
            }
        };
        for b in blocks.iter().filter(|b| b.kind == Kind::Measured) {
            if b.open == 0
                || !text.lines().nth(b.open - 1).unwrap_or("").starts_with("*Measured on")
            {
                problems.push(format!(
                    "{name}:{}: a measured block needs a `*Measured on ...*` line right above it",
                    b.open + 1
                ));
            }
        }
        problems.extend(refused(&name, &blocks));
        found.push(Page { path, name, text, blocks });
    }
    // Terms are the whole book's: a page may use a word that another page defines.
    problems.extend(crate::terms::check(root));
    // So are the switches: a timed designs table is held to the chapter's whole table.
    problems.extend(crate::timed_rows::check(
        found.iter().map(|p: &Page| (p.name.as_str(), p.blocks.as_slice())),
    ));
    found
}

/// Every measured block of a page whose chapter refuses its command now, each said in one line.
/// `verify` never runs a measured block, so without this a flag renamed in a chapter would
/// leave a timing under a command no reader can run, found only at the next `just measure`.
fn refused(name: &str, blocks: &[Block]) -> Vec<String> {
    let mut found = Vec::new();
    for b in blocks.iter().filter(|b| b.kind == Kind::Measured) {
        let Some((package, args)) = crate::run::chapter_words(&b.command) else { continue };
        let Some(chapter) = crate::chapters::named(&package) else { continue };
        let line = std::iter::once(package.clone()).chain(args).collect();
        if let Err(e) = (chapter.parses)(line) {
            let why = e.apply::<world::shell::one_line::OneLine>().to_string();
            found.push(format!(
                "{name}:{}: the measured block (`{}`) runs a command {package} refuses now: \
                 {why}; mend the command, then take it again (`just measure` with part of it)",
                b.open + 2,
                b.command
            ));
        }
    }
    found
}

/// Every measured block of `page` (or only those whose page or command contains `only`) whose
/// header does not say it timed what its command times now, each said in one line: the page
/// and line of its command, its name and command, and what is wrong (see [`measure::stale`]).
fn stale(page: &Page, only: Option<&str>) -> Vec<String> {
    let lines: Vec<&str> = page.text.lines().collect();
    let picked = |b: &&Block| {
        b.kind == Kind::Measured
            && only.is_none_or(|o| page.name.contains(o) || b.command.contains(o))
    };
    let mut found = Vec::new();
    for b in page.blocks.iter().filter(picked) {
        let header = b.open.checked_sub(1).map_or("", |i| lines[i]);
        let Some(why) = measure::stale(header, &b.command) else { continue };
        let name =
            crate::figures::name(&page.text, b).map(|n| format!("`{n}` ")).unwrap_or_default();
        let at = format!("{}:{}", page.name, b.open + 2);
        found.push(format!("{at}: the measured block {name}(`{}`) {why}", b.command));
    }
    found
}

/// What one command did: what it printed, what is wrong with the pictures it wrote, and for a
/// measured command its header and the load it was taken under.
#[derive(Debug)]
struct Done {
    ran: Ran,
    pictures: Vec<String>,
    /// The files it wrote, kept until the whole run has succeeded.
    files: Wrote,
    measured: Option<(String, Load)>,
}

/// Files the commands wrote, each with its path and bytes, waiting to be put in place.
type Wrote = Vec<(PathBuf, Vec<u8>)>;

/// What each command did, or why it could not be run.
type Results = BTreeMap<String, Result<Done, String>>;

/// What a block's command did against what the block says: the block's new output and note,
/// or nothing, with the problems found pushed onto `problems`.
fn compare(
    page: &Page,
    b: &Block,
    result: &Result<Done, String>,
    mode: Mode,
    problems: &mut Vec<String>,
) -> Option<New> {
    let at = format!("{}:{}", page.name, b.open + 2);
    let done = match result {
        Err(e) => {
            problems.push(format!("{at}: {e}"));
            return None;
        }
        Ok(d) => d,
    };
    for p in &done.pictures {
        problems.push(format!("{at}: picture {} {p}", b.command));
    }
    let output = match (b.kind, &done.ran.refused) {
        (Kind::Refusal, None) => {
            problems.push(format!(
                "{at}: `{}` is shown refusing, but it ran (fence it as `console` if that is now \
                 right)",
                b.command
            ));
            return None;
        }
        (Kind::Plain | Kind::Measured, Some(line)) => {
            problems.push(format!(
                "{at}: `{}` failed: {line} (a block that shows a refusal on purpose is fenced \
                 `console,refusal`)",
                b.command
            ));
            return None;
        }
        _ => done.ran.shown(),
    };
    if output != b.output && mode == Mode::Verify {
        problems.push(format!(
            "{at}: `{}` prints something else now:\n{}",
            b.command,
            diff(&b.output, &output)
        ));
    }
    let note = match (&done.measured, mode) {
        (Some((_, load)), Mode::Measure { busy_ok: false }) if load.busy() => {
            problems.push(measure::refusal(&at, &b.command, load));
            return None;
        }
        (Some((note, _)), _) => Some(note.clone()),
        (None, _) => None,
    };
    Some(New { output, note })
}

/// Runs chapter commands in-process on every core, with a bar on stderr for a person watching.
fn run_all(root: &Path, commands: &[String], mode: Mode) -> Results {
    let next = AtomicUsize::new(0);
    let done = Mutex::new(BTreeMap::new());
    let workers =
        std::thread::available_parallelism().map_or(1, |n| n.get()).min(commands.len().max(1));
    let progress = Progress::new("blocks", commands.len() as u64);
    std::thread::scope(|s| {
        for _ in 0..workers {
            s.spawn(|| {
                while let Some(c) = commands.get(next.fetch_add(1, Ordering::Relaxed)) {
                    let r = run_one(root, c, mode);
                    done.lock().unwrap_or_else(|e| e.into_inner()).insert(c.clone(), r);
                    progress.step();
                }
            });
        }
    });
    done.into_inner().unwrap_or_else(|e| e.into_inner())
}

/// Runs one command with every file it writes kept in memory. In `verify` each is compared
/// with the one in the book; in `bless` they are handed back, to be written once the whole run
/// has succeeded.
fn run_one(root: &Path, command: &str, mode: Mode) -> Result<Done, String> {
    let (ran, files) = world::shell::files::capture(|| crate::run::run(command));
    let ran = ran?;
    let mut drifted = Vec::new();
    for p in pictures(&ran.stdout) {
        if !files.iter().any(|(q, _)| *q == p) {
            drifted
                .push(format!("{}: it says it wrote it, but it wrote no such file", p.display()));
        }
    }
    if mode != Mode::Verify {
        return Ok(Done { ran, pictures: drifted, files, measured: None });
    }
    for (p, new) in &files {
        match std::fs::read(root.join(p)) {
            Ok(old) if old == *new => {}
            Ok(_) => drifted.push(format!("{} is not the picture in the book", p.display())),
            Err(_) => {
                drifted.push(format!("{} is not in the book yet (run `just bless`)", p.display()))
            }
        }
    }
    Ok(Done { ran, pictures: drifted, files: Vec::new(), measured: None })
}

/// Measured blocks run one at a time through `sh`, so timings do not share the machine, each
/// after the float loop and under the load watcher. What they write goes to a scratch folder
/// (see `world::shell::files::WRITE_UNDER`), handed back with the place each file is for.
fn measure_all(root: &Path, commands: &[String]) -> Result<(Results, Wrote), String> {
    let machine = measure::machine();
    let scratch = std::env::temp_dir().join(format!("blocks-measure-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&scratch);
    let tree = world::shell::files::Tree::make(scratch).map_err(|e| e.to_string())?;
    let results = commands
        .iter()
        .map(|c| {
            let taken = measure::take(root, c, &machine, &tree.0).map(|t| Done {
                ran: t.ran,
                pictures: vec![],
                files: vec![],
                measured: Some((t.note, t.load)),
            });
            (c.clone(), taken)
        })
        .collect();
    let mut wrote = Vec::new();
    for (at, place) in world::shell::files::written_under(&tree.0) {
        let bytes = std::fs::read(&at).map_err(|e| format!("cannot read {}: {e}", at.display()))?;
        wrote.push((place, bytes));
    }
    Ok((results, wrote))
}

/// A line diff of what the book says against what the command printed.
pub fn diff(book: &str, now: &str) -> String {
    similar::TextDiff::from_lines(book, now)
        .unified_diff()
        .context_radius(2)
        .header("in the book", "printed now")
        .to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    const PAGE: &str = "# A page\n\n```console\n$ cargo run --release -p bodies -- table\nold\n```\n\ntext\n\n*Measured on a toaster.*\n```console,measured\n$ echo hi\nslow\n```\n```text\n$ not checked\n```\n";

    #[test]
    fn finds_console_blocks_and_skips_the_rest() {
        let b = parse(PAGE).unwrap();
        assert_eq!(b.len(), 2);
        assert_eq!(b[0].command, "cargo run --release -p bodies -- table");
        assert_eq!(b[0].output, "old\n");
        assert_eq!((b[0].kind, b[1].kind), (Kind::Plain, Kind::Measured));
        assert_eq!((b[1].open, b[1].close), (10, 13));
    }

    #[test]
    fn a_refusal_fence_is_its_own_kind() {
        let b = parse(
            "```console,refusal\n$ cargo run --release -p bodies -- held --ticks 0\nx\n```\n",
        );
        assert_eq!(b.unwrap()[0].kind, Kind::Refusal);
    }

    #[test]
    fn a_block_without_a_command_or_a_close_is_an_error() {
        assert!(parse("```console\nno dollar\n```\n").is_err());
        assert!(parse("```console\n```\n").is_err());
        assert!(parse("```console\n$ x\n").is_err());
    }

    #[test]
    fn rewrite_replaces_only_the_outputs_and_the_note() {
        let b = parse(PAGE).unwrap();
        let new = |output: &str, note: Option<&str>| {
            Some(New { output: output.into(), note: note.map(String::from) })
        };
        let text = rewrite(
            PAGE,
            &[
                (b[0].clone(), new("new\nlines\n", None)),
                (b[1].clone(), new("fast\n", Some("*Measured on a kettle.*"))),
            ],
        );
        let again = parse(&text).unwrap();
        assert_eq!(again[0].output, "new\nlines\n");
        assert_eq!(again[1].output, "fast\n");
        assert!(
            text.contains("*Measured on a kettle.*\n```console,measured")
                && !text.contains("toaster")
        );
        assert!(
            text.starts_with("# A page\n\n```console\n")
                && text.ends_with("```text\n$ not checked\n```\n")
        );
        let same = rewrite(PAGE, &[(b[0].clone(), new("old\n", None)), (b[1].clone(), None)]);
        assert_eq!(same, PAGE);
        let kept = rewrite(PAGE, &[(b[0].clone(), None), (b[1].clone(), None)]);
        assert_eq!(kept, PAGE, "a block not rerun keeps its note");
    }

    #[test]
    fn a_long_command_goes_on_after_a_backslash_and_is_written_back_as_it_was() {
        let page = "```console,measured\n$ cargo bench -q -p world --bench fan \\\n    -- --warm-up-time 1 \\\n  | grep time\nfast\n```\n";
        let b = parse(page).unwrap();
        assert_eq!(
            b[0].command,
            "cargo bench -q -p world --bench fan -- --warm-up-time 1 | grep time"
        );
        assert_eq!(b[0].output, "fast\n");
        let new = Some(New { output: "faster\n".into(), note: None });
        let text = rewrite(page, &[(b[0].clone(), new)]);
        assert_eq!(text, page.replace("fast\n", "faster\n"));
        assert!(parse("```console\n$ cargo run --release -p bodies \\\n```\n").is_err());
        assert_eq!(parse("```console\n$ echo a\\\\\nb\n```\n").unwrap()[0].command, "echo a\\\\");
    }

    #[test]
    fn a_measured_block_whose_command_its_chapter_refuses_is_a_problem() {
        let page = |args: &str| {
            format!(
                "*Measured on a kettle.*\n```console,measured\n\
                 $ cargo run --release -q -p crowd -- {args} | tail -n 8\nfast\n```\n"
            )
        };
        let now = parse(&page("crew --ticks 120 --clock")).unwrap();
        assert_eq!(refused("p.md", &now), Vec::<String>::new());
        let renamed = parse(&page("crew --ticks 120 --timed")).unwrap();
        let found = refused("p.md", &renamed);
        assert_eq!(found.len(), 1, "{found:?}");
        assert!(found[0].starts_with("p.md:3: the measured block"), "{}", found[0]);
        assert!(found[0].contains("--timed"), "{}", found[0]);
    }

    #[test]
    fn pictures_are_the_wrote_lines() {
        assert_eq!(pictures("a\nwrote x/y.png\nb\n"), vec![PathBuf::from("x/y.png")]);
    }
}
