//! `blocks measure` takes a timing only on a quiet machine: a measured block run while the rest
//! of the machine is busy is refused and left as it was, and the same block run on a quiet one
//! is written, with the float loop and the load in its header. The run is a real `blocks`
//! process on a pretend book, and the load it sees is played back (`WORLD_PRETEND_LOAD`), so
//! the test asks what the guard decides on a given reading and passes on a busy laptop as on a
//! quiet one; the library's tests hold the reading of the real machine.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// The measured block's command: about a fifth of a second of the shell's own work, so the
/// watcher must take the command's CPU time away to see a quiet machine.
const COUNT: &str = "i=0; while [ $i -lt 300000 ]; do i=$((i+1)); done; echo counted $i";

/// A pretend repository holding one page with one measured block.
fn book(name: &str) -> (PathBuf, PathBuf, String) {
    let root = std::env::temp_dir().join(format!("busy-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&root);
    std::fs::create_dir_all(root.join("book/src")).unwrap();
    std::fs::write(root.join("book/book.toml"), "").unwrap();
    std::fs::write(root.join("Cargo.toml"), "[workspace]\nmembers = []\n").unwrap();
    let page = root.join("book/src/page.md");
    let text =
        format!("# Page\n\n*Measured on a toaster.*\n```console,measured\n$ {COUNT}\nold\n```\n");
    std::fs::write(&page, &text).unwrap();
    (root, page, text)
}

/// `blocks measure` with the rest of the machine played back as busy for `load` of a core.
fn measure(root: &Path, load: &str, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_blocks"))
        .env(world::shell::busy::PRETEND, load)
        .arg("measure")
        .args(args)
        .current_dir(root)
        .output()
        .expect("the blocks binary runs")
}

#[test]
fn a_measured_block_is_refused_on_a_busy_machine_and_written_on_a_quiet_one() {
    let (spun, page, before) = book("spin");

    // With another process spinning on a core the whole time: refused, one line naming the
    // block, and the page left exactly as it was.
    let o = measure(&spun, "1", &[]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(1), "{err}");
    let line = err.lines().find(|l| l.contains("not written")).unwrap_or_else(|| panic!("{err}"));
    assert!(line.starts_with(&format!("book/src/page.md:5: `{COUNT}` not written")), "{line}");
    assert!(line.contains("the rest of the machine used 100% of a core"), "{line}");
    assert!(line.contains("run `just measure` again when nothing else runs"), "{line}");
    assert_eq!(std::fs::read_to_string(&page).unwrap(), before, "a refused block was written");

    // Just over the line of 5% of a core is busy too.
    let o = measure(&spun, "0.06", &[]);
    assert_eq!(o.status.code(), Some(1), "{}", String::from_utf8_lossy(&o.stderr));
    assert_eq!(std::fs::read_to_string(&page).unwrap(), before, "a refused block was written");

    // The same with --busy-ok: written, and its header says what kind of machine it was.
    let o = measure(&spun, "1", &["--busy-ok"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let after = std::fs::read_to_string(&page).unwrap();
    assert!(after.contains("\ncounted 300000\n```"), "{after}");
    assert!(after.contains("rest of machine 100% of a core, taken on a busy machine.*"), "{after}");

    // Quiet, just under the line: written, with the float loop and the load in its header.
    let (root, page, _) = book("alone");
    let o = measure(&root, "0.04", &[]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let after = std::fs::read_to_string(&page).unwrap();
    let header = after.lines().find(|l| l.starts_with("*Measured on")).unwrap();
    assert!(
        header.contains("; float loop ")
            && header.contains(" ms; rest of machine 4.0% of a core.*"),
        "{header}"
    );
    assert!(after.contains("\ncounted 300000\n```"), "{after}");

    // A reading that is no share of a core is refused before anything runs.
    let o = measure(&root, "lots", &[]);
    assert_eq!(o.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&o.stderr).contains("WORLD_PRETEND_LOAD=lots is not a share"));
    std::fs::remove_dir_all(&spun).unwrap();
    std::fs::remove_dir_all(&root).unwrap();
}
