//! The prose's figures belong to the book check: a figure read from a block follows the block
//! when it is blessed or measured again, a wrong or typed one fails the check, and the figures
//! the book may type are the code's own.

use std::path::PathBuf;

use theworld::blocks::{Mode, check};
use theworld::figures::FixedList;

/// A fresh folder for one test's pretend book, with `page` as its one page.
fn book(name: &str, page: &str) -> PathBuf {
    let root = std::env::temp_dir().join(format!("figures-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&root);
    std::fs::create_dir_all(root.join("book/src")).unwrap();
    std::fs::write(root.join("book/src/page.md"), page).unwrap();
    root
}

fn page(root: &std::path::Path) -> String {
    std::fs::read_to_string(root.join("book/src/page.md")).unwrap()
}

/// A reader's own book: `measure` rewrites a measured block on the reader's machine, and the
/// figure and the verdict the prose reads from it follow, with nothing else on the page moved.
/// The block's command stands for a timing: it prints what the test says this machine took.
#[test]
fn a_re_measured_block_carries_its_prose_figure_and_verdict_with_it() {
    let text = "# Speed\n\n<!-- block: speed -->\n*Measured on a toaster.*\n\
                ```console,measured\n$ printf '  by levels against in order   1.31x\\n'\n  \
                by levels against in order   0.94x\n```\n\nThe walk by levels runs at \
                <!--= speed[in order] ; 2x -->0.94x<!--/--> the walk in order, so the aim of \
                1.3 times is <!--= speed[in order] >= 1.3 ; ? met : missed -->missed<!--/-->.\n";
    let root = book("measure", text);
    let fixed = "[[fixed]]\ntext = '^\\*Measured on [^*]+\\*$'\nwhy = 'the machine'\n\n\
                 [[fixed]]\ntext = 'aim of 1\\.3 times'\nwhy = 'the aim'\n";
    std::fs::write(root.join("book/fixed.toml"), fixed).unwrap();
    let report = check(&root, Mode::Measure { busy_ok: true }, None);
    assert!(report.problems.is_empty(), "{:?}", report.problems);
    let now = page(&root);
    assert!(now.contains("in order   1.31x\n```"), "the block was not measured again:\n{now}");
    assert!(
        now.contains("-->1.31x<!--/--> the walk") && now.contains("-->met<!--/-->."),
        "the figure or the verdict did not follow its block:\n{now}"
    );
    let expected = text
        .replace("in order   0.94x\n```", "in order   1.31x\n```")
        .replace("-->0.94x<!--/-->", "-->1.31x<!--/-->")
        .replace("-->missed<", "-->met<");
    let unnoted = |s: &str| -> Vec<String> {
        s.lines().filter(|l| !l.starts_with("*Measured")).map(String::from).collect()
    };
    assert_eq!(unnoted(&now), unnoted(&expected), "measure moved something else");
    std::fs::remove_dir_all(&root).unwrap();
}

/// The same through the `blocks` binary, as `just measure` runs it: its writes are staged until
/// the run has succeeded, so the figures must be filled from the rewritten blocks in memory, not
/// from the page read back (which still holds the old block until the run ends).
#[test]
fn just_measure_carries_the_figure_too() {
    let text = "<!-- block: speed -->\n*Measured on a toaster.*\n```console,measured\n\
                $ printf '  by levels against in order   1.31x\\n'\n  by levels against in order   \
                0.94x\n```\n\nIt runs at <!--= speed[in order] ; 2x -->0.94x<!--/--> the walk in \
                order.\n";
    let root = book("binary", text);
    std::fs::write(root.join("Cargo.toml"), "[workspace]\n").unwrap();
    std::fs::write(root.join("book/book.toml"), "").unwrap();
    std::fs::write(
        root.join("book/fixed.toml"),
        "[[fixed]]\ntext = '^\\*Measured on [^*]+\\*$'\nwhy = 'x'\n",
    )
    .unwrap();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_blocks"))
        .args(["measure", "--busy-ok"])
        .current_dir(&root)
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let now = page(&root);
    assert!(now.contains("in order   1.31x\n```"), "the block was not measured again:\n{now}");
    assert!(now.contains("-->1.31x<!--/--> the walk"), "the figure did not follow:\n{now}");
    std::fs::remove_dir_all(&root).unwrap();
}

/// Verify fails on a figure that disagrees with its block, on one whose block or line is gone,
/// and on a figure typed into the prose; bless mends the first and leaves the typed one.
#[test]
fn verify_fails_on_a_wrong_a_dangling_and_a_typed_figure() {
    let table = "cargo run --release -p bodies -- table";
    let out = theworld::run::run(table).unwrap().shown();
    let typed = "It ends 26.500 px along, as typed.";
    let text = format!(
        "<!-- block: table -->\n```console\n$ {table}\n{out}```\n\nAfter one tick the body is at \
         <!--= table[1  0.000, 0.500].3 -->2.500<!--/--> px.\nAnd <!--= gone[x] -->1<!--/--> and \
         <!--= table[no such line] -->1<!--/-->.\n{typed}\n"
    );
    let root = book("verify", &text);
    let report = check(&root, Mode::Verify, None);
    let all = report.problems.join("\n");
    assert_eq!(report.problems.len(), 4, "{all}");
    assert!(
        all.contains("says `2.500` where `table[1  0.000, 0.500].3` now gives `26.000`"),
        "{all}"
    );
    assert!(all.contains("no block is named `gone`"), "{all}");
    assert!(all.contains("no line contains `no such line`"), "{all}");
    assert!(
        all.contains("the figure `26.500 px` is typed") || all.contains("`26.500` is typed"),
        "{all}"
    );
    assert_eq!(page(&root), text, "verify wrote the page");

    std::fs::write(
        root.join("book/src/page.md"),
        text.replace(
            "\nAnd <!--= gone[x] -->1<!--/--> and \
         <!--= table[no such line] -->1<!--/-->.",
            "",
        ),
    )
    .unwrap();
    // A bless with a problem left (the typed figure) writes nothing, the figure it could mend
    // included; with the typed figure gone it mends the figure.
    let before = page(&root);
    let report = check(&root, Mode::Bless, None);
    assert_eq!(report.problems.len(), 1, "{:?}", report.problems);
    assert!(report.problems[0].contains("`26.500` is typed"), "{:?}", report.problems);
    assert_eq!(page(&root), before, "a bless with a problem wrote the page");
    std::fs::write(root.join("book/src/page.md"), before.replace(&format!("{typed}\n"), ""))
        .unwrap();
    let report = check(&root, Mode::Bless, None);
    assert!(report.problems.is_empty(), "{:?}", report.problems);
    assert!(page(&root).contains("at <!--= table[1  0.000, 0.500].3 -->26.000<!--/--> px."));
    let report = check(&root, Mode::Verify, None);
    assert!(report.problems.is_empty(), "{:?}", report.problems);
    std::fs::remove_dir_all(&root).unwrap();
}

/// Every figure the fixed list pins to a constant of the code is that constant, so a chapter
/// that changes its size cannot leave the prose on the old one.
#[test]
fn the_fixed_figures_are_the_code_s() {
    let root = theworld::repo::find(&std::env::current_dir().unwrap()).unwrap();
    let fixed = FixedList::read(&root).unwrap();
    let constant = |pin: &str| -> Vec<f64> {
        match pin {
            "crowd::scene::CROWD" => vec![crowd::scene::CROWD as f64],
            "crowd::scene::CROWD * 10" => vec![crowd::scene::CROWD as f64 * 10.0],
            "crowd::scene::BUDGET_MS" => vec![crowd::scene::BUDGET_MS],
            "crowd::scene::BUDGET_MS / 2" => vec![crowd::scene::BUDGET_MS / 2.0],
            "crowd::scene::BUDGET_MS * 2" => vec![crowd::scene::BUDGET_MS * 2.0],
            "world::shell::busy::QUIET * 100" => vec![world::shell::busy::QUIET * 100.0],
            "crowd::scene::MOST_CROWD" => vec![crowd::scene::MOST_CROWD as f64],
            "crowd::scene::MOST_MB" => vec![crowd::scene::MOST_MB as f64],
            "world::shell::cli::MOST_MB" => vec![world::shell::cli::MOST_MB as f64],
            "herd::scene::SIZES" => herd::scene::SIZES.iter().map(|&n| n as f64).collect(),
            "herd::scene::MOST_TICKS" => vec![herd::scene::MOST_TICKS as f64],
            "herd::scene::MOST_WALKERS" => vec![herd::scene::MOST_WALKERS as f64],
            "herd::scene::WEIGHTS" => {
                let w = herd::scene::WEIGHTS;
                vec![w.separate, w.align, w.cohere]
            }
            other => panic!("book/fixed.toml pins `{other}`, which this test does not know"),
        }
    };
    let mut pinned = 0;
    for f in fixed.fixed.iter().filter(|f| f.pin.is_some()) {
        let pin = f.pin.as_deref().unwrap_or_default();
        let values = constant(pin);
        let numbers: Vec<f64> = f
            .text
            .replace('\\', "")
            .split(|c: char| !(c.is_ascii_digit() || c == '.' || c == ','))
            .filter_map(theworld::figures::number)
            .collect();
        assert!(!numbers.is_empty(), "`{}` pins {pin} but holds no number", f.text);
        for n in numbers {
            assert!(values.contains(&n), "`{}` says {n}, but {pin} is {values:?}", f.text);
        }
        pinned += 1;
    }
    assert!(pinned >= 8, "only {pinned} fixed figures are pinned");
}

/// `just figures` with nothing to fill says so, rather than ending in silence, and a second run
/// after one that filled a figure finds nothing more to do.
#[test]
fn figures_says_when_it_changed_nothing() {
    let text = "<!-- block: b -->\n```console\n$ true\n  walkers 12\n```\n\n\
                There are <!--= b[walkers] -->11<!--/--> walkers.\n";
    let root = book("nothing", text);
    std::fs::write(root.join("Cargo.toml"), "[workspace]\n").unwrap();
    std::fs::write(root.join("book/book.toml"), "").unwrap();
    let figures = || {
        let o = std::process::Command::new(env!("CARGO_BIN_EXE_blocks"))
            .arg("figures")
            .current_dir(&root)
            .output()
            .unwrap();
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        String::from_utf8_lossy(&o.stderr).into_owned()
    };
    let first = figures();
    assert_eq!(first.trim(), "rewrote book/src/page.md", "{first}");
    assert!(page(&root).contains("-->12<!--/-->"));
    let second = figures();
    assert_eq!(
        second.trim(),
        "figures: every figure of 1 page agrees with its block; nothing rewritten"
    );
    std::fs::remove_dir_all(&root).unwrap();
}
