//! Clap's refusal of a command line, said in one line: [`OneLine`], clap's own hook for how an
//! error is written, writes it from the error's kind and context where clap would write several
//! lines, and [`conflict`] makes a refusal of our own wording that it writes the same way.

use clap::builder::StyledStr;
use clap::error::{ContextKind, ContextValue, Error, ErrorFormatter, ErrorKind};

/// Writes a clap error as one line: what is wrong, then what clap would have said after it
/// before the usage (the missing flags, the allowed values, a tip such as "a similar argument
/// exists"), folded in. The usage is left out, and "(try --help)" points to it.
pub struct OneLine;

impl ErrorFormatter for OneLine {
    fn format_error(e: &Error<Self>) -> StyledStr {
        folded(&said(e)).into()
    }
}

/// `e` in one line.
pub(super) fn one_line(e: clap::Error) -> String {
    e.apply::<OneLine>().to_string()
}

/// Flags that do not go together, refused in a sentence of our own: an `ArgumentConflict` that
/// carries the sentence as its context, so [`OneLine`] writes it as it writes clap's own. (Clap
/// shows an error made with a message of its own, as `Error::raw` makes one, as it stands,
/// without calling any formatter.)
pub fn conflict(why: impl Into<String>) -> clap::Error {
    let mut e = clap::Error::new(ErrorKind::ArgumentConflict);
    e.insert(ContextKind::Custom, ContextValue::String(why.into()));
    e
}

/// What clap says of `e`, a piece each line it would write before the usage: what is wrong,
/// then a line for each flag or value it lists, then its tips.
fn said(e: &Error<OneLine>) -> Vec<String> {
    let mut lines = Vec::new();
    let first = wrong(e, &mut lines).unwrap_or_else(|| {
        match (e.kind().as_str(), std::error::Error::source(e)) {
            (Some(kind), _) => kind.to_string(),
            (None, Some(why)) => why.to_string(),
            (None, None) => "unknown cause".to_string(),
        }
    });
    lines.insert(0, first);
    lines.extend(tips(e));
    lines
}

/// What is wrong, in clap's own words for each kind (clap_builder's `RichFormatter`), with the
/// flags or values it lists after it put into `lines`; `None` when the error lacks the context
/// its kind is said from, and clap names only the kind.
fn wrong(e: &Error<OneLine>, lines: &mut Vec<String>) -> Option<String> {
    use ContextKind as K;
    let (arg, value) = (text(e, K::InvalidArg), text(e, K::InvalidValue));
    let were = |n: isize| if n > 1 { "were provided" } else { "was provided" };
    let counts = |other| Some((arg?, number(e, K::ActualNumValues)?, number(e, other)?));
    if let Some(own) = text(e, K::Custom) {
        return Some(own.to_string());
    }
    match e.kind() {
        ErrorKind::ArgumentConflict => conflicted(e, lines),
        ErrorKind::NoEquals => {
            Some(format!("equal sign is needed when assigning values to '{}'", arg?))
        }
        ErrorKind::InvalidValue => {
            let (a, v) = (arg?, value?);
            lines.extend(listed("possible values", strings(e, K::ValidValue)));
            Some(match v {
                "" => format!("a value is required for '{a}' but none was supplied"),
                v => format!("invalid value '{v}' for '{a}'"),
            })
        }
        ErrorKind::InvalidSubcommand => {
            Some(format!("unrecognized subcommand '{}'", text(e, K::InvalidSubcommand)?))
        }
        ErrorKind::MissingRequiredArgument => {
            lines.extend(strings(e, K::InvalidArg)?);
            Some("the following required arguments were not provided:".to_string())
        }
        ErrorKind::MissingSubcommand => {
            let sub = text(e, K::InvalidSubcommand)?;
            lines.extend(listed("subcommands", strings(e, K::ValidSubcommand)));
            Some(format!("'{sub}' requires a subcommand but one was not provided"))
        }
        ErrorKind::TooManyValues => Some(format!(
            "unexpected value '{}' for '{}' found; no more were expected",
            value?, arg?
        )),
        ErrorKind::TooFewValues => counts(K::MinValues).map(|(a, given, least)| {
            format!("{least} values required by '{a}'; only {given} {}", were(given))
        }),
        ErrorKind::ValueValidation => {
            let said = format!("invalid value '{}' for '{}'", value?, arg?);
            Some(match std::error::Error::source(e) {
                Some(why) => format!("{said}: {why}"),
                None => said,
            })
        }
        ErrorKind::WrongNumberOfValues => counts(K::ExpectedNumValues).map(|(a, given, wanted)| {
            format!("{wanted} values required for '{a}' but {given} {}", were(given))
        }),
        ErrorKind::UnknownArgument => Some(format!("unexpected argument '{}' found", arg?)),
        _ => None,
    }
}

