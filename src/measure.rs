//! `measure`: the timing blocks rerun one at a time through a real shell, each under the load
//! watcher ([`world::shell::busy`]), and the line above each block that says where and how it was
//! taken.
//!
//! A timing says something only about a machine that was doing nothing else, so a block whose
//! run shared the machine is not written (unless asked to be, and then it says so). And a
//! timing from an unknown machine cannot be scaled, so each header carries one figure every
//! reader can take on their own machine: the float loop's time, taken just before the block's
//! command and under the same watch.
//!
//! And a timing says something only about the code it ran, so each header records what its
//! block timed ([`Timed`], written `<!-- timed: fifth -->` after it): the stage of the design
//! its command runs. `verify` reads the command again the same way ([`timed`]) and calls a block
//! stale when the two differ ([`stale`]), which is when the chapter has made a stage since.

use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use crate::run::Ran;
use world::beast::design::{HISTORY, Stage};
use world::shell::busy::{self, Load};

/// Steps in the float loop: 2^27 multiply-and-adds, each waiting for the one before.
pub const STEPS: u64 = 1 << 27;

/// The float loop once: a chain of dependent scalar float operations that no compiler can
/// shorten, reorder or spread over lanes, so its time is one core's float latency and clock
/// and nothing else (no memory, no threads, no SIMD). The multiply and the add stay two
/// instructions: Rust never fuses them.
pub fn float_chain(steps: u64) -> f64 {
    let (a, b) = (std::hint::black_box(0.999_999_9), std::hint::black_box(1e-7));
    let mut x = std::hint::black_box(0.5_f64);
    for _ in 0..steps {
        x = x * a + b;
    }
    std::hint::black_box(x)
}

/// The float loop's best time of three, the figure the header gives.
pub fn float_loop() -> Duration {
    (0..3)
        .map(|_| {
            let t = Instant::now();
            float_chain(STEPS);
            t.elapsed()
        })
        .min()
        .unwrap_or_default()
}

/// The machine a measurement was taken on: its processor, how many cores, and the day. (No
/// system: the watcher reads Linux's `/proc/stat`, so it is always Linux.)
pub fn machine() -> String {
    let cpu = std::fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|c| c.lines().find(|l| l.starts_with("model name")).map(|l| l.to_string()))
        .and_then(|l| l.split_once(':').map(|(_, m)| cpu_name(m)))
        .unwrap_or_else(|| std::env::consts::ARCH.to_string());
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let day = Command::new("date")
        .args(["-u", "+%Y-%m-%d"])
        .output()
        .ok()
        .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string())
        .unwrap_or_default();
    format!("{cpu}, {cores} cores, {day}")
}

/// A processor's name without the words that only make it long: trademarks, "CPU",
/// "Processor" and "64-Core".
pub fn cpu_name(model: &str) -> String {
    let bare = model.replace("(R)", "").replace("(TM)", "").replace("(tm)", "");
    let words = bare.split_whitespace().filter(|w| {
        !["CPU", "Processor"].contains(w) && !w.ends_with("-Core") && !w.ends_with("-core")
    });
    words.collect::<Vec<_>>().join(" ")
}

/// The header's words, between `*Measured on ` and `.*`: the machine, the float loop, the load
/// the watcher saw, and a stamp when the block was written on a busy machine anyway.
pub fn note(machine: &str, float: Duration, load: &Load) -> String {
    let stamp = if load.busy() { ", taken on a busy machine" } else { "" };
    format!(
        "{machine}; float loop {:.0} ms; rest of machine {}{stamp}",
        float.as_secs_f64() * 1000.0,
        load.share()
    )
}

