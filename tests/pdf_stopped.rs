//! `pdf` stopped by a signal leaves nothing behind: no `OUT.pdf.part-PID`, no copy of the print
//! page, no browser profile, and no Chromium still printing. The Chromium here is a pretend one
//! on PATH (a shell script that starts writing the PDF, leaves a process of its own behind it
//! and waits), so the test needs neither a browser nor a built book.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// A pretend repository with a built book's print page, and a pretend Chromium in `bin/`.
fn repo(name: &str) -> PathBuf {
    let root = std::env::temp_dir().join(format!("pdf-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&root);
    std::fs::create_dir_all(root.join("book/book")).unwrap();
    std::fs::create_dir_all(root.join("book/src")).unwrap();
    std::fs::create_dir_all(root.join("bin")).unwrap();
    std::fs::write(root.join("book/book.toml"), "[book]\ntitle = \"T\"\n").unwrap();
    std::fs::write(root.join("Cargo.toml"), "[workspace]\nmembers = []\n").unwrap();
    std::fs::write(root.join("book/book/print.html"), "<html><body><p>x</p></body></html>")
        .unwrap();
    // Writes part of the PDF, makes its profile, starts a process that would write the rest
    // three seconds later, and waits for it.
    let chromium = format!(
        "#!/bin/sh\nfor a in \"$@\"; do case \"$a\" in --print-to-pdf=*) part=\"${{a#*=}}\";; \
         --user-data-dir=*) mkdir -p \"${{a#*=}}\";; esac; done\nprintf '%%PDF' > \"$part\"\n\
         (sleep 3; echo late > {late}) &\ntouch {started}\nwait\n",
        late = root.join("late").display(),
        started = root.join("started").display()
    );
    let script = root.join("bin/chromium");
    std::fs::write(&script, chromium).unwrap();
    Command::new("chmod").arg("755").arg(&script).status().unwrap();
    root
}

/// Every name in `dir` and below it, relative to `dir`.
fn all(dir: &Path) -> Vec<String> {
    let mut found = Vec::new();
    let mut dirs = vec![dir.to_path_buf()];
    while let Some(d) = dirs.pop() {
        for e in std::fs::read_dir(&d).into_iter().flatten().flatten() {
            let p = e.path();
            found.push(p.strip_prefix(dir).unwrap().display().to_string());
            if p.is_dir() {
                dirs.push(p);
            }
        }
    }
    found.sort();
    found
}

#[test]
fn pdf_stopped_by_a_signal_leaves_no_scratch_and_no_chromium() {
    for signal in ["INT", "TERM", "HUP"] {
        let root = repo(&signal.to_lowercase());
        let path = format!("{}:/usr/bin:/bin", root.join("bin").display());
        let mut pdf = Command::new(env!("CARGO_BIN_EXE_pdf"))
            .args(["--out", "book.pdf"])
            .current_dir(&root)
            .env("PATH", path)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let until = Instant::now() + Duration::from_secs(60);
        while !root.join("started").exists() && Instant::now() < until {
            std::thread::sleep(Duration::from_millis(20));
        }
        assert!(root.join("started").exists(), "the pretend Chromium never started");
        let before = all(&root);
        assert!(before.iter().any(|p| p.contains(".part-")), "{before:?}");
        let pid = pdf.id().to_string();
        assert!(
            Command::new("kill").args([&format!("-{signal}"), &pid]).status().unwrap().success()
        );
        assert!(!pdf.wait().unwrap().success());
        std::thread::sleep(Duration::from_secs(4));
        let left: Vec<String> = all(&root)
            .into_iter()
            .filter(|p| p.contains(&pid) || p.contains("late") || p.contains("part"))
            .collect();
        assert!(left.is_empty(), "SIG{signal} left {left:?}");
        std::fs::remove_dir_all(&root).unwrap();
    }
}
