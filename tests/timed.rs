//! A measured block knows what it timed: `verify` fails on one whose header records another
//! design than its command runs now (a stale block), on one that records nothing and on one
//! whose record names no design, and passes on a fresh one; `measure` writes the record. The
//! pretend book's timings are never taken again here: the check reads only the page.

use std::path::{Path, PathBuf};

use theworld::blocks::{Mode, check};
use theworld::measure::{Timed, timed};
use world::beast::design::Stage;

/// The design as it stands and the stage before it, from the design's own table, so the test
/// holds when the chapter makes another stage.
fn now_and_before() -> (Stage, Stage) {
    let n = Stage::ALL.len();
    (Stage::ALL[n - 1], Stage::ALL[n - 2])
}

/// The wall's command, over two lines as the book writes it.
const WALL: &str =
    "cargo run --release -q -p crowd -- wall --ticks 30 \\\n    --chart book/src/img/w.svg";
const WALL_JOINED: &str =
    "cargo run --release -q -p crowd -- wall --ticks 30 --chart book/src/img/w.svg";

/// A page with one deterministic block (so `verify` has a command to run) and two measured
/// blocks: the wall, whose header line is `wall_header`, and one of the first round, recorded
/// as such.
fn page(wall_header: &str) -> String {
    let table = "cargo run --release -p bodies -- table";
    let out = theworld::run::run(table).unwrap().shown();
    format!(
        "# Speed\n\n```console\n$ {table}\n{out}```\n\n<!-- block: wall -->\n{wall_header}\n\
         ```console,measured\n$ {WALL}\n  rows\n```\n\n\
         *Measured on a toaster.* <!-- timed: first -->\n```console,measured\n\
         $ cargo run --release -q -p crowd -- designs --clock --as-of first --only first\n  \
         rows\n```\n"
    )
}

