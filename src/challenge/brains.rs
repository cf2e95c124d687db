//! The checks of chapter 3's code challenges, run on valleys of creatures through the library's
//! own `World`, and on the chapter's command line.

use std::path::{Path, PathBuf};

use world::beast::design::Stage;
use world::beast::{Design, Settings, World, ledger};
use world::lanes::Isa;
use world::shell::switches::{RULES, switches, with};

use super::check::{Verdict, listed, switch};

const FILE: &str = "shared/src/beast/design.rs";

/// A switch of the phase's design, as the `designs` table lists it.
type Switch = world::shell::switches::Switch<Stage>;

/// A valley a check runs: its seed, its size, its crowd and how many ticks. Small, crowded
/// and run long, so that creatures die on every one of them, hundreds in all, and a death
/// often changes what a later creature sees.
#[derive(Clone, Copy, Debug)]
struct Patch {
    seed: u64,
    cols: usize,
    rows: usize,
    crowd: usize,
    ticks: u32,
}

const fn patch(seed: u64, cols: usize, rows: usize, crowd: usize, ticks: u32) -> Patch {
    Patch { seed, cols, rows, crowd, ticks }
}

const VALLEYS: [Patch; 6] = [
    patch(2, 40, 30, 240, 250),
    patch(5, 40, 30, 240, 250),
    patch(11, 40, 30, 240, 250),
    patch(23, 40, 30, 240, 250),
    patch(3, 80, 60, 400, 200),
    patch(7, 80, 60, 400, 200),
];

impl std::fmt::Display for Patch {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "the {}x{} valley of seed {} ({} ticks)",
            self.cols, self.rows, self.seed, self.ticks
        )
    }
}

/// The valleys, as the pass messages name them.
fn valleys() -> String {
    let seeds: Vec<String> =
        VALLEYS.iter().map(|v| format!("{} ({}x{})", v.seed, v.cols, v.rows)).collect();
    format!("the valleys of seeds {}", listed(&seeds))
}

/// The switches the phase's `Design` came with: those the chapter's pages (its main page,
/// `crowd.md`, and the design notes nested under it, `crowd-*.md`) name in their text, outside
/// their blocks. A switch a student adds shows in the `designs` table once it is blessed, but no
/// sentence of the book names it, so this tells the book's switches from the student's with no
/// list kept by hand; a test holds every switch of the phase to a sentence of those pages.
pub fn known(root: &Path) -> Result<Vec<String>, String> {
    let dir = root.join("book/src");
    let entries = std::fs::read_dir(&dir).map_err(|e| {
        format!("cannot read {} to see which switches its pages name: {e}", dir.display())
    })?;
    let mut pages: Vec<std::path::PathBuf> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| {
            let name = p.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
            name == "crowd.md" || (name.starts_with("crowd-") && name.ends_with(".md"))
        })
        .collect();
    pages.sort();
    let mut named = Vec::new();
    for page in &pages {
        let text = std::fs::read_to_string(page).map_err(|e| {
            format!("cannot read {} to see which switches it names: {e}", page.display())
        })?;
        named.extend(named_flags(&text));
    }
    let mut known: Vec<String> =
        switches::<Design>().into_iter().map(|s| s.flag).filter(|f| named.contains(f)).collect();
    known.sort();
    Ok(known)
}

/// Every `--flag` a page names in its sentences, outside its code blocks.
fn named_flags(page: &str) -> Vec<String> {
    let code = crate::markdown::code(page);
    let mut flags = Vec::new();
    let mut at = 0;
    for whole in page.split_inclusive('\n') {
        let (start, line) = (at, whole.trim_end_matches(['\n', '\r']));
        at += whole.len();
        if crate::markdown::in_code(&code, start..start + line.len()) {
            continue;
        }
        for (at, _) in line.match_indices("--") {
            let name: String = line[at + 2..]
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '-')
                .collect();
            let before = line[..at].chars().next_back();
            if !name.is_empty() && before.is_none_or(|c| !c.is_ascii_alphanumeric() && c != '-') {
                flags.push(format!("--{}", name.trim_end_matches('-')));
            }
        }
    }
    flags.sort();
    flags.dedup();
    flags
}

