//! `blocks measure` takes a timing only on a quiet machine: a measured block run while another
//! process spins on a core is refused and left as it was, and the same block run alone is
//! written, with the float loop and the load in its header. The run is a real `blocks` process
//! on a pretend book; this file holds one test, so no other test of this binary runs beside it.

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output};

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

fn measure(root: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_blocks"))
        .arg("measure")
        .args(args)
        .current_dir(root)
        .output()
        .expect("the blocks binary runs")
}

/// A process that keeps one core busy until it is dropped.
struct Spin(Child);

impl Spin {
    fn start() -> Spin {
        Spin(Command::new("sh").args(["-c", "while :; do :; done"]).spawn().unwrap())
    }
}

impl Drop for Spin {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

#[test]
fn a_measured_block_is_refused_beside_a_spinning_process_and_written_alone() {
    if !Path::new("/proc/stat").exists() {
        eprintln!("no /proc/stat here: the load watcher is Linux's");
        return;
    }
    let (spun, page, before) = book("spin");

    // Beside a process that spins on a core the whole time: refused, one line naming the
    // block, and the page left exactly as it was.
    let spin = Spin::start();
    let o = measure(&spun, &[]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(1), "{err}");
    let line = err.lines().find(|l| l.contains("not written")).unwrap_or_else(|| panic!("{err}"));
    assert!(line.starts_with(&format!("book/src/page.md:5: `{COUNT}` not written")), "{line}");
    assert!(
        line.contains("the rest of the machine used") && line.contains("% of a core"),
        "{line}"
    );
    assert!(line.contains("run `just measure` again when nothing else runs"), "{line}");
    assert_eq!(std::fs::read_to_string(&page).unwrap(), before, "a refused block was written");

    // The same with --busy-ok: written, and its header says what kind of machine it was.
    let o = measure(&spun, &["--busy-ok"]);
    drop(spin);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let after = std::fs::read_to_string(&page).unwrap();
    assert!(after.contains("\ncounted 300000\n```"), "{after}");
    assert!(after.contains(", taken on a busy machine.*\n```console,measured"), "{after}");

    // Alone: written, with the float loop and a quiet load in its header. A machine in CI has
    // its own background noise now and then, so a busy reading is tried again, twice.
    let (root, page, _) = book("alone");
    let mut tries = Vec::new();
    for _ in 0..3 {
        let o = measure(&root, &[]);
        if o.status.success() {
            tries.clear();
            break;
        }
        tries.push(String::from_utf8_lossy(&o.stderr).into_owned());
        std::thread::sleep(std::time::Duration::from_secs(1));
    }
    assert!(
        tries.is_empty(),
        "refused alone three times (is something else running on this machine?):\n{}",
        tries.join("\n")
    );
    let after = std::fs::read_to_string(&page).unwrap();
    let header = after.lines().find(|l| l.starts_with("*Measured on")).unwrap();
    assert!(
        header.contains("; float loop ") && header.contains(" ms; rest of machine "),
        "{header}"
    );
    assert!(header.ends_with("% of a core.*") && !header.contains("busy"), "{header}");
    assert!(after.contains("\ncounted 300000\n```"), "{after}");
    std::fs::remove_dir_all(&spun).unwrap();
    std::fs::remove_dir_all(&root).unwrap();
}