/// A fresh folder for one test's pretend book, with `text` as its one page.
fn book(name: &str, text: &str) -> PathBuf {
    let root = std::env::temp_dir().join(format!("timed-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&root);
    std::fs::create_dir_all(root.join("book/src")).unwrap();
    std::fs::write(root.join("book/src/page.md"), text).unwrap();
    root
}

/// The line of the wall's command on the page, as a report names it.
fn wall_line(text: &str) -> usize {
    text.lines().position(|l| l.contains("-- wall --ticks")).unwrap() + 1
}

fn verify(root: &Path, only: Option<&str>) -> Vec<String> {
    check(root, Mode::Verify, only).problems
}

#[test]
fn verify_fails_on_a_stale_block_and_passes_on_a_fresh_one() {
    let (now, before) = now_and_before();
    let toaster = "*Measured on a toaster.*";

    // Taken before the stage the design now stands at: stale, in one line naming the block.
    let text = page(&format!("{toaster} <!-- timed: {} -->", before.name()));
    let root = book("stale", &text);
    let problems = verify(&root, None);
    assert_eq!(problems.len(), 1, "{problems:?}");
    let line = &problems[0];
    assert_eq!(line.lines().count(), 1, "{line}");
    let at = format!(
        "book/src/page.md:{}: the measured block `wall` (`{WALL_JOINED}`)",
        wall_line(&text)
    );
    assert!(line.starts_with(&at), "{line}");
    let said = format!("is stale: it timed {}, and times {} now", before.left_it(), now.left_it());
    assert!(line.contains(&said), "{line}");
    assert!(line.contains("`just measure`"), "{line}");
    assert_eq!(std::fs::read_to_string(root.join("book/src/page.md")).unwrap(), text);

    // A filter that picks neither the page nor the wall's command leaves the wall alone.
    assert!(verify(&root, Some("bodies -- table")).is_empty());
    assert_eq!(verify(&root, Some("wall")).len(), 1);

    // Taken on the design as it stands: fresh, and the whole page passes.
    let fresh = page(&format!("{toaster} <!-- timed: {} -->", now.name()));
    std::fs::write(root.join("book/src/page.md"), &fresh).unwrap();
    assert_eq!(verify(&root, None), Vec::<String>::new());

    // A header that records nothing, or names no design, fails too.
    for (header, why) in [
        (toaster.to_string(), "does not say what it timed"),
        (
            format!("{toaster} <!-- timed: tomorrow -->"),
            "records `tomorrow`, which names no design",
        ),
    ] {
        std::fs::write(root.join("book/src/page.md"), page(&header)).unwrap();
        let problems = verify(&root, None);
        assert_eq!(problems.len(), 1, "{problems:?}");
        assert!(problems[0].contains(why), "{}", problems[0]);
    }
    std::fs::remove_dir_all(&root).unwrap();
}

/// `measure` records what it timed with the command's own reading, the one `verify` checks,
/// so a block just taken is fresh. The command stands for a timing.
#[test]
fn measure_writes_the_record_verify_reads() {
    let table = "cargo run --release -p bodies -- table";
    let out = theworld::run::run(table).unwrap().shown();
    let command = "printf '  at 3000   1.000 ms\\n'";
    let text = format!(
        "```console\n$ {table}\n{out}```\n\n*Measured on a toaster.* <!-- timed: was -->\n\
         ```console,measured\n$ {command}\n  at 3000   2.000 ms\n```\n"
    );
    let root = book("measure", &text);
    assert_eq!(verify(&root, None).len(), 1, "recorded as the phase as first wired");
    let report = check(&root, Mode::Measure { busy_ok: true }, None);
    assert!(report.problems.is_empty(), "{:?}", report.problems);
    let now = std::fs::read_to_string(root.join("book/src/page.md")).unwrap();
    let header = now.lines().find(|l| l.starts_with("*Measured on")).unwrap();
    assert!(header.ends_with(&format!(".* <!-- timed: {} -->", timed(command))), "{header}");
    assert!(!header.contains("toaster"), "{header}");
    assert_eq!(verify(&root, None), Vec::<String>::new());
    std::fs::remove_dir_all(&root).unwrap();
}

/// How the book's commands are read: chapter 3's stage named by `--as-of` or `--was`, or the
/// design as it stands; chapter 2's round.
#[test]
fn a_command_times_the_stage_it_names_or_the_design_as_it_stands() {
    let (now, _) = now_and_before();
    let crowd = |args: &str| timed(&format!("cargo run --release -q -p crowd -- {args}"));
    assert_eq!(crowd("wall --ticks 30"), Timed::Stage(now));
    assert_eq!(crowd("crew --clock --as-of split | tail -n 9"), Timed::Stage(Stage::Split));
    assert_eq!(crowd("crew --clock --as-of=fourth"), Timed::Stage(Stage::Fourth));
    assert_eq!(crowd("spend --ticks 120 --was --clock"), Timed::Was);
    assert_eq!(crowd("instructions --round second"), Timed::Stage(now));
    let herd = |args: &str| timed(&format!("cargo run --release -q -p herd -- {args}"));
    assert_eq!(herd("clock --round 2 --chart x.svg"), Timed::Round("2".into()));
    assert_eq!(herd("clock --chart x.svg"), Timed::Round("1".into()));
    assert_eq!(timed("bash .ci/first-build"), Timed::Tree);
    assert_eq!(timed("cargo bench -q -p world --bench fan"), Timed::Stage(now));
    let others = [Timed::Was, Timed::Round("2".into()), Timed::Tree];
    for t in Stage::ALL.map(Timed::Stage).into_iter().chain(others) {
        assert_eq!(Timed::read(&t.to_string()), Some(t.clone()), "{t}");
    }
    assert_eq!(Timed::read("sixth"), None);
}

#[test]
fn the_first_build_is_never_stale_by_a_stage_but_must_say_what_it_timed() {
    // Its own run is the test suite that holds every other block to its stage: a record from
    // an older stage stands, or retaking it would fail on itself.
    let old = "*Measured on a toaster.* <!-- timed: fourth -->";
    assert_eq!(theworld::measure::stale(old, "bash .ci/first-build"), None);
    let bare = "*Measured on a toaster.*";
    let said =
        theworld::measure::stale(bare, "bash .ci/first-build").expect("a record is asked for");
    assert!(said.contains("<!-- timed: tree -->"), "{said}");
    // Any other block with that record is stale.
    let wall = "cargo run --release -q -p crowd -- wall --ticks 30";
    assert!(theworld::measure::stale(old, wall).unwrap().contains("is stale"));
}