/// Clap's tips: the subcommand, flag or value the reader may have meant (a flag only when it
/// is not [`far_fetched`]), then any other, such as how to give a value that starts with '-'.
fn tips(e: &Error<OneLine>) -> Vec<String> {
    use ContextKind as K;
    let mut tips = Vec::new();
    for (kind, what) in [
        (K::SuggestedSubcommand, "subcommand"),
        (K::SuggestedArg, "argument"),
        (K::SuggestedValue, "value"),
    ] {
        if kind == K::SuggestedArg && far_fetched(e) {
            continue;
        }
        tips.extend(e.get(kind).and_then(|tip| similar(what, tip)));
    }
    if let Some(ContextValue::StyledStrs(more)) = e.get(K::Suggested) {
        tips.extend(more.iter().map(|tip| format!("tip: {tip}")));
    }
    tips
}

/// The text of `kind` in `e`'s context, when it is one.
fn text(e: &Error<OneLine>, kind: ContextKind) -> Option<&str> {
    match e.get(kind) {
        Some(ContextValue::String(s)) => Some(s),
        _ => None,
    }
}

/// The list of texts of `kind` in `e`'s context, when it is one.
fn strings(e: &Error<OneLine>, kind: ContextKind) -> Option<Vec<String>> {
    match e.get(kind) {
        Some(ContextValue::Strings(v)) => Some(v.clone()),
        _ => None,
    }
}

/// The number of `kind` in `e`'s context, when it is one.
fn number(e: &Error<OneLine>, kind: ContextKind) -> Option<isize> {
    match e.get(kind) {
        Some(ContextValue::Number(n)) => Some(*n),
        _ => None,
    }
}

/// What an `ArgumentConflict` says first, and the flags it lists after (into `lines`).
fn conflicted(e: &Error<OneLine>, lines: &mut Vec<String>) -> Option<String> {
    let mut prior = e.get(ContextKind::PriorArg);
    let mut first = match (e.get(ContextKind::InvalidArg), e.get(ContextKind::InvalidSubcommand)) {
        (Some(ContextValue::String(arg)), _) if prior == e.get(ContextKind::InvalidArg) => {
            prior = None;
            format!("the argument '{arg}' cannot be used multiple times")
        }
        (Some(ContextValue::String(arg)), _) => format!("the argument '{arg}' cannot be used with"),
        (_, Some(ContextValue::String(sub))) => {
            format!("the subcommand '{sub}' cannot be used with")
        }
        _ => e.kind().as_str()?.to_string(),
    };
    match prior {
        Some(ContextValue::Strings(others)) => {
            first.push(':');
            lines.extend(others.iter().cloned());
        }
        Some(ContextValue::String(other)) => first.push_str(&format!(" '{other}'")),
        Some(_) => first.push_str(" one or more of the other specified arguments"),
        None => {}
    }
    Some(first)
}

/// A list clap writes in brackets after what is wrong: "possible values: slow, fast".
fn listed(name: &str, values: Option<Vec<String>>) -> Option<String> {
    let values = values.filter(|v| !v.is_empty())?;
    // A value with a space in it, or none at all, is quoted, as clap quotes it.
    let shown: Vec<String> = values
        .iter()
        .map(|v| {
            if v.is_empty() || v.contains(char::is_whitespace) {
                format!("{v:?}")
            } else {
                v.clone()
            }
        })
        .collect();
    Some(format!("{name}: {}", shown.join(", ")))
}

/// Clap's tip that names what the reader may have meant.
fn similar(what: &str, tip: &ContextValue) -> Option<String> {
    match tip {
        ContextValue::String(one) => Some(format!("tip: a similar {what} exists: '{one}'")),
        ContextValue::Strings(many) => {
            let quoted: Vec<String> = many.iter().map(|m| format!("'{m}'")).collect();
            Some(match many.len() {
                1 => format!("tip: a similar {what} exists: {}", quoted[0]),
                _ => format!("tip: some similar {what}s exist: {}", quoted.join(", ")),
            })
        }
        _ => None,
    }
}

