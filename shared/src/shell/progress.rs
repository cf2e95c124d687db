//! How far a long run has got, drawn on stderr while it runs.
//!
//! A bar is drawn only by a chapter binary's own `main` ([`super::cli::main`] calls [`allow`]),
//! only when stderr is a terminal, and only once the run has lasted a second. A short run, a run
//! whose stderr goes to a file or a pipe, every test, and the book check (which calls chapters
//! in-process on threads that never call [`allow`]) see nothing at all. The report on stdout is
//! never touched: while a bar is showing, [`around`] takes it off the screen for each line the
//! report prints.

use std::cell::{Cell, RefCell};
use std::io::IsTerminal;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

thread_local! {
    static ALLOWED: Cell<bool> = const { Cell::new(false) };
    static SHOWING: RefCell<Option<ProgressBar>> = const { RefCell::new(None) };
}

/// How long a run goes before its bar appears: shorter runs would only flicker. The
/// environment variable `WORLD_PROGRESS_AFTER_MS` sets another wait (0 shows every bar at once).
pub const AFTER: Duration = Duration::from_secs(1);

fn after() -> Duration {
    std::env::var("WORLD_PROGRESS_AFTER_MS")
        .ok()
        .and_then(|ms| ms.parse().ok())
        .map_or(AFTER, Duration::from_millis)
}

/// Lets bars made on this thread be drawn, if stderr is a terminal.
pub fn allow() {
    ALLOWED.set(std::io::stderr().is_terminal());
}

/// Runs `f` (which prints to the terminal) with the bar on show, if any, taken off the screen
/// and put back after, so a report line never lands in the middle of a bar.
pub fn around<R>(f: impl FnOnce() -> R) -> R {
    match SHOWING.with_borrow(Clone::clone) {
        Some(bar) => bar.suspend(f),
        None => f(),
    }
}

/// A run's progress: `total` steps, each reported with [`Progress::step`], from any thread.
pub struct Progress {
    bar: ProgressBar,
    allowed: bool,
    /// When the bar may appear.
    from: Instant,
    shown: AtomicBool,
}

impl Progress {
    /// A bar called `label` for a run of `total` steps, hidden until it has run a second.
    pub fn new(label: &str, total: u64) -> Progress {
        let bar = ProgressBar::with_draw_target(Some(total), ProgressDrawTarget::hidden());
        let style = ProgressStyle::with_template(
            "{prefix}: [{bar:30}] {pos}/{len} ({elapsed} so far, about {eta} to go) {msg}",
        )
        .unwrap_or_else(|_| ProgressStyle::default_bar())
        .progress_chars("=> ");
        bar.set_style(style);
        bar.set_prefix(label.to_string());
        let allowed = ALLOWED.get();
        let from = Instant::now() + if allowed { after() } else { AFTER };
        Progress { bar, allowed, from, shown: AtomicBool::new(false) }
    }

    /// A run that never shows a bar: for a run inside another that already has one.
    pub fn none() -> Progress {
        let bar = ProgressBar::hidden();
        Progress { bar, allowed: false, from: Instant::now(), shown: AtomicBool::new(false) }
    }

    /// One more step done.
    pub fn step(&self) {
        self.by(1);
    }

    /// `n` more steps done.
    pub fn by(&self, n: u64) {
        self.bar.inc(n);
        if self.allowed
            && !self.shown.load(Ordering::Relaxed)
            && Instant::now() >= self.from
            && !self.shown.swap(true, Ordering::Relaxed)
        {
            self.bar.set_draw_target(ProgressDrawTarget::stderr());
            SHOWING.set(Some(self.bar.clone()));
        }
    }

    /// A word on what the current step is, shown after the count.
    pub fn say(&self, what: impl Into<String>) {
        self.bar.set_message(what.into());
    }

    /// Whether the bar is on the screen.
    pub fn shown(&self) -> bool {
        self.shown.load(Ordering::Relaxed)
    }
}

impl Drop for Progress {
    fn drop(&mut self) {
        self.bar.finish_and_clear();
        if self.shown() {
            SHOWING.set(None);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bar_never_shows_on_a_thread_that_was_not_allowed() {
        let p = Progress::new("test", 3);
        std::thread::sleep(AFTER + Duration::from_millis(50));
        p.step();
        p.by(2);
        assert!(!p.shown());
        assert!(SHOWING.with_borrow(Option::is_none));
    }
}