/// What a run of a small valley ends on.
struct Ran {
    digest: String,
    struck: u64,
    recast: u64,
}

fn run(v: Patch, design: Design, crew: usize) -> Result<Ran, String> {
    let settings = Settings::new(crew, Isa::best());
    let mut w = World::found(v.seed, v.cols, v.rows, v.crowd, design, settings)?;
    for _ in 0..v.ticks {
        w.tick();
    }
    let run = w.counts().run;
    Ok(Ran { digest: w.digest(), struck: run.struck, recast: run.recast })
}

/// The field a switch sets: `--no-way` is `no_way`.
fn field(flag: &str) -> String {
    flag.trim_start_matches('-').replace('-', "_")
}

/// Whether the design, as `{:?}` prints it, has the field on.
fn has(design: &Design, field: &str) -> bool {
    format!("{design:?}").contains(&format!(" {field}: true"))
}

/// Every place in the library's code, tests left out, that reads `.field`.
fn reads(root: &Path, field: &str) -> Vec<String> {
    let mut files = Vec::new();
    gather(&root.join("shared/src"), &mut files);
    files.sort();
    let mut found = Vec::new();
    let dot = format!(".{field}");
    for file in files.iter().filter(|f| !f.ends_with("beast/design.rs")) {
        let text = std::fs::read_to_string(file).unwrap_or_default();
        let code = text.split("#[cfg(test)]").next().unwrap_or("");
        for (n, line) in code.lines().enumerate() {
            if line.trim_start().starts_with("//") {
                continue;
            }
            let ends = line.match_indices(&dot).filter(|(i, _)| {
                let after = line[i + dot.len()..].chars().next();
                after.is_none_or(|c| !(c.is_alphanumeric() || c == '_'))
            });
            for _ in ends {
                let shown = file.strip_prefix(root).unwrap_or(file).display();
                found.push(format!("{shown}:{}", n + 1));
            }
        }
    }
    found
}

fn gather(dir: &Path, into: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).into_iter().flatten().flatten() {
        let path = entry.path();
        if path.is_dir() {
            gather(&path, into);
        } else if path.extension().is_some_and(|e| e == "rs") {
            into.push(path);
        }
    }
}

/// The same run as the phase as it stands, on every seed and on one thread and two.
fn same_runs(design: Design, what: &str) -> Result<u64, String> {
    let mut struck = 0;
    for v in VALLEYS {
        let want = run(v, Design::default(), 1)?;
        struck += want.struck;
        for crew in [1, 2] {
            let got = run(v, design, crew)?;
            if got.digest != want.digest {
                return Err(format!(
                    "{what} is another run: on {v}, on {crew} thread(s), it ends on {} where \
                     the phase as it stands ends on {}",
                    got.digest, want.digest
                ));
            }
        }
    }
    Ok(struck)
}

// ANCHOR: retired
/// 3.5: a switch the phase's `Design` did not have, added by the one mechanism, a line of the
/// design's table: a retired part, described by its doc comment, part of `--was`, read in one
/// place, listed by `crowd designs`, and the same run as the phase as it stands, alone and
/// within `--was`.
pub fn retired() -> Verdict {
    let root = crate::repo::find(&std::env::current_dir().map_err(|e| e.to_string())?)?;
    let known = known(&root)?;
    let new: Vec<Switch> =
        switches::<Design>().into_iter().filter(|s| !known.contains(&s.flag)).collect();
    if new.is_empty() {
        return Err(format!(
            "the phase's Design has only the {} switches it came with: add one that puts back a \
             retired part of the phase, in {FILE} (the recipe is in the book's appendix, under \
             \"Keeping an old design\")",
            known.len()
        ));
    }
    let mut said = Vec::new();
    for s in &new {
        wired(s)?;
        said.push(keeps_the_run(&root, s)?);
    }
    Ok(said.join("; "))
}
// ANCHOR_END: retired

