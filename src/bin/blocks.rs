//! `blocks verify | bless | measure [ONLY]`: the command behind `just verify`, `just bless`
//! and `just measure`.

use std::process::ExitCode;

use theworld::blocks::{Mode, check};

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mode = match args.first().map(String::as_str) {
        Some("verify") => Mode::Verify,
        Some("bless") => Mode::Bless,
        Some("measure") => Mode::Measure,
        _ => {
            eprintln!(
                "usage: blocks verify|bless|measure [ONLY] (ONLY picks pages or commands containing it)"
            );
            return ExitCode::from(2);
        }
    };
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    if let Err(e) = std::env::set_current_dir(root) {
        eprintln!("blocks: cannot work in {}: {e}", root.display());
        return ExitCode::FAILURE;
    }
    let started = std::time::Instant::now();
    let report = check(root, mode, args.get(1).map(String::as_str));
    for p in &report.problems {
        eprintln!("{p}");
    }
    for page in &report.rewritten {
        eprintln!("rewrote {}", page.strip_prefix(root).unwrap_or(page).display());
    }
    eprintln!(
        "{} command{} run in {:.1} s, {} problem{}",
        report.ran,
        if report.ran == 1 { "" } else { "s" },
        started.elapsed().as_secs_f64(),
        report.problems.len(),
        if report.problems.len() == 1 { "" } else { "s" },
    );
    if report.problems.is_empty() { ExitCode::SUCCESS } else { ExitCode::FAILURE }
}
