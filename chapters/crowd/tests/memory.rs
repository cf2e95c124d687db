//! Every value a flag accepts stays under 400 MB of resident memory: the largest ones, run for
//! real and measured by the kernel.
#![cfg(target_os = "linux")]

use std::process::Command;

use crowd::MOST_MB;
use world::shell::testing;

#[test]
fn the_largest_runs_stay_under_400_mb() {
    let chart = std::env::temp_dir().join(format!("crew-memory-{}.svg", std::process::id()));
    let chart = chart.to_str().expect("a temporary folder named in UTF-8");
    for args in [
        // One large world founded after another: eleven of them, timed and charted. Before the
        // allocator's threshold was held, this took 1,151 MB.
        &[
            "crew", "--ticks", "1", "--crowd", "150000", "--rows", "10000", "--clock", "--chart",
            chart,
        ][..],
        &["crew", "--ticks", "1", "--crowd", "150000", "--rows", "10000", "--was"],
        &["sums", "--crowd", "150000", "--rows", "10000"][..],
        // The most creatures on the longest valley, with every retired part of the view that
        // holds memory, on the most threads.
        &[
            "spend", "--crowd", "150000", "--rows", "10000", "--ticks", "1", "--crew", "256",
            "--maps", "--fresh", "--twice", "--wordy",
        ],
        &["fit", "--ticks", "1", "--crew", "256", "--more", "50"],
        // The most creatures walked by levels on the most threads, for two ticks.
        &["spend", "--crowd", "150000", "--rows", "10000", "--ticks", "2", "--crew", "256"],
        // The bandwidth's buffer, the one large allocation that is not the crowd's.
        &["wall", "--ticks", "1", "--clock", "--crew", "256", "--more", "50"],
    ] {
        let o = Command::new(env!("CARGO_BIN_EXE_crowd")).args(args).output().unwrap();
        assert!(o.status.success(), "{args:?}: {}", String::from_utf8_lossy(&o.stderr));
        assert!(testing::peak_mb() < MOST_MB, "{args:?} took {} MB", testing::peak_mb());
    }
    let _ = std::fs::remove_file(chart);
}