/// The pieces in one line: the first, then the rest, after a colon when the first ends on one
/// ("were not provided: --ticks <TICKS>") and in brackets otherwise. A piece that holds a line
/// break (a value typed with one) is its lines, so the line stays one.
fn folded(pieces: &[String]) -> String {
    let mut lines = pieces.iter().flat_map(|p| p.lines()).map(str::trim).filter(|l| !l.is_empty());
    let first = lines.next().unwrap_or("bad command line");
    let rest: Vec<&str> = lines.collect();
    match (first.ends_with(':'), rest.is_empty()) {
        (_, true) => format!("{first} (try --help)"),
        (true, false) => format!("{first} {} (try --help)", rest.join(", ")),
        (false, false) => format!("{first} ({})", rest.join("; ")),
    }
}

/// Whether clap's "a similar argument exists" names a flag too far from the one typed to be the
/// one the reader meant. Clap suggests any flag alike enough by its own measure, so `--strips`
/// (a switch a challenge asks for) drew `--ticks`; a tip is kept only when a slip of a key or
/// two turns the one typed into it.
fn far_fetched(e: &Error<OneLine>) -> bool {
    let first = |kind| match e.get(kind) {
        Some(ContextValue::String(s)) => Some(s.clone()),
        Some(ContextValue::Strings(v)) => v.first().cloned(),
        _ => None,
    };
    let (Some(typed), Some(tip)) =
        (first(ContextKind::InvalidArg), first(ContextKind::SuggestedArg))
    else {
        return false;
    };
    let bare =
        |s: &str| s.split('=').next().unwrap_or_default().trim_start_matches('-').to_string();
    let (typed, tip) = (bare(&typed), bare(&tip));
    let slips = if typed.chars().count().min(tip.chars().count()) >= 5 { 2 } else { 1 };
    slips_between(&typed, &tip) > slips
}

/// The keys a typist slips between two words: a letter added, dropped, changed, or two side
/// by side swapped, each one slip (the optimal string alignment distance).
fn slips_between(a: &str, b: &str) -> usize {
    let (a, b): (Vec<char>, Vec<char>) = (a.chars().collect(), b.chars().collect());
    let mut d = vec![vec![0; b.len() + 1]; a.len() + 1];
    for (i, row) in d.iter_mut().enumerate() {
        row[0] = i;
    }
    for (j, cell) in d[0].iter_mut().enumerate() {
        *cell = j;
    }
    for i in 1..=a.len() {
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            let mut best = (d[i - 1][j] + 1).min(d[i][j - 1] + 1).min(d[i - 1][j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                best = best.min(d[i - 2][j - 2] + 1);
            }
            d[i][j] = best;
        }
    }
    d[a.len()][b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slips_are_counted_a_key_at_a_time() {
        assert_eq!(slips_between("tick", "ticks"), 1);
        assert_eq!(slips_between("tikcs", "ticks"), 1);
        assert_eq!(slips_between("strips", "ticks"), 4);
        assert_eq!(slips_between("", "seed"), 4);
        assert_eq!(slips_between("seed", "seed"), 0);
    }

    #[test]
    fn a_conflict_of_our_own_is_its_sentence() {
        let e = conflict("--isa is not used with lanes --pack, which runs nothing\n");
        assert_eq!(e.kind(), ErrorKind::ArgumentConflict);
        assert_eq!(
            one_line(e),
            "--isa is not used with lanes --pack, which runs nothing (try --help)"
        );
    }

    #[test]
    fn the_pieces_fold_after_a_colon_or_in_brackets() {
        let fold = |p: &[&str]| folded(&p.iter().map(|s| s.to_string()).collect::<Vec<_>>());
        assert_eq!(fold(&["wrong"]), "wrong (try --help)");
        assert_eq!(
            fold(&["missing:", "--a <A>", "--b <B>"]),
            "missing: --a <A>, --b <B> (try --help)"
        );
        assert_eq!(fold(&["bad 'x'", "possible values: a, b"]), "bad 'x' (possible values: a, b)");
        assert_eq!(fold(&["bad '--a\nb'"]), "bad '--a (b')");
    }
}
