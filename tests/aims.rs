//! Every aim the book sets is declared once and judged on the design as it stands, and the
//! check that holds it fails on a page where that is not so.

use std::path::PathBuf;

use theworld::blocks::{Mode, check};
use theworld::figures::{self, Page};

/// The book's pages as the figures read them.
fn book() -> Vec<Page> {
    let root = theworld::repo::find(&std::env::current_dir().unwrap()).unwrap();
    theworld::blocks::pages(&root)
        .into_iter()
        .map(|path| {
            let name = path.strip_prefix(&root).unwrap().display().to_string();
            let text = std::fs::read_to_string(&path).unwrap();
            Page { path, name, text }
        })
        .collect()
}

/// The aims of chapters 2 and 3, of their design notes and of chapter 3's live panel are all
/// declared, each judged on the design as it stands, and where each stands is there for the
/// pages to read.
#[test]
fn every_aim_of_the_book_is_declared_once_and_judged_as_it_stands() {
    let pages = book();
    let mut problems = Vec::new();
    let mut named = figures::named(&pages, &mut problems);
    let aims = theworld::aims::judge(&pages, &mut named, &mut problems);
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    let mut names: Vec<&str> = aims.iter().map(|a| a.name.as_str()).collect();
    names.sort_unstable();
    assert_eq!(
        names,
        [
            "bands-order-30k",
            "bands-order-3k",
            "bands-wide-30k",
            "crowd-100k",
            "crowd-30k",
            "fit-130k",
            "herd-8192",
            "instr-casting",
            "lanes-passes",
            "lanes-phase",
            "lanes-tanh",
            "mail-2048",
            "mail-8192",
            "panel-60",
            "walk-order-3k",
            "walk-wide-30k",
        ]
    );
    assert!(aims.iter().all(|a| a.judges.iter().filter(|j| j.now).count() == 1));
    let standing = &named[theworld::aims::BLOCK].0;
    assert_eq!(standing.lines().count(), 2 * aims.len(), "{standing}");
    let chapter3 = pages.iter().find(|p| p.name.ends_with("src/crowd.md")).unwrap();
    assert!(
        chapter3.text.contains("aims[crowd-30k:]#1..")
            && chapter3.text.contains("aims[crowd-100k:]#1..")
    );
}

/// A made-up page whose block is the bodies' table: an aim nobody judges on the design as it
/// stands, a judge that names a line the block does not hold, and one that names a block that is
/// not there are each a problem, in `blocks verify` as in `blocks figures`; the same page with
/// those mended passes.
#[test]
fn an_aim_nobody_judges_and_a_broken_judge_fail_the_check() {
    let root: PathBuf = std::env::temp_dir().join(format!("book-aims-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&root);
    std::fs::create_dir_all(root.join("book/src")).unwrap();
    let table = theworld::run::run("cargo run --release -p bodies -- table").unwrap().stdout;
    let page = |aims: &str| {
        format!(
            "# A chapter\n\n<!-- block: table -->\n```console\n$ cargo run --release -p bodies -- table\n{table}```\n\n\
             The aims:\n\n{aims}\nWhere it stands: <!--= aims[far:]#1.. -->first<!--/-->.\n"
        )
    };
    let broken = "- **Far out**: y past 8 where x is 26.\n  \
                  <!-- aim: far \"y past 8 where x is 26\" | first: table[26.000] > 8 -->\n\
                  - **Further**: y past 8 where x is 99.\n  \
                  <!-- aim: further \"y past 8 where x is 99\" | now (first): table[99.000] > 8 -->\n\
                  - **Lost**: anything.\n  <!-- aim: lost \"anything\" | now (first): gone[1] > 0 -->\n";
    let text = page(broken);
    let at = |name: &str| {
        let line = text.lines().position(|l| l.contains(&format!("aim: {name} "))).unwrap();
        format!("page.md:{}:", line + 1)
    };
    std::fs::write(root.join("book/src/page.md"), &text).unwrap();
    for verify in [true, false] {
        let report = if verify {
            check(&root, Mode::Verify, None)
        } else {
            let mut r = theworld::blocks::Report::default();
            theworld::blocks::figures(&root, false, None, &mut r);
            r
        };
        let all = report.problems.join("\n");
        assert_eq!(report.problems.len(), 3, "{all}");
        assert!(all.contains(&format!("{} the aim `far` (\"y past 8 where x is 26\") has no judge on the design as it stands", at("far"))), "{all}");
        assert!(all.contains(&format!("{} the aim `further` on first: the judge `table[99.000] > 8` cannot be read: table[99.000]: no line contains `99.000`", at("further"))), "{all}");
        assert!(all.contains(&format!("{} the aim `lost` on first: the judge `gone[1] > 0` cannot be read: no block is named `gone`", at("lost"))), "{all}");
    }
    let mended = "- **Far out**: y past 8 where x is 26.\n  \
                  <!-- aim: far \"y past 8 where x is 26\" | now (first): table[26.000] > 8 -->\n";
    std::fs::write(root.join("book/src/page.md"), page(mended)).unwrap();
    let report = check(&root, Mode::Verify, None);
    assert!(report.problems.is_empty(), "{:?}", report.problems);
    std::fs::remove_dir_all(&root).unwrap();
}
