//! Every number flag's help states exactly the range its parser takes: the range read from the
//! parser itself, its two ends accepted and one past each refused, on every subcommand of every
//! chapter.

use std::any::TypeId;
use std::error::Error;

use clap::Command;
use world::shell::cli::OutOfRange;

/// A whole number as the help prints it, with its thousands commas.
fn commas(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// Whether `help` states the range `lo..=hi` as the helps write one: "LO to HI", or "LO or HI"
/// for a choice of two, a note in brackets after LO allowed ("0 (the start alone) to 100,000"),
/// and neither number a piece of a longer one.
fn states(help: &str, lo: u64, hi: u64) -> bool {
    let mut plain = String::new();
    let mut depth = 0;
    for c in help.chars() {
        match c {
            '(' => depth += 1,
            ')' => depth -= 1,
            _ if depth == 0 => plain.push(c),
            _ => {}
        }
    }
    let plain = plain.split_whitespace().collect::<Vec<_>>().join(" ");
    let mut ranges = vec![format!("{} to {}", commas(lo), commas(hi))];
    if hi == lo + 1 {
        ranges.push(format!("{lo} or {hi}"));
    }
    let digit = |c: Option<char>| c.is_some_and(|c| c.is_ascii_digit());
    ranges.iter().any(|range| {
        plain.match_indices(range.as_str()).any(|(at, _)| {
            // Neither end a piece of a longer number: "21 to 30" does not state 1 to 30.
            let glued_before =
                plain[..at].ends_with(|c: char| c.is_ascii_digit() || c == ',' || c == '.');
            let mut after = plain[at + range.len()..].chars();
            let next = after.next();
            let glued_after = digit(next) || matches!(next, Some(',' | '.')) && digit(after.next());
            !glued_before && !glued_after
        })
    })
}

/// Every number flag in `cmd`'s tree, found by the type its parser gives: the path of
/// subcommands to it, its flag, its help.
fn numbers(cmd: &Command, path: Vec<String>, into: &mut Vec<(Vec<String>, String, String)>) {
    let whole = [
        TypeId::of::<u8>(),
        TypeId::of::<u16>(),
        TypeId::of::<u32>(),
        TypeId::of::<u64>(),
        TypeId::of::<usize>(),
    ];
    for a in
        cmd.get_arguments().filter(|a| whole.iter().any(|t| a.get_value_parser().type_id() == *t))
    {
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
            let at = format!("{name} {} {flag}", path.join(" "));
            let parse = |v: &str| {
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
                cmd.clone().try_get_matches_from(&args)
            };
            // The range, from the parser's refusal of a number past any range.
            let refusal = parse("999999999999999999999999").unwrap_err();
            let Some(range) = refusal.source().and_then(|s| s.downcast_ref::<OutOfRange>()) else {
                wrong.push(format!("{at}: its parser is not a Whole, so it names no range"));
                continue;
            };
            let (lo, hi) = (range.lo, range.hi);
            // A seed takes every u64: there are no ends to state.
            if (lo, hi) == (0, u64::MAX) {
                continue;
            }
            if !states(&help, lo, hi) {
                wrong.push(format!("{at} takes {lo} to {hi}; its help says {help:?}"));
            }
            let mut check = |v: u64, ok: bool| {
                tried += 1;
                if parse(&v.to_string()).is_ok() != ok {
                    let what = if ok { "refuses" } else { "takes" };
                    wrong.push(format!("{at} {what} {v}, in its own range {lo} to {hi}"));
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
fn a_range_is_stated_as_the_help_prints_it() {
    assert!(states("Ticks to run: 1 to 1,000,000.", 1, 1_000_000));
    assert!(states("Ticks to run: 0 (the start alone) to 100,000.", 0, 100_000));
    assert!(states("Which round: 1 or 2", 1, 2));
    assert!(!states("Ticks to run: 1 to 1,000,000.", 1, 1000));
    assert!(!states("Ticks to run: 21 to 30.", 1, 30));
    assert!(!states("Which round: 1 or 3", 1, 3));
    assert!(!states("Ticks to run.", 1, 10));
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
