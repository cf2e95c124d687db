//! A book tool's run changes the book whole or not at all: `blocks bless` and `blocks measure`
//! put a command's pictures in place only once the whole run has succeeded, a failed run says
//! it wrote nothing, and a run stopped by a signal takes the processes it started with it. Each
//! case is a real `blocks` process on a pretend book in a temporary folder, with cheap commands
//! as its blocks (the real book is never measured here).

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

/// A pretend repository holding one page, `text`, and a picture `img/p.svg` that says "old".
fn book(name: &str, text: &str) -> PathBuf {
    let root = std::env::temp_dir().join(format!("runs-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&root);
    std::fs::create_dir_all(root.join("book/src")).unwrap();
    std::fs::create_dir_all(root.join("img")).unwrap();
    std::fs::write(root.join("book/book.toml"), "").unwrap();
    std::fs::write(root.join("Cargo.toml"), "[workspace]\nmembers = []\n").unwrap();
    std::fs::write(root.join("book/src/page.md"), text).unwrap();
    std::fs::write(root.join("img/p.svg"), "old").unwrap();
    root
}

fn blocks(root: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_blocks"))
        .args(args)
        .current_dir(root)
        .output()
        .expect("the blocks binary runs")
}

fn page(root: &Path) -> String {
    std::fs::read_to_string(root.join("book/src/page.md")).unwrap()
}

fn picture(root: &Path) -> Vec<u8> {
    std::fs::read(root.join("img/p.svg")).unwrap()
}

const DRAWS: &str = "cargo run --release -p bodies -- held --ticks 10 --picture img/p.svg";

#[test]
fn a_bless_with_one_failed_block_writes_no_picture_and_says_so() {
    let failing = "```console\n$ cargo run --release -p bodies -- held --ticks 0\nx\n```\n";
    let text = format!("# Page\n\n```console\n$ {DRAWS}\nold\n```\n\n{failing}");
    let root = book("bless-fails", &text);
    let o = blocks(&root, &["bless"]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(1), "{err}");
    assert!(!err.contains("rewrote"), "{err}");
    assert!(err.contains("nothing written"), "{err}");
    assert_eq!(picture(&root), b"old", "the picture of the block that ran was put in place");
    assert_eq!(page(&root), text);

    // Without the failing block the same run writes both the page and the picture.
    let text = format!("# Page\n\n```console\n$ {DRAWS}\nold\n```\n");
    std::fs::write(root.join("book/src/page.md"), &text).unwrap();
    let o = blocks(&root, &["bless"]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(o.status.success(), "{err}");
    assert!(err.contains("rewrote book/src/page.md") && err.contains("rewrote img/p.svg"), "{err}");
    assert!(picture(&root).starts_with(b"<svg"), "the picture was not written");
    assert!(page(&root).contains("wrote img/p.svg"));
    std::fs::remove_dir_all(&root).unwrap();
}

/// A measured block that writes `img/p.svg` as the chapters' file code does: under the scratch
/// folder the book check names, when it names one, and straight into the book otherwise.
const WRITES: &str = r#"mkdir -p "${WORLD_WRITE_UNDER}$PWD/img" && echo new > "${WORLD_WRITE_UNDER}$PWD/img/p.svg" && echo drew"#;

fn measured(commands: &[&str]) -> String {
    let mut text = String::from("# Page\n");
    for c in commands {
        text.push_str(&format!(
            "\n*Measured on a toaster.*\n```console,measured\n$ {c}\nold\n```\n"
        ));
    }
    text
}

#[test]
fn a_measure_that_fails_changes_no_picture_and_one_that_succeeds_puts_it_in_place() {
    if !Path::new("/proc/stat").exists() {
        return;
    }
    let text = measured(&[WRITES, "exit 3"]);
    let root = book("measure-fails", &text);
    let o = blocks(&root, &["measure", "--busy-ok"]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(1), "{err}");
    assert!(err.contains("`exit 3` failed"), "{err}");
    assert!(!err.contains("rewrote") && err.contains("nothing written"), "{err}");
    assert_eq!(picture(&root), b"old", "a failed measure replaced a picture");
    assert_eq!(page(&root), text);

    let text = measured(&[WRITES]);
    std::fs::write(root.join("book/src/page.md"), &text).unwrap();
    let o = blocks(&root, &["measure", "--busy-ok"]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(o.status.success(), "{err}");
    assert_eq!(picture(&root), b"new\n");
    assert!(page(&root).contains("\ndrew\n```"));
    std::fs::remove_dir_all(&root).unwrap();
}

#[test]
fn a_measure_stopped_by_sigterm_ends_the_command_it_started() {
    if !Path::new("/proc/stat").exists() {
        return;
    }
    let text = measured(&["touch started; sleep 3; touch late; echo done"]);
    let root = book("measure-stopped", &text);
    let mut child = Command::new(env!("CARGO_BIN_EXE_blocks"))
        .args(["measure", "--busy-ok"])
        .current_dir(&root)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let until = Instant::now() + Duration::from_secs(60);
    while !root.join("started").exists() && Instant::now() < until {
        std::thread::sleep(Duration::from_millis(20));
    }
    assert!(root.join("started").exists(), "the measured command never started");
    let pid = child.id().to_string();
    assert!(Command::new("kill").args(["-TERM", &pid]).status().unwrap().success());
    let status = child.wait().unwrap();
    assert!(!status.success());
    let scratch = std::env::temp_dir().join(format!("blocks-measure-{pid}"));
    assert!(!scratch.exists(), "the scratch folder outlived the run");
    // The command would have written `late` three seconds after it started.
    std::thread::sleep(Duration::from_secs(4));
    assert!(!root.join("late").exists(), "the measured command outlived `blocks`");
    assert_eq!(page(&root), text);
    std::fs::remove_dir_all(&root).unwrap();
}

#[test]
fn a_filter_matching_nothing_is_refused_in_one_line_by_every_mode() {
    let root = book("filters", &format!("# Page\n\n```console\n$ {DRAWS}\nold\n```\n"));
    for args in [
        &["figures", "zzzznomatch"][..],
        &["figures", "--check", "zzzznomatch"],
        &["verify", "a\nb"],
        &["bless", "a\nb"],
        &["figures", "a\nb"],
    ] {
        let o = blocks(&root, args);
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(err.contains("matches"), "{args:?}: {err}");
    }
    assert_eq!(picture(&root), b"old");
    std::fs::remove_dir_all(&root).unwrap();
}
