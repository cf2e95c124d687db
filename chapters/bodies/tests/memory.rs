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
    let dir = std::env::temp_dir().join(format!("bodies-memory-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let picture = dir.join("held.png");
    let picture = picture.to_str().unwrap();
    for args in [
        &["reorder", "--walks", "1000000"][..],
        &["swarm", "--ticks", "300"],
        &["held", "--ticks", "1000000"],
        &["held", "--ticks", "1000000", "--picture", picture],
    ] {
        let o = Command::new(env!("CARGO_BIN_EXE_bodies")).args(args).output().unwrap();
        assert!(o.status.success(), "{args:?}: {}", String::from_utf8_lossy(&o.stderr));
        assert!(peak() < MOST_KB, "{args:?} took {} MB", peak() * 1024 / 1_000_000);
    }
    std::fs::remove_dir_all(&dir).unwrap();
}
