//! `browser`: the built book (`book/book`) opened page by page in headless Chromium, as a reader
//! would see it, through chromedriver and the `fantoccini` WebDriver client. `just browser`
//! runs `browser --self-test`, then builds the book and runs this.
//!
//! A page fails when a picture does not load (`naturalWidth` 0), a moving picture's file does
//! not hold more than one frame (counted by decoding the file), a code block is empty, a link
//! inside the book or its `#anchor` has no target, or the page logs an error to the console.
//! And, at a 1200 px window with the sidebar open, when a code block is wider than its column,
//! a picture is shown at another shape than its own, or a flag in the prose was turned into a
//! dash (see `look.rs`). A chapter page fails too when its live panel does not load its module,
//! step, play, or come out at the book's tick with the digest the page quotes (see `live.rs`).
//! Each chapter page is also played for its films (each must play when pressed and pause on a
//! still), run through axe-core in each of mdBook's five themes (see `axe.rs`), watched for a
//! panel that holds the main thread (`live.rs`), and opened again in a phone's window, where
//! its weight before and after scrolling is counted and what a reader sees there is judged
//! (`phone.rs`).
//! Every page is saved whole as a screenshot under `target/browser/` for a person to look at,
//! and every live panel as it was left (`crowd-live-1.png`). `--self-test` holds the check to
//! account on a tiny book made to have each of the new problems (see `selftest.rs`); both visit
//! the book as `visit.rs` does.

mod axe;
mod chromium;
mod live;
mod look;
mod phone;
mod selftest;
mod speed;
mod visit;

use std::path::Path;
use std::process::ExitCode;
use std::time::Instant;

use chromium::Browser;
use look::Problem;
use theworld::commands::browser::Cli;
use visit::{Book, visit_all};

fn main() -> ExitCode {
    let cli = match theworld::args::parse::<Cli>("browser", "give --self-test, --speed, or nothing")
    {
        Ok(Some(cli)) => cli,
        Ok(None) => return ExitCode::SUCCESS,
        Err(code) => return code,
    };
    let runtime = match tokio::runtime::Builder::new_current_thread().enable_all().build() {
        Ok(r) => r,
        Err(e) => {
            world::shell::cli::say(format_args!("browser: cannot start an async runtime: {e}"));
            return ExitCode::FAILURE;
        }
    };
    let started = Instant::now();
    let result = std::env::current_dir()
        .map_err(|e| format!("browser: cannot tell the current folder: {e}"))
        .and_then(|here| theworld::repo::find(&here).map_err(|e| format!("browser: {e}")))
        .map(|root| (root.join("target/browser"), root));
    let ran = match result {
        Err(e) => Err(e),
        Ok((shots, root)) if cli.self_test => runtime.block_on(selftest::run(&shots, &root)),
        Ok((shots, root)) if cli.speed => match runtime.block_on(speed::run(&root, &shots)) {
            Ok(lines) => {
                lines.iter().for_each(|l| println!("{l}"));
                return ExitCode::SUCCESS;
            }
            Err(e) => Err(e),
        },
        Ok((shots, root)) => runtime.block_on(check_book(&root, &shots)),
    };
    match ran {
        Ok(problems) if problems.is_empty() => {
            let what = if cli.self_test { "the self-test passed" } else { "every page passed" };
            world::shell::cli::say(format_args!(
                "browser: {what} in {:.1} s",
                started.elapsed().as_secs_f64()
            ));
            ExitCode::SUCCESS
        }
        Ok(problems) => {
            problems.iter().for_each(|p| world::shell::cli::say(format_args!("{p}")));
            world::shell::cli::say(format_args!(
                "browser: {}",
                world::shell::cli::count(problems.len() as u64, "problem", "problems")
            ));
            ExitCode::FAILURE
        }
        Err(e) => {
            world::shell::cli::say(format_args!("{e}"));
            ExitCode::from(2)
        }
    }
}

/// The repository's book, checked in a browser started for it.
async fn check_book(root: &Path, shots: &Path) -> Result<Vec<String>, String> {
    let axe = axe::source(root)?;
    let book = Book { src: root.join("book/src"), html: root.join("book/book"), axe };
    if !book.html.join("index.html").is_file() {
        return Err("browser: no built book in book/book; run `mdbook build book` first (or `just browser`)".into());
    }
    std::fs::create_dir_all(shots)
        .map_err(|e| format!("browser: cannot make {}: {e}", shots.display()))?;
    let browser = Browser::open(shots).await?;
    let result = visit_all(&browser, &book, shots).await;
    browser.close().await;
    Ok(result?.iter().map(Problem::to_string).collect())
}
