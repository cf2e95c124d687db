//! The CPU profile behind `--cpuprofile`: a sampling profile of the run, written as a flame
//! graph SVG, with the functions that held the most samples printed after the report.
//!
//! The profiler is the `pprof` crate behind this crate's `pprof` feature (unix only), so the
//! ordinary build carries no profiler at all. The path was checked before the run (see
//! `Writes`), and the graph is drawn in memory and written whole at the end, so a run that
//! fails, or a build without the profiler, leaves whatever was at the path untouched.

use std::path::Path;

#[cfg(feature = "pprof")]
use anyhow::Context;

/// A profile being taken.
pub struct Profile {
    #[cfg(feature = "pprof")]
    guard: pprof::ProfilerGuard<'static>,
}

/// Starts profiling when a path is given.
#[cfg(feature = "pprof")]
pub fn start(path: Option<&Path>) -> anyhow::Result<Option<Profile>> {
    if path.is_none() {
        return Ok(None);
    }
    let guard = pprof::ProfilerGuardBuilder::default()
        .frequency(997)
        .build()
        .context("cannot start the profiler")?;
    Ok(Some(Profile { guard }))
}

#[cfg(not(feature = "pprof"))]
pub fn start(path: Option<&Path>) -> anyhow::Result<Option<Profile>> {
    can(path)?;
    Ok(None)
}

/// Whether this build can take the profile asked for: called before any work, so a build
/// without the profiler says so at once and touches no file.
pub fn can(path: Option<&Path>) -> anyhow::Result<()> {
    anyhow::ensure!(
        cfg!(feature = "pprof") || path.is_none(),
        "this build has no profiler: run it as cargo run --release -p crowd --features pprof"
    );
    Ok(())
}

/// Stops the profile, writes the flame graph, and returns the report's closing lines: the
/// functions with the most samples of their own, then the parts the chapter reads in all.
#[cfg(feature = "pprof")]
pub fn finish(
    p: Option<Profile>,
    path: Option<&Path>,
    shares: Option<&Path>,
) -> anyhow::Result<Option<Vec<String>>> {
    let (Some(p), Some(path)) = (p, path) else { return Ok(None) };
    let report = p.guard.report().build().context("cannot build the profile")?;
    let mut svg = Vec::new();
    // As wide as the book's column, so that the page can show it at its own size.
    let mut options = pprof::flamegraph::Options::default();
    options.image_width = Some(760);
    options.title =
        "Where the samples were taken: each bar a function, as wide as its share".into();
    report
        .flamegraph_with_options(&mut svg, &mut options)
        .context("cannot draw the flame graph")?;
    world::shell::files::write(path, &svg)?;
    let mut own: std::collections::BTreeMap<String, isize> = std::collections::BTreeMap::new();
    let mut total = 0;
    for (frames, count) in &report.data {
        total += *count;
        if let Some(top) = frames.frames.first().and_then(|f| f.last()) {
            *own.entry(top.name()).or_default() += *count;
        }
    }
    let share = |n: isize| 100.0 * n as f64 / total.max(1) as f64;
    // The parts the chapter reads, summed over every function (not only the ten shown), so a
    // share the page quotes is there whichever functions a run's samples rank first.
    let part = |is: fn(&str) -> bool| own.iter().filter(|(f, _)| is(f)).map(|(_, n)| n).sum();
    let parts: [(&str, isize); 3] = [
        (
            "the forward passes (think, lanes, tanh, expm1)",
            // A pass alone runs in `think::brain`; four to a pack, in `think::pack` and `think::one`
            // and the instructions `lanes` chose, whose AVX2 build is a function of its own.
            part(|f| {
                f.contains("beast::think::")
                    || f.starts_with("world::lanes::")
                    || f.ends_with("math::tanh::tanh")
                    || f.contains("expm1")
            }),
        ),
        ("casting the fans (cast)", part(|f| f.ends_with("::cast"))),
        ("hashing (hash)", part(|f| f.contains("hash"))),
    ];
    let mut rows: Vec<(String, isize)> = own.into_iter().collect();
    rows.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
    let mut lines = vec![format!("wrote {}", path.display())];
    if let Some(bars) = shares {
        let top: Vec<(String, f64)> =
            rows.iter().take(10).map(|(f, n)| (f.clone(), share(*n))).collect();
        let all: Vec<(String, f64)> =
            parts.iter().map(|(w, n)| ((*w).to_string(), share(*n))).collect();
        crate::shares::draw(&top, &all).save(bars)?;
        lines.push(format!("wrote {}", bars.display()));
    }
    lines.push(format!("  {:>7} {:>6}  the function the sample was taken in", "samples", "share"));
    for (name, n) in rows.into_iter().take(10) {
        lines.push(format!("  {n:>7} {:>5.1}%  {name}", share(n)));
    }
    lines.push(String::new());
    for (what, n) in parts {
        lines.push(format!("  {n:>7} {:>5.1}%  in all, {what}", share(n)));
    }
    Ok(Some(lines))
}

#[cfg(not(feature = "pprof"))]
pub fn finish(
    _p: Option<Profile>,
    _path: Option<&Path>,
    _shares: Option<&Path>,
) -> anyhow::Result<Option<Vec<String>>> {
    Ok(None)
}