/// What a measured block timed: the design its command runs, named by the design's own tables.
/// A stage is the key, not a hash of the code: it moves only when the chapter makes a stage
/// (and so a block of the design as it stands times another design), never for a comment, a
/// test or a change of output. A block of a named stage (`--as-of`) times the same design for
/// good, since a stage's retired parts are kept beside the parts that replaced them. What the
/// key cannot see is a change inside a stage, such as a faster cast with no switch of its own:
/// such a change takes its blocks again by hand (`just measure` with part of their command).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Timed {
    /// Chapter 3's phase as first wired (`--was`).
    Was,
    /// Chapter 3's phase as a stage left it: the stage `--as-of` names, or else the design as
    /// it stands, the last stage of [`HISTORY`]. Every command but chapter 2's and the first
    /// build runs this design (the library's benches included), so it is what they time too.
    Stage(Stage),
    /// The whole tree built and tested from nothing (`.ci/first-build`): no design's speed,
    /// but the compiler's over every crate and the test suite's, which every commit changes.
    /// No stage makes it stale, and none could: its own run is the test suite that holds the
    /// other blocks to their stages, so a rule that called it stale would fail the very run
    /// that retakes it. It is taken again by hand when the build has grown.
    Tree,
    /// Chapter 2's herd in a round of its own, as `--round` names it (1 when not given): the
    /// herd keeps no history of stages, and each round's clock times that round's designs.
    Round(String),
}

impl std::fmt::Display for Timed {
    /// The record, as the header holds it: `was`, a stage's name (`fifth`), or `herd round 2`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Timed::Was => write!(f, "was"),
            Timed::Stage(s) => write!(f, "{}", s.name()),
            Timed::Round(r) => write!(f, "herd round {r}"),
            Timed::Tree => write!(f, "tree"),
        }
    }
}

impl Timed {
    /// A record as the header holds it, or nothing if it names no design.
    pub fn read(record: &str) -> Option<Timed> {
        let record = record.trim();
        if record == "was" {
            return Some(Timed::Was);
        }
        if record == "tree" {
            return Some(Timed::Tree);
        }
        if let Some(round) = record.strip_prefix("herd round ") {
            return Some(Timed::Round(round.trim().to_string()));
        }
        Stage::ALL.into_iter().find(|s| s.name() == record).map(Timed::Stage)
    }

    /// The design in words, for a report: "the phase as the fifth round left it".
    pub fn words(&self) -> String {
        match self {
            Timed::Was => "the phase as first wired".to_string(),
            Timed::Stage(s) => s.left_it(),
            Timed::Round(r) => format!("the herd's round {r}"),
            Timed::Tree => "the whole tree's first build and tests".to_string(),
        }
    }
}

/// What `command` times, read from its words: the one reading `measure` records and `verify`
/// checks, so the two cannot disagree. The first build times the tree; chapter 2's commands
/// time their round; every other command times chapter 3's phase as first wired (`--was`), as the stage `--as-of` names, or
/// as it stands.
pub fn timed(command: &str) -> Timed {
    let words: Vec<&str> = command.split_whitespace().collect();
    let value = |flag: &str| {
        let joined = format!("{flag}=");
        words.iter().enumerate().find_map(|(i, w)| match w.strip_prefix(&joined) {
            Some(v) => Some(v),
            None => (*w == flag).then(|| words.get(i + 1).copied()).flatten(),
        })
    };
    if words.iter().any(|w| w.ends_with(".ci/first-build")) {
        return Timed::Tree;
    }
    if value("-p").or_else(|| value("--package")) == Some("herd") {
        return Timed::Round(value("--round").unwrap_or("1").to_string());
    }
    if words.contains(&"--was") {
        return Timed::Was;
    }
    let now = HISTORY[HISTORY.len() - 1].stage;
    let named = value("--as-of").and_then(|n| Stage::ALL.into_iter().find(|s| s.name() == n));
    Timed::Stage(named.unwrap_or(now))
}

/// Where a header keeps its record: a comment after the italic line, hidden on the page.
const RECORD: (&str, &str) = ("<!-- timed:", "-->");

/// The line `measure` writes above a block: the note in italics, then the record of what the
/// block timed.
pub fn header(note: &str, timed: &Timed) -> String {
    format!("*Measured on {note}.* {} {timed} {}", RECORD.0, RECORD.1)
}

/// The record a header line holds, as written, if it holds one.
pub fn recorded(header: &str) -> Option<&str> {
    let (_, rest) = header.split_once(RECORD.0)?;
    rest.split_once(RECORD.1).map(|(record, _)| record.trim())
}

