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
    let dir = testing::scratch("crowd-memory");
    let name =
        |n: &str| dir.join(n).to_str().expect("a temporary folder named in UTF-8").to_string();
    let (out, close, film, svg) = (name("o.png"), name("c.png"), name("f.png"), name("p.svg"));
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
        // The longest film, with both stills: its frames are the one store that grows with the
        // ticks. Every other subcommand runs the chapter's valley (levels, ten times it too),
        // whose memory does not grow with the ticks, so one or two ticks are their largest.
        &["picture", "--ticks", "1000", "--out", &out, "--close", &close, "--film", &film],
        &["levels", "--ticks", "2"],
        &["levels", "--ticks", "2", "--picture", &svg],
        &["fan", "--ticks", "2", "--picture", &svg],
        &["lanes", "--ticks", "2"],
        &["ledger", "--ticks", "2"],
        &["rays", "--ticks", "2"],
        &["designs", "--ticks", "1", "--crew", "256"],
        // `instructions` runs `spend` under valgrind, which the tests do not need.
    ] {
        let o = Command::new(env!("CARGO_BIN_EXE_crowd")).args(args).output().unwrap();
        assert!(o.status.success(), "{args:?}: {}", String::from_utf8_lossy(&o.stderr));
        assert!(testing::peak_mb() < MOST_MB, "{args:?} took {} MB", testing::peak_mb());
    }
    let _ = std::fs::remove_file(chart);
    let _ = std::fs::remove_dir_all(&dir);
}
