//! `pdf`: the command behind `just pdf`. Prints the built book's print page to one PDF with
//! headless Chromium, its moving pictures as their first frames, and checks the PDF it wrote.

use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode, Stdio};
use std::time::{Duration, Instant};

use theworld::commands::pdf::Cli;
use theworld::pdf;
use world::shell::children;
use world::shell::files::Tree;

/// How long Chromium may take to print the book before it is stopped.
const PATIENCE: Duration = Duration::from_secs(300);

fn main() -> ExitCode {
    world::shell::files::clean_on_signals();
    let cli = match theworld::args::parse::<Cli>("pdf", "give --out FILE.pdf, or nothing") {
        Ok(Some(cli)) => cli,
        Ok(None) => return ExitCode::SUCCESS,
        Err(code) => return code,
    };
    match run(cli.out.as_deref()) {
        Ok(said) => theworld::args::report("pdf", |out| {
            writeln!(out, "{said}")?;
            Ok(ExitCode::SUCCESS)
        }),
        Err(problems) => {
            for p in &problems {
                world::shell::cli::say(format_args!("pdf: {p}"));
            }
            ExitCode::from(1)
        }
    }
}

#[expect(
    clippy::too_many_lines,
    reason = "the print's steps in the order they happen (serve, print, read back), each needing the one browser session"
)]
fn run(out: Option<&Path>) -> Result<String, Vec<String>> {
    let one = |e: String| vec![e];
    let here = std::env::current_dir().map_err(|e| one(e.to_string()))?;
    let root = theworld::repo::find(&here).map_err(one)?;
    let out = match out {
        Some(out) if out.is_absolute() => out.to_path_buf(),
        Some(out) => here.join(out),
        // The repository's target folder is not there when cargo builds elsewhere
        // (CARGO_TARGET_DIR), and the PDF goes there all the same.
        None => {
            let target = root.join("target");
            std::fs::create_dir_all(&target)
                .map_err(|e| one(format!("cannot make {}: {e}", target.display())))?;
            target.join("book.pdf")
        }
    };
    let book = root.join("book/book");
    let page = std::fs::read_to_string(book.join("print.html")).map_err(|_| {
        one("no built book in book/book: run `mdbook build book` first (`just pdf` does)".into())
    })?;
    let chromium = find(&["chromium", "chromium-browser", "google-chrome"]).ok_or_else(|| {
        one("needs Chromium to print; on Debian or Ubuntu: apt-get install -y chromium".into())
    })?;

    // The stills go beside the other scratch, and the copy of the page beside the page, so
    // that every link and stylesheet of the page still resolves.
    let work = root.join("target/pdf");
    let stills = work.join("still");
    let _ = std::fs::remove_dir_all(&stills);
    let copy = book.join(format!("print-pdf-{}.html", std::process::id()));
    let profile = work.join(format!("profile-{}", std::process::id()));
    let part = out.with_extension(format!("pdf.part-{}", std::process::id()));
    // Taken away however the run ends, a signal included (see `clean_on_signals` in `main`).
    let _scratch = [&copy, &profile, &part].map(|p| Tree::noted(p.clone()));
    let all = pdf::pictures(&page);
    let mut swaps = Vec::new();
    for (i, p) in all.iter().enumerate() {
        let file = book.join(&p.src);
        let bytes = std::fs::read(&file)
            .map_err(|e| one(format!("the picture {} cannot be read: {e}", p.src)))?;
        if !pdf::moves(&bytes) {
            continue;
        }
        let still =
            pdf::still(&bytes).map_err(|e| one(format!("the moving picture {}: {e}", p.src)))?;
        let at = stills.join(&p.src);
        std::fs::create_dir_all(at.parent().unwrap_or(&stills))
            .and_then(|()| std::fs::write(&at, still))
            .map_err(|e| one(format!("cannot write {}: {e}", at.display())))?;
        let rel = Path::new("../../target/pdf/still").join(&p.src);
        swaps.push((i, rel.to_string_lossy().into_owned()));
    }
    let title = book_title(&root);
    let edition = edition(&root);
    let summary_text =
        std::fs::read_to_string(root.join("book/src/SUMMARY.md")).unwrap_or_default();
    let opened = pdf::opened(&pdf::swapped(&page, &all, &swaps));
    let entries = pdf::summary_entries(&summary_text);
    let printed = pdf::with_front(&opened, &title, &edition, &entries, &[]);
    std::fs::write(&copy, printed)
        .map_err(|e| one(format!("cannot write {}: {e}", copy.display())))?;
    std::fs::create_dir_all(&work)
        .map_err(|e| one(format!("cannot make {}: {e}", work.display())))?;

    world::shell::cli::say(format_args!(
        "pdf: printing {} with {} ...",
        rel(&root, &book.join("print.html")),
        chromium.display()
    ));
    print(&chromium, &copy, &profile, &part)?;
    // Chromium cannot number the contents itself (no target-counter), so the book is printed
    // once to learn the sheet each page begins on, and again with those numbers in the
    // contents, which take no more room than before.
    let sheets = pdf::starting_sheets(&part, &page).map_err(one)?;
    let printed = pdf::with_front(&opened, &title, &edition, &entries, &sheets);
    std::fs::write(&copy, printed)
        .map_err(|e| one(format!("cannot write {}: {e}", copy.display())))?;
    print(&chromium, &copy, &profile, &part)?;
    let summary = summary_pages(&root);
    let found = pdf::check(&part, &page, &book, summary, (&title, &edition))?;
    std::fs::rename(&part, &out)
        .map_err(|e| one(format!("cannot write {}: {e}", out.display())))?;
    Ok(format!(
        "wrote {}: {} pages, {} raster pictures ({} moving ones as their first frame) and {} charts",
        rel(&root, &out),
        found.pages,
        found.images,
        swaps.len(),
        found.charts
    ))
}

