//! `browser`'s command line: the book, the check's self-test, or the live panel's speed.

use clap::Parser;
use world::shell::cli::Writes;

/// Opens every page of the built book (book/book) in headless Chromium at a 1200 px window with
/// the sidebar open, and fails on a picture that does not load or is shown stretched, a moving
/// picture without its frames, an empty code block or one wider than its column, a flag turned
/// into a dash, a dead link or anchor, an error on the console, a live panel that does not
/// play, does not match the book at the book's tick or holds the page, an axe-core violation
/// of the book's own, or, at a phone's width, a page too heavy, a listing or label cut off or a
/// chart too small to read. Needs chromium, chromedriver and axe-core (the justfile installs it).
#[derive(Parser, Debug)]
#[command(name = "browser")]
pub struct Cli {
    /// Check the check instead: build a tiny book with one page for each problem it looks for
    /// and a clean page, and fail unless each problem is caught on its page and the clean page
    /// passes. Needs mdbook too.
    #[arg(long)]
    pub self_test: bool,
    /// Time chapter 3's panel instead: play it at one tick per frame for ten seconds in the
    /// built book and print its ticks and frames per second, its ms per tick and the longest it
    /// held the page. A timing: the book's block of it is refreshed by `just measure`.
    #[arg(long, conflicts_with = "self_test")]
    pub speed: bool,
}

/// The screenshots go to `target/browser/`, found in the repository, not named on the command
/// line.
impl Writes for Cli {}
