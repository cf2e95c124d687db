//! `challenge [N.M]`: the command behind `just challenge N.M` and `just challenges`.
//!
//! With a number, it runs that challenge's check and says what it saw or what is missing, ending
//! with 0 when the check passes and 1 when it does not yet. With none, it prints the table of
//! every challenge of the course, checked now: the table a teacher grades from.

use std::io::IsTerminal;
use std::process::ExitCode;

use theworld::challenge::{ALL, Challenge, Kind, find};

const USAGE: &str = "usage: challenge [N.M] (with no number: the table of every challenge)";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.as_slice() {
        [] => table(),
        [id] if id == "-h" || id == "--help" => {
            println!("{USAGE}");
            ExitCode::SUCCESS
        }
        [id] => match find(id) {
            Some(c) => one(c),
            None => {
                let ids: Vec<&str> = ALL.iter().map(|c| c.id).collect();
                eprintln!(
                    "challenge: there is no challenge {id}: the course has {}",
                    ids.join(" ")
                );
                ExitCode::from(2)
            }
        },
        _ => {
            eprintln!("challenge: {USAGE}");
            ExitCode::from(2)
        }
    }
}

/// Says which check is running, on a terminal only: some take a few seconds.
fn running(c: &Challenge) {
    if std::io::stderr().is_terminal() {
        eprintln!("checking {} {}...", c.id, c.title);
    }
}

fn one(c: &Challenge) -> ExitCode {
    let Some(check) = c.check else {
        eprintln!(
            "challenge: {} ({}) is answered on paper, not checked: see the end of book/src/{}",
            c.id,
            c.kind.label(),
            c.page
        );
        return ExitCode::from(2);
    };
    running(c);
    match check() {
        Ok(saw) => {
            println!("challenge {} passed: {saw}", c.id);
            ExitCode::SUCCESS
        }
        Err(missing) => {
            println!("challenge {} not yet: {missing}", c.id);
            ExitCode::from(1)
        }
    }
}

// ANCHOR: table
fn table() -> ExitCode {
    println!("the course's challenges, each code challenge checked now");
    println!();
    println!("  {:<4}  {:<19}  {:<8}  title", "", "kind", "result");
    let (mut checked, mut passed) = (0, 0);
    for c in ALL {
        let (result, why) = match c.check {
            None => ("on paper", None),
            Some(check) => {
                running(c);
                checked += 1;
                match check() {
                    Ok(_) => {
                        passed += 1;
                        ("passed", None)
                    }
                    Err(missing) => ("NOT YET", Some(missing)),
                }
            }
        };
        println!("  {:<4}  {:<19}  {result:<8}  {}", c.id, c.kind.label(), c.title);
        if let Some(why) = why {
            println!("  {:<4}  {:<19}  {:<8}  {why}", "", "", "");
        }
    }
    let on_paper = ALL.iter().filter(|c| c.kind != Kind::Change).count();
    println!();
    println!("code challenges passed: {passed} of {checked}; answered on paper: {on_paper}");
    ExitCode::SUCCESS
}
// ANCHOR_END: table