/// Prints the page at `copy` to `part` with headless Chromium, which leads a process group of
/// its own, so every process it starts ends with the run; stopped after [`PATIENCE`].
fn print(chromium: &Path, copy: &Path, profile: &Path, part: &Path) -> Result<(), Vec<String>> {
    let one = |e: String| vec![e];
    let _ = std::fs::remove_file(part);
    let url = format!("file://{}", copy.display());
    let mut chrome = children::spawn(
        Command::new(chromium)
            .args([
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--no-first-run",
                "--no-pdf-header-footer",
            ])
            .arg(format!("--user-data-dir={}", profile.display()))
            .arg(format!("--print-to-pdf={}", part.display()))
            .arg(&url)
            .stdout(Stdio::null())
            .stderr(Stdio::null()),
    )
    .map_err(|e| one(format!("cannot start {}: {e}", chromium.display())))?;
    let until = Instant::now() + PATIENCE;
    let status = loop {
        match chrome.child.try_wait() {
            Ok(Some(status)) => break status,
            Ok(None) if Instant::now() < until => std::thread::sleep(Duration::from_millis(200)),
            Ok(None) => {
                drop(chrome);
                return Err(one(format!(
                    "Chromium did not finish printing in {} s",
                    PATIENCE.as_secs()
                )));
            }
            Err(e) => return Err(one(format!("waiting for Chromium: {e}"))),
        }
    };
    if !status.success() || !part.is_file() {
        return Err(one(format!("Chromium did not print the book ({status})")));
    }
    Ok(())
}

fn rel(root: &Path, p: &Path) -> String {
    p.strip_prefix(root).unwrap_or(p).display().to_string()
}

/// Which book this is, for the title page: the book check's version (the root Cargo.toml's),
/// and the commit and its day when the tree is a git repository, so two printouts can be told
/// apart and either traced to its source.
fn edition(root: &Path) -> String {
    let toml = std::fs::read_to_string(root.join("Cargo.toml")).unwrap_or_default();
    let version = toml
        .split("[package]")
        .nth(1)
        .and_then(|p| p.lines().find_map(|l| l.trim().strip_prefix("version = ")))
        .map_or("unknown", |v| v.trim_matches('"'))
        .to_string();
    let commit = Command::new("git")
        .args(["log", "-1", "--format=%h %cs"])
        .current_dir(root)
        .output()
        .ok()
        .filter(|o| o.status.success())
        .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string())
        .and_then(|l| l.split_once(' ').map(|(h, d)| format!(", commit {h} of {d}")));
    format!("version {version}{}", commit.unwrap_or_default())
}

/// The book's title, as book.toml gives it.
fn book_title(root: &Path) -> String {
    let toml = std::fs::read_to_string(root.join("book/book.toml")).unwrap_or_default();
    toml.lines()
        .find_map(|l| l.trim().strip_prefix("title = "))
        .map(|t| t.trim_matches('"').to_string())
        .unwrap_or_else(|| "The World in Three Chapters".to_string())
}

/// How many pages the book's summary lists.
fn summary_pages(root: &Path) -> usize {
    let summary = std::fs::read_to_string(root.join("book/src/SUMMARY.md")).unwrap_or_default();
    theworld::markdown::summary(&summary).iter().filter(|e| !e.page.is_empty()).count()
}

/// A program on the PATH.
fn find(names: &[&str]) -> Option<PathBuf> {
    let path = std::env::var_os("PATH").unwrap_or_default();
    let dirs: Vec<PathBuf> = std::env::split_paths(&path).collect();
    names.iter().flat_map(|n| dirs.iter().map(move |d| d.join(n))).find(|p| p.is_file())
}
