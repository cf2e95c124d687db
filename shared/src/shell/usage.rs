//! A wrong command line, said in one line: the mistakes clap reads as something else (a value
//! that starts with a dash, a flag given where a value was due, a global flag given twice, an
//! argument that is not text) named as a reader made them. What clap itself refuses is said by
//! [`super::one_line`].

use std::ffi::OsString;

use super::failure::Failure;

/// Whether a word of `args` (after the program's name) is several short flags run together,
/// as `-Vh`: with `-V` among them, something beside it that clap did not look at.
pub(super) fn clustered(args: &[OsString]) -> bool {
    args.iter()
        .skip(1)
        .filter_map(|a| a.to_str())
        .any(|a| a.strip_prefix('-').is_some_and(|f| !f.starts_with('-') && f.chars().count() > 1))
}

/// Each flag and the value given after it on `args`, where the flag is one of those of `cmd`
/// (or of its subcommands) that `pick` chooses: the pairs the two readings below look at.
pub(super) fn flag_and_value<'a>(
    cmd: &clap::Command,
    args: &'a [OsString],
    pick: fn(&clap::Arg) -> bool,
) -> Vec<(&'a str, &'a str)> {
    fn chosen(cmd: &clap::Command, pick: fn(&clap::Arg) -> bool, into: &mut Vec<clap::Arg>) {
        into.extend(cmd.get_arguments().filter(|a| pick(a)).cloned());
        cmd.get_subcommands().for_each(|s| chosen(s, pick, into));
    }
    let mut flags = Vec::new();
    chosen(cmd, pick, &mut flags);
    let is = |flag: &str| {
        let short = flag.strip_prefix('-').filter(|s| s.len() == 1).and_then(|s| s.chars().next());
        flags.iter().any(|a| {
            a.get_long().is_some_and(|l| flag.strip_prefix("--") == Some(l))
                || short.is_some() && a.get_short() == short
        })
    };
    let words: Vec<&str> = args.iter().skip(1).map_while(|a| a.to_str()).collect();
    words.windows(2).filter(|pair| is(pair[0])).map(|pair| (pair[0], pair[1])).collect()
}

/// A value that starts with a dash given to a flag that does not take one so (`--picture
/// -x.svg`, `--isa -1`): clap reads the value as a flag of its own and names that, where the
/// reader needs the flag it was meant for and the way to give it.
pub(super) fn dashed_value(cmd: &clap::Command, args: &[OsString]) -> Option<String> {
    fn known(cmd: &clap::Command, word: &str) -> bool {
        let name = word.split('=').next().unwrap_or(word);
        let own = cmd.get_arguments().any(|a| {
            a.get_long().is_some_and(|l| name == format!("--{l}"))
                || a.get_short().is_some_and(|c| name == format!("-{c}"))
        });
        own || name == "--help" || name == "-h" || cmd.get_subcommands().any(|s| known(s, word))
    }
    let valued = |a: &clap::Arg| {
        a.get_action().takes_values() && !a.is_allow_hyphen_values_set() && !a.is_positional()
    };
    let (flag, value) = flag_and_value(cmd, args, valued)
        .into_iter()
        .find(|(_, value)| value.starts_with('-') && value.len() > 1 && !known(cmd, value))?;
    Some(format!(
        "{flag} was given '{value}', which starts with '-' and so reads as a flag: write \
         {flag}={value} to give it as the value (try --help)"
    ))
}

/// A number flag given another flag as its value (`-n --ticks 1`). The number flags take values
/// that start with a dash, so that `-5` reaches their parser and is refused as a number; so clap
/// would hand them the next flag too, and then complain about the number after it.
pub(super) fn flag_as_value(cmd: &clap::Command, args: &[OsString]) -> Option<String> {
    let (flag, value) = flag_and_value(cmd, args, clap::Arg::is_allow_hyphen_values_set)
        .into_iter()
        .find(|(_, value)| {
            value.starts_with('-')
                && value.trim_start_matches('-').starts_with(|c: char| c.is_ascii_alphabetic())
        })?;
    Some(format!(
        "{flag} was given '{value}', a flag, where its value was due: give {flag} its value \
         before the next flag (try --help)"
    ))
}

/// The refusal of a command line with no subcommand where one is needed: the usage, and the
/// subcommands to choose from.
pub(super) fn subcommands<C: clap::CommandFactory>() -> String {
    let mut cmd = C::command();
    let names: Vec<String> = cmd.get_subcommands().map(|s| s.get_name().to_string()).collect();
    let usage = cmd.render_usage().to_string();
    let usage = usage.trim().trim_start_matches("Usage:").trim();
    format!("give a subcommand, one of {} (usage: {usage}; try --help)", names.join(", "))
}

/// Refuses a flag that every subcommand shares (a global one, such as `--isa`) given more than
/// once, before and after the subcommand: clap would quietly keep the last.
pub(super) fn once<C: clap::CommandFactory>(args: &[OsString]) -> Result<(), Failure> {
    let cmd = C::command();
    for long in cmd.get_arguments().filter(|a| a.is_global_set()).filter_map(|a| a.get_long()) {
        let flag = format!("--{long}");
        let given = args
            .iter()
            .skip(1)
            .take_while(|a| *a != "--")
            .filter_map(|a| a.to_str())
            .filter(|a| *a == flag || a.starts_with(&format!("{flag}=")))
            .count();
        if given > 1 {
            return Err(Failure::Usage(format!(
                "{flag} is given {given} times: give it once, before or after the subcommand"
            )));
        }
    }
    Ok(())
}

/// Which argument of `args` (program name first) is not UTF-8 text, as a reader finds it: its
/// place on the line, and the flag it is the value of when it follows one. `None` when every
/// argument is text.
pub fn not_text(args: &[OsString]) -> Option<String> {
    let at = args.iter().skip(1).position(|a| a.to_str().is_none())? + 1;
    let before = args[at - 1].to_str().filter(|b| at > 1 && b.starts_with('-'));
    let own = args[at].as_encoded_bytes().split(|&b| b == b'=').next().map(String::from_utf8_lossy);
    Some(match (before, own) {
        (_, Some(flag))
            if flag.starts_with("--") && args[at].as_encoded_bytes().contains(&b'=') =>
        {
            format!("argument {at}, the value of {flag}, is not UTF-8 text")
        }
        (Some(flag), _) => format!("argument {at}, the value of {flag}, is not UTF-8 text"),
        _ => format!("argument {at} is not UTF-8 text"),
    })
}
