//! Every chapter command the CI scripts run by name is one that chapter's command line takes.
//! The book check runs every command the pages show, but `.ci/same-everywhere` and
//! `.ci/challenges` keep lists of their own, and a flag renamed in a chapter would otherwise
//! fail only on CI, twenty minutes in.

/// The chapter commands a script names: each line of `same-everywhere`'s lists, `bin args`
/// between quotes, and each `cargo run ... -p bin -- args` of `challenges`.
fn commands(script: &str) -> Vec<(String, Vec<String>)> {
    let text = std::fs::read_to_string(format!("{}/.ci/{script}", env!("CARGO_MANIFEST_DIR")))
        .expect("the script");
    let mut found = Vec::new();
    for line in text.lines().map(str::trim) {
        let Some(quoted) = line.strip_prefix('"').and_then(|l| l.split('"').next()) else {
            continue;
        };
        let words: Vec<&str> = quoted.split_whitespace().collect();
        let (bin, args) = if let Some(at) = words.iter().position(|w| *w == "--") {
            let p = words.iter().position(|w| *w == "-p").expect("cargo run names its package");
            (words[p + 1], &words[at + 1..])
        } else {
            (words[0], &words[1..])
        };
        if theworld::chapters::named(bin).is_none() {
            continue;
        }
        // A pipe's other end is the shell's, not the chapter's.
        let args = args.iter().take_while(|w| **w != "|");
        let args = args.map(|w| w.replace('@', "target/ci-commands")).collect();
        found.push((bin.to_string(), args));
    }
    found
}

fn parses(bin: &str, args: &[String]) -> Result<(), String> {
    let line = std::iter::once(bin.to_string()).chain(args.iter().cloned()).collect();
    let chapter = theworld::chapters::named(bin).expect("only chapters are listed");
    (chapter.parses)(line).map_err(|e| e.to_string())
}

#[test]
fn every_chapter_command_the_ci_scripts_run_is_taken() {
    for script in ["same-everywhere", "challenges", "arm"] {
        let all = commands(script);
        assert!(all.len() >= 5, "{script}: read {} commands", all.len());
        for (bin, args) in &all {
            if let Err(e) = parses(bin, args) {
                panic!("{script} runs `{bin} {}`, which it refuses:\n{e}", args.join(" "));
            }
        }
    }
}

#[test]
fn a_renamed_flag_is_caught() {
    let args = ["crew", "--stripes", "x.svg", "--crew", "4"].map(String::from);
    assert!(parses("crowd", &args).is_err(), "the flag CI once ran and crew no longer takes");
    assert!(parses("crowd", &args[..3]).is_ok());
}