/// What is wrong with a measured block whose header line is `header` and whose command is
/// `command`, in words that follow the block's place and name: its header records nothing, or
/// names no design, or names another design than the command runs now (the block is stale).
/// It reads only the page and the design's tables, so a busy machine cannot change its answer.
pub fn stale(header: &str, command: &str) -> Option<String> {
    let now = timed(command);
    let retake = "take it again on a quiet machine (`just measure` with part of its command)";
    let Some(record) = recorded(header) else {
        return Some(format!(
            "does not say what it timed (`{} {now} {}` after its header, which `just measure` \
             writes): {retake}",
            RECORD.0, RECORD.1
        ));
    };
    let Some(then) = Timed::read(record) else {
        return Some(format!(
            "records `{record}`, which names no design (a stage as `--as-of` names it, `was` or \
             `herd round N`)"
        ));
    };
    // The first build names the tree, and any record it was taken with stands (see `Tree`).
    (then != now && now != Timed::Tree).then(|| {
        format!("is stale: it timed {}, and times {} now; {retake}", then.words(), now.words())
    })
}

/// One measured command, run: what it printed, the header line to write above it (the note
/// and what it timed), and how busy the rest of the machine was.
#[derive(Debug)]
pub struct Taken {
    pub ran: Ran,
    pub note: String,
    pub load: Load,
}

/// Runs one measured command through `sh` in `root` after the float loop, both under one
/// watch. A command that fails, or a machine whose load cannot be read, is an error. Every file
/// the command writes through the chapters' file code goes under `scratch` instead
/// (`world::shell::files::WRITE_UNDER`), for the caller to put in place; and the shell leads a
/// process group of its own, ended with the run if a signal stops it.
pub fn take(root: &Path, command: &str, machine: &str, scratch: &Path) -> Result<Taken, String> {
    world::shell::cli::say(format_args!("measuring: {command}"));
    let ((float, output), load) = busy::watch(|| {
        let float = float_loop();
        let output = run_in_group(root, command, scratch);
        (float, output)
    })?;
    let (status, stdout) = output.map_err(|e| format!("cannot start `{command}`: {e}"))?;
    if !status.success() {
        return Err(format!("`{command}` failed: {status}"));
    }
    let stdout = String::from_utf8_lossy(&stdout).into_owned();
    let note = header(&note(machine, float, &load), &timed(command));
    Ok(Taken { ran: Ran { stdout, refused: None }, note, load })
}

/// Runs `command` through `sh` in a process group of its own, and returns how it ended and
/// what it printed.
fn run_in_group(
    root: &Path,
    command: &str,
    scratch: &Path,
) -> std::io::Result<(std::process::ExitStatus, Vec<u8>)> {
    use std::io::Read;
    adopt_orphans();
    let mut group = world::shell::children::spawn(
        Command::new("sh")
            .arg("-c")
            .arg(command)
            .current_dir(root)
            .env(world::shell::files::WRITE_UNDER, scratch)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit()),
    )?;
    let mut stdout = Vec::new();
    if let Some(mut out) = group.child.stdout.take() {
        out.read_to_end(&mut stdout)?;
    }
    let status = group.child.wait()?;
    reap_orphans();
    Ok((status, stdout))
}

/// Makes this process the one that adopts every process the measured command starts and then
/// leaves behind, however deep (Linux's child subreaper), instead of the system's first process.
/// A browser's helpers are such orphans: their CPU time would otherwise count as the rest of
/// the machine's, and a quiet machine would look busy.
fn adopt_orphans() {
    #[cfg(target_os = "linux")]
    let _ = nix::sys::prctl::set_child_subreaper(true);
}

/// Waits for the orphans the command left, so that their CPU time, and their own children's,
/// counts as the command's (`getrusage` counts only children waited for). Gives up after
/// [`ORPHANS`]: one still running then is the rest of the machine's from there on.
///
/// Only this thread's children are waited for (`__WNOTHREAD`). Linux hands an orphan to the
/// adopting process's first thread, the one `blocks measure` runs on; a child that another
/// thread started and waits for itself (a test running beside this one) is left to it, which
/// would otherwise find its child gone.
fn reap_orphans() {
    #[cfg(target_os = "linux")]
    {
        use nix::sys::wait::{WaitPidFlag, WaitStatus, waitpid};
        let end = std::time::Instant::now() + ORPHANS;
        let ours = WaitPidFlag::WNOHANG | WaitPidFlag::__WNOTHREAD;
        loop {
            match waitpid(None, Some(ours)) {
                Ok(WaitStatus::StillAlive) if std::time::Instant::now() < end => {
                    std::thread::sleep(Duration::from_millis(20));
                }
                Ok(WaitStatus::StillAlive) | Err(_) => return,
                Ok(_) => {}
            }
        }
    }
}

