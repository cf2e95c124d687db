//! Every value a flag accepts stays under 300 MB of resident memory: the largest ones, run for
//! real and measured by the kernel.
#![cfg(target_os = "linux")]

use std::process::Command;

use nix::sys::resource::{UsageWho, getrusage};

/// 300 MB in the kibibytes Linux counts resident memory in.
const MOST_KB: i64 = 300 * 1000 * 1000 / 1024;

/// The largest resident size of any child of this test so far, in kibibytes.
fn peak() -> i64 {
    getrusage(UsageWho::RUSAGE_CHILDREN).expect("getrusage").max_rss()
}

#[test]
fn the_largest_runs_stay_under_300_mb() {
    for args in [
        &["sums", "--herd", "100000", "--rows", "10000"][..],
        // The most creatures on the longest valley, with every retired part of the view that
        // holds memory, on the most threads.
        &[
            "spend", "--herd", "100000", "--rows", "10000", "--ticks", "1", "--crew", "256",
            "--maps", "--fresh", "--twice", "--wordy",
        ],
        &["fit", "--ticks", "1", "--crew", "256", "--more", "33"],
    ] {
        let o = Command::new(env!("CARGO_BIN_EXE_crowd")).args(args).output().unwrap();
        assert!(o.status.success(), "{args:?}: {}", String::from_utf8_lossy(&o.stderr));
        assert!(peak() < MOST_KB, "{args:?} took {} MB", peak() * 1024 / 1_000_000);
    }
}
