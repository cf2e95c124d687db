//! Every value a flag accepts stays under 300 MB of resident memory: the largest ones, run for
//! real and measured by the kernel.
#![cfg(target_os = "linux")]

use std::process::Command;

use world::shell::testing::{self, MOST_MB};

#[test]
fn the_largest_runs_stay_under_300_mb() {
    let dir = testing::scratch("bodies-memory");
    let picture = dir.join("held.svg");
    let picture = picture.to_str().unwrap();
    for args in [
        &["reorder", "--walks", "1000000"][..],
        &["swarm", "--ticks", "300"],
        &["held", "--ticks", "1000000"],
        &["held", "--ticks", "1000000", "--picture", picture],
        &["table", "--ticks", "1000000"],
        &["orders", "--ticks", "1000000", "--picture", picture],
        &["clash"],
        &["designs", "--clock"],
    ] {
        let o = Command::new(env!("CARGO_BIN_EXE_bodies")).args(args).output().unwrap();
        assert!(o.status.success(), "{args:?}: {}", String::from_utf8_lossy(&o.stderr));
        assert!(testing::peak_mb() < MOST_MB, "{args:?} took {} MB", testing::peak_mb());
    }
    std::fs::remove_dir_all(&dir).unwrap();
}