/// How long the orphans of a measured command are waited for once it has ended.
const ORPHANS: Duration = Duration::from_secs(5);

/// Why a block taken on a busy machine is not written: one line, naming the block.
pub fn refusal(at: &str, command: &str, load: &Load) -> String {
    format!(
        "{at}: `{command}` not written: {load} while it ran; run `just measure` again when \
         nothing else runs (or pass --busy-ok to write it anyway)"
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A child another thread started, and has not waited for yet, when this thread reaps: it
    /// must still be there for its own thread to wait for. (Reaping every child of the process
    /// once took it, and `blocks measure` run by one test failed with "No child processes".)
    #[test]
    #[cfg(target_os = "linux")]
    fn a_reaping_leaves_another_threads_children_to_it() {
        let (started, go) = (std::sync::mpsc::channel(), std::sync::mpsc::channel::<()>());
        let other = std::thread::spawn(move || {
            let mut child = Command::new("true").spawn().expect("true starts");
            started.0.send(()).expect("the test waits");
            go.1.recv().expect("the test says go");
            child.wait()
        });
        started.1.recv().expect("the other thread started its child");
        reap_orphans();
        go.0.send(()).expect("the other thread waits");
        let waited = other.join().expect("the other thread ends");
        assert!(matches!(&waited, Ok(s) if s.success()), "{waited:?}");
    }

    const EPYC: &str = "AMD EPYC 7B13, 2 cores, 2026-12-01";

    #[test]
    fn the_header_gives_the_machine_the_float_loop_and_the_load() {
        let quiet = Load { rest: 0.003, wall: Duration::from_secs(3) };
        let line = format!("*Measured on {}.*", note(EPYC, Duration::from_micros(412_400), &quiet));
        assert_eq!(
            line,
            "*Measured on AMD EPYC 7B13, 2 cores, 2026-12-01; float loop 412 ms; rest of machine \
             0.3% of a core.*"
        );
        // On one line of the page's column, which holds about 115 characters of this text at
        // a 1200 px window with the sidebar open, even with a longer processor name.
        let long =
            note("Intel Core i9-13900K @ 3.00GHz, 32 cores, 2026-12-01", Duration::ZERO, &quiet);
        let shown = format!("Measured on {long}.");
        assert!(shown.chars().count() <= 115, "{shown}");
    }

    #[test]
    fn a_processors_name_loses_only_its_padding() {
        assert_eq!(cpu_name(" AMD EPYC 7B13 64-Core Processor"), "AMD EPYC 7B13");
        assert_eq!(cpu_name("Intel(R) Xeon(R) Processor"), "Intel Xeon");
        assert_eq!(
            cpu_name("Intel(R) Core(TM) i7-8700 CPU @ 3.20GHz"),
            "Intel Core i7-8700 @ 3.20GHz"
        );
        assert_eq!(cpu_name("Apple M2"), "Apple M2");
    }

    #[test]
    fn a_block_written_on_a_busy_machine_says_so() {
        let busy = Load { rest: 0.48, wall: Duration::from_secs(3) };
        assert_eq!(
            note(EPYC, Duration::from_millis(1_020), &busy),
            "AMD EPYC 7B13, 2 cores, 2026-12-01; float loop 1020 ms; rest of machine 48% of a \
             core, taken on a busy machine"
        );
        let line = refusal("book/src/crowd.md:227", "cargo run -p crowd -- fit --clock", &busy);
        assert_eq!(line.lines().count(), 1);
        assert!(line.starts_with("book/src/crowd.md:227: `cargo run -p crowd -- fit --clock`"));
        assert!(line.contains("the rest of the machine used 48% of a core"), "{line}");
        assert!(line.contains("run `just measure` again when nothing else runs"), "{line}");
    }

    #[test]
    fn the_float_chain_is_the_same_chain_every_time() {
        // Not a timing: the loop does its work, and the work is deterministic.
        assert_eq!(float_chain(3).to_bits(), float_chain(3).to_bits());
        assert_ne!(float_chain(3), float_chain(4));
        assert_eq!(float_chain(0), 0.5);
    }
}