/// The switch is declared as the recipe says: a line of the design's table, with a doc comment,
/// whose part is a round of the chapter or a heading of its own, not the rules. The table then
/// puts it in `--was` and refuses it beside `--was`; that is checked too, since a check should
/// not take the mechanism on trust.
fn wired(s: &Switch) -> Result<(), String> {
    let (flag, field) = (s.flag.as_str(), field(&s.flag));
    if s.moves_digest() {
        return Err(format!(
            "{flag} is under \"{RULES}\" (Part::Rule), but a retired part of the phase keeps \
             the digest: give it the part of the round it belongs to (Part::Stage, or \
             Part::Aside with a heading of its own)"
        ));
    }
    if s.puts_back.trim().is_empty() {
        return Err(format!("{flag} has no doc comment: say what it puts back, in one line"));
    }
    if !has(&Design::was(), &field) {
        return Err(format!("--was does not put {flag} back: the design's table should"));
    }
    if with::<Design>(&["--was", flag]).is_ok() {
        return Err(format!("clap takes {flag} beside --was: the design's table should refuse it"));
    }
    Ok(())
}

/// The switch is read in one place of the library, keeps the run alone and within `--was`,
/// and is listed by `crowd designs` as keeping the digest: what the check saw, in words.
fn keeps_the_run(root: &Path, s: &Switch) -> Verdict {
    let (flag, field) = (s.flag.as_str(), field(&s.flag));
    let design: Design = switch("crowd", FILE, flag)?;
    let places = reads(root, &field);
    if places.len() != 1 {
        return Err(format!(
            "{flag} is read in {} places in shared/src ({}): read it in one, the `if` that \
             picks between the old part and the new",
            places.len(),
            if places.is_empty() { "none".to_string() } else { places.join(", ") }
        ));
    }
    let struck = same_runs(design, flag)?;
    same_runs(Design::was(), &format!("--was, with {flag} in it,"))?;
    let table = crate::run::run("cargo run --release -p crowd -- designs --ticks 10")?;
    let row = table.stdout.lines().find(|l| l.split_whitespace().next() == Some(flag));
    if row.and_then(|r| r.split_whitespace().nth(2)) != Some("no") {
        return Err(format!(
            "`crowd designs --ticks 10` does not list {flag} as keeping the digest: {}",
            row.unwrap_or("it has no row for it")
        ));
    }
    Ok(format!(
        "{flag} (read once, at {}) is the same run as the phase as it stands on {} ({struck} \
         deaths among them), on one thread and two and within --was, and `crowd designs` lists \
         it",
        places[0],
        valleys()
    ))
}

/// Allocations in the warm ticks of the phase, counted as the library's own test counts them.
fn warm_allocations(design: Design, crew: usize) -> Result<u64, String> {
    let v = VALLEYS[0];
    let settings = Settings::new(crew, Isa::best());
    let mut w = World::found(v.seed, v.cols, v.rows, v.crowd, design, settings)?;
    Ok(w.warm_allocations())
}

