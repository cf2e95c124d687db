//! The held chart at every length `--ticks` takes, drawn in memory: every point of every line
//! stays on the chart's pixels however far the position-first body swings, in a debug build
//! (where an arithmetic overflow panics) as in a release one.

use std::path::Path;

use world::pictures::chart::{HEIGHT, WIDTH};

/// Every x,y pair of every polyline in `svg`.
fn drawn(svg: &str) -> Vec<(i64, i64)> {
    let mut all = Vec::new();
    for l in svg.lines().filter(|l| l.contains("<polyline")) {
        let at = l.find("points=\"").expect("a polyline has points") + 8;
        let end = at + l[at..].find('"').expect("its points end");
        for pair in l[at..end].split_whitespace() {
            let (x, y) = pair.split_once(',').expect("x,y");
            all.push((x.parse().expect("a whole x"), y.parse().expect("a whole y")));
        }
    }
    all
}

#[test]
fn the_held_chart_stays_on_its_pixels_at_every_length() {
    for ticks in [400, 6083, 100_000, 1_000_000] {
        let path = Path::new("held.svg");
        let (r, files) = world::shell::files::capture(|| {
            bodies::held::run(&mut Vec::new(), ticks, Default::default(), Some(path), None)
        });
        r.unwrap_or_else(|e| panic!("{ticks} ticks: {e}"));
        let svg = String::from_utf8(files[0].1.clone()).expect("an SVG is text");
        let points = drawn(&svg);
        assert!(points.len() > 100, "{ticks} ticks: the lines were drawn");
        for (x, y) in points {
            assert!((0..=i64::from(WIDTH)).contains(&x), "{ticks} ticks: x {x}");
            assert!((0..=i64::from(HEIGHT)).contains(&y), "{ticks} ticks: y {y}");
        }
    }
}
