//! A chapter binary run from outside, the way the chapters' own tests run it: with a reader who
//! stops early, on a terminal, in a scratch folder, and measured for its peak memory.
//!
//! Only tests use this module: it is built when a crate asks for `world`'s `testing` feature,
//! which the chapters do in their dev-dependencies alone.

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// The most resident memory a run of chapters 1 and 2 may take, in megabytes.
pub const MOST_MB: i64 = super::cli::MOST_MB;

/// Runs `bin` with `args` and its stdout closed after `lines` lines have been read (0: at once,
/// as `| true` does; 1: as `| head -1` does). Returns the exit code and stderr.
pub fn cut_short(bin: &str, args: &[&str], lines: usize) -> (i32, String) {
    let mut child = Command::new(bin)
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let mut read = BufReader::new(child.stdout.take().expect("stdout is piped"));
    for _ in 0..lines {
        read.read_line(&mut String::new()).expect("stdout reads");
    }
    drop(read);
    let out = child.wait_with_output().expect("the binary ends");
    (out.status.code().unwrap_or(-1), String::from_utf8_lossy(&out.stderr).into_owned())
}

/// Runs `bin` with `args` (one string, as a shell reads it) with stderr on a terminal, a
/// pseudo-terminal from util-linux's `script`, and stdout in a file; every progress bar is
/// shown at once. Returns what the terminal showed and what the file got.
pub fn on_a_terminal(bin: &str, args: &str) -> (String, String) {
    let file = std::env::temp_dir().join(format!("world-tty-{}", std::process::id()));
    let line = format!("'{bin}' {args} > '{}'", file.display());
    let shown = Command::new("script")
        .env("WORLD_PROGRESS_AFTER_MS", "0")
        .args(["-qec", &line, "/dev/null"])
        .output()
        .expect("script, from util-linux, gives the run a terminal");
    let report = std::fs::read_to_string(&file).expect("the report was written");
    let _ = std::fs::remove_file(&file);
    (String::from_utf8_lossy(&shown.stdout).into_owned(), report)
}

/// A fresh, empty folder for one test, named after it.
pub fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("world-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("the temporary folder takes a folder");
    dir
}

/// The width and height in a PNG's header, or `None` for a file that is not a PNG.
pub fn png_size(path: &Path) -> Option<(u32, u32)> {
    let b = std::fs::read(path).ok()?;
    let at = |i: usize| b.get(i..i + 4).map(|w| u32::from_be_bytes([w[0], w[1], w[2], w[3]]));
    (b.get(1..4) == Some(b"PNG")).then(|| at(16).zip(at(20))).flatten()
}

/// The largest resident size of any child this process has waited for, in megabytes: run the
/// largest case last, or one case per test binary, to read one run's peak.
#[cfg(unix)]
pub fn peak_mb() -> i64 {
    use nix::sys::resource::{UsageWho, getrusage};
    let kb = getrusage(UsageWho::RUSAGE_CHILDREN).expect("getrusage answers").max_rss();
    // Linux counts in kibibytes.
    kb * 1024 / 1_000_000
}

/// Runs `bin` with `args` and its stderr a pipe whose reader is already gone, as when the
/// program reading a run's errors has quit. Returns the exit code, or -1 for a signal.
pub fn stderr_gone(bin: &str, args: &[&str]) -> i32 {
    let (reader, writer) = std::io::pipe().expect("a pipe");
    drop(reader);
    let status = Command::new(bin)
        .args(args)
        .stdout(Stdio::null())
        .stderr(writer)
        .status()
        .expect("the binary runs");
    status.code().unwrap_or(-1)
}

/// Runs `bin` with `args`, in which `bad` stands for one argument made of bytes that are not
/// UTF-8 text. Returns the exit code and stderr.
#[cfg(unix)]
pub fn not_text(bin: &str, args: &[&str]) -> (i32, String) {
    use std::os::unix::ffi::OsStrExt;
    let bad = std::ffi::OsStr::from_bytes(b"x\xffy");
    let out = Command::new(bin)
        .args(args.iter().map(|a| if *a == "bad" { bad } else { std::ffi::OsStr::new(a) }))
        .output()
        .expect("the binary runs");
    (out.status.code().unwrap_or(-1), String::from_utf8_lossy(&out.stderr).into_owned())
}