// ANCHOR: square
/// 3.6: with the square test kept behind `--square`, the phase as it stands casts fewer fans
/// again, is still the run in which every fan is cast in its creature's turn, on any crew, and
/// still allocates nothing once warm.
pub fn square() -> Verdict {
    let square: Design = switch("crowd", FILE, "--square")?;
    let narrow = Design { narrow: true, ..Design::default() };
    let (mut now_again, mut square_again) = (0, 0);
    for v in VALLEYS {
        let want = run(v, narrow, 1)?;
        for crew in [1, 2, 3] {
            let (now, old) = (run(v, Design::default(), crew)?, run(v, square, crew)?);
            for (name, got) in [("the phase as it stands", &now), ("--square", &old)] {
                if got.digest != want.digest {
                    return Err(format!(
                        "{name} is not the run the rules describe: on {v}, on {crew} \
                         thread(s), it ends on {} where casting every fan in its creature's turn \
                         (--narrow) ends on {}; some fan that a death changed was not cast again",
                        got.digest, want.digest
                    ));
                }
            }
            if now.recast > old.recast {
                return Err(format!(
                    "the phase as it stands cast {} fans again on {v}, more than the {} of \
                     --square",
                    now.recast, old.recast
                ));
            }
            if crew == 1 {
                now_again += now.recast;
                square_again += old.recast;
            }
        }
    }
    if now_again >= square_again {
        return Err(format!(
            "the phase as it stands cast as many fans again as --square does ({now_again} over \
             {}): look again only at the fans a death could have touched",
            valleys()
        ));
    }
    if !ledger::installed() {
        return Err("this binary does not count allocations, so it cannot check them".into());
    }
    for crew in [1, 2, 3] {
        let n = warm_allocations(Design::default(), crew)?;
        if n > 0 {
            return Err(format!(
                "the phase as it stands allocated {n} times in 100 warm ticks on {crew} \
                 thread(s), where it allocated nothing before"
            ));
        }
    }
    let fewer = 100.0 * (1.0 - now_again as f64 / square_again as f64);
    Ok(format!(
        "on {}, on 1, 2 and 3 threads, the phase as it stands and --square are the run of \
         --narrow; it cast {now_again} fans again where --square cast {square_again} \
         ({fewer:.0}% fewer), and allocated nothing in 100 warm ticks",
        valleys()
    ))
}
// ANCHOR_END: square

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_switches_the_course_knows_are_the_phases_switches() {
        // Both ways: every switch of the phase is named in the chapter's pages, so challenge 3.5
        // does not take a switch of the book for a student's (and pass on the untouched tree);
        // and every switch the course knows is a switch of the phase. Only the book's own tree
        // holds to the first: the one with the reference answers in `answers/`. A class copy
        // has none, and there a switch the student added is rightly named in no sentence.
        let root = Path::new(env!("CARGO_MANIFEST_DIR"));
        if !root.join("answers").is_dir() {
            return;
        }
        let mut all: Vec<String> = switches::<Design>().into_iter().map(|s| s.flag).collect();
        all.sort();
        let known = known(root).unwrap();
        let unnamed: Vec<&String> = all.iter().filter(|f| !known.contains(f)).collect();
        assert!(unnamed.is_empty(), "switches no crowd page names in a sentence: {unnamed:?}");
        assert_eq!(known, all);
    }

    #[test]
    fn flags_are_read_from_sentences_not_blocks() {
        let page =
            "Run --maps, or `--was`.\n```console\n$ crowd spend --fresh\n```\nnon--flag --x-y.";
        assert_eq!(named_flags(page), ["--maps", "--was", "--x-y"]);
    }

    #[test]
    fn no_flag_is_read_inside_a_tilde_fence_or_an_indented_block() {
        let page =
            "Run --maps.\n\n~~~text\n--fresh\n~~~\n\n    crowd spend --hasty\n\nThen --was.\n";
        assert_eq!(named_flags(page), ["--maps", "--was"]);
    }

    #[test]
    fn a_field_is_found_by_its_name() {
        assert_eq!(field("--no-way"), "no_way");
        assert!(has(&Design::was(), "maps"));
        assert!(!has(&Design::default(), "maps"));
        assert!(!has(&Design::was(), "ma"));
    }

    #[test]
    fn reads_are_counted_in_code_not_in_comments_or_tests() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR"));
        // `hasty` is read once, where a death buries its body.
        assert_eq!(reads(root, "hasty").len(), 1, "{:?}", reads(root, "hasty"));
        assert!(reads(root, "no_such_switch").is_empty());
    }
}
