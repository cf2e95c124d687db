//! Every value a flag accepts stays under 300 MB of resident memory: the largest ones, run for
//! real and measured by the kernel.
#![cfg(target_os = "linux")]

use std::process::Command;

use world::shell::testing::{self, MOST_MB};

#[test]
fn the_largest_runs_stay_under_300_mb() {
    let dir = testing::scratch("herd-memory");
    let (film, shot) = (dir.join("film"), dir.join("shot"));
    let (film, shot) = (film.to_str().unwrap(), shot.to_str().unwrap());
    for args in [
        // The longest film, of every rule: its frames are the one store that grows with a run.
        &["alone", "-n", "10", "--ticks", "1000", "--rule", "all", "--film", film, "--shot", shot]
            [..],
        // The most walkers, for the longest run a film is not asked for.
        &["alone", "-n", "2000", "--ticks", "100", "--rule", "all"],
        &["agree", "-n", "2000", "--ticks", "2"],
        &["sweep", "-n", "2000", "--ticks", "2"],
    ] {
        let o = Command::new(env!("CARGO_BIN_EXE_herd")).args(args).output().unwrap();
        assert!(o.status.success(), "{args:?}: {}", String::from_utf8_lossy(&o.stderr));
        assert!(testing::peak_mb() < MOST_MB, "{args:?} took {} MB", testing::peak_mb());
    }
    std::fs::remove_dir_all(&dir).unwrap();
}
