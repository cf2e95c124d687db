//! Every number flag's help states exactly the range its parser takes: read from `--help`, the
//! range's two ends are accepted and one past each is refused, on every subcommand of every
//! chapter.

use clap::Command;

/// A whole number as the help prints it, with its thousands commas.
fn number(s: &str) -> Option<u64> {
    s.replace(',', "").parse().ok()
}

/// The range a flag's help states, "LO to HI" (LO may carry a note in brackets), or "LO or HI".
fn range(help: &str) -> Option<(u64, u64)> {
    let words: Vec<&str> = help.split_whitespace().collect();
    let mut i = 0;
    while i < words.len() {
        let w = words[i].trim_end_matches([',', '.', ':', ';', ')']);
        if let Some(lo) = number(w).filter(|_| w.starts_with(|c: char| c.is_ascii_digit())) {
            let mut j = i + 1;
            if words.get(j).is_some_and(|n| n.starts_with('(')) {
                while j < words.len() && !words[j].ends_with(')') {
                    j += 1;
                }
                j += 1;
            }
            if matches!(words.get(j), Some(&"to") | Some(&"or")) {
                let hi = words.get(j + 1).map(|h| h.trim_end_matches([',', '.', ':', ';', ')']));
                if let Some(hi) = hi.and_then(number) {
                    return Some((lo, hi));
                }
            }
        }
        i += 1;
    }
    None
}

/// Every number flag in `cmd`'s tree: the path of subcommands to it, its flag, its help.
fn numbers(cmd: &Command, path: Vec<String>, into: &mut Vec<(Vec<String>, String, String)>) {
    for a in cmd.get_arguments().filter(|a| a.is_allow_hyphen_values_set()) {
        let flag =
            a.get_long().map(|l| format!("--{l}")).or(a.get_short().map(|s| format!("-{s}")));
        let help = a.get_long_help().or(a.get_help()).map(|h| h.to_string()).unwrap_or_default();
        into.push((path.clone(), flag.expect("a flag has a name"), help));
    }
    for sub in cmd.get_subcommands() {
        let mut p = path.clone();
        p.push(sub.get_name().to_string());
        numbers(sub, p, into);
    }
}

#[test]
fn every_number_flags_help_gives_the_range_its_parser_takes() {
    let mut wrong = Vec::new();
    let mut tried = 0;
    for (name, cmd) in theworld::chapters::ALL.iter().map(|c| (c.name, (c.command)())) {
        let mut all = Vec::new();
        numbers(&cmd, Vec::new(), &mut all);
        for (path, flag, help) in all {
            // A seed takes any u64, and the radius any real number in its range: no whole ends.
            if flag == "--seed" || flag == "--radius" {
                continue;
            }
            let Some((lo, hi)) = range(&help) else {
                wrong.push(format!("{name} {} {flag}: no range in {help:?}", path.join(" ")));
                continue;
            };
            let takes = |v: u64| {
                let mut args = vec![name.to_string()];
                args.extend(path.iter().cloned());
                args.extend([flag.clone(), v.to_string()]);
                // A few subcommands need another flag to parse at all.
                if path.first().is_some_and(|p| p == "picture") {
                    args.extend(["--out".into(), "x.png".into()]);
                }
                if path.first().is_some_and(|p| p == "crew") && flag == "--among" {
                    args.extend(["--stripes".into(), "x.svg".into()]);
                }
                cmd.clone().try_get_matches_from(&args).map_err(|e| e.kind())
            };
            let mut check = |v: u64, ok: bool| {
                tried += 1;
                if takes(v).is_ok() != ok {
                    let what = if ok { "refuses" } else { "takes" };
                    wrong.push(format!("{name} {} {flag} {what} {v}: {help:?}", path.join(" ")));
                }
            };
            check(lo, true);
            check(hi, true);
            if lo > 0 {
                check(lo - 1, false);
            }
            check(hi + 1, false);
        }
    }
    assert!(wrong.is_empty(), "help and parser disagree:\n{}", wrong.join("\n"));
    assert!(tried > 40, "too few flags tried to be right: {tried}");
}

#[test]
fn a_range_is_read_as_the_help_prints_it() {
    assert_eq!(range("Ticks to run: 1 to 1,000,000."), Some((1, 1_000_000)));
    assert_eq!(range("Ticks to run: 0 (the start alone) to 100,000."), Some((0, 100_000)));
    assert_eq!(range("Which round: 1 or 2"), Some((1, 2)));
    assert_eq!(range("Ticks to run."), None);
}

/// Every help of `cmd` and its subcommands, short and long, as the binary prints it.
fn helps(cmd: &mut Command, path: &str, into: &mut Vec<(String, String)>) {
    into.push((path.to_string(), cmd.render_help().to_string()));
    into.push((format!("{path} --help"), cmd.render_long_help().to_string()));
    let names: Vec<String> = cmd.get_subcommands().map(|s| s.get_name().to_string()).collect();
    for name in names {
        let sub = cmd.find_subcommand_mut(&name).expect("a listed subcommand is there");
        helps(sub, &format!("{path} {name}"), into);
    }
}

#[test]
fn every_help_fits_the_books_column() {
    let mut wide = Vec::new();
    for mut cmd in theworld::chapters::ALL.iter().map(|c| (c.command)()) {
        cmd.build();
        let name = cmd.get_name().to_string();
        let mut all = Vec::new();
        helps(&mut cmd, &name, &mut all);
        for (path, text) in all {
            wide.extend(
                text.lines().filter(|l| l.chars().count() > 100).map(|l| format!("{path}: {l}")),
            );
        }
    }
    assert!(wide.is_empty(), "help lines wider than 100 columns:\n{}", wide.join("\n"));
}
