//! Running a book command in-process.
//!
//! A block's command is what a reader pastes, `cargo run --release -p NAME -- ARGS`. Rather
//! than start cargo from inside a test, the check calls the chapter crate's `invoke` with the
//! same arguments and its own buffer for stdout: the same code path as the binary, minus the
//! process.

use world::shell::cli::Failure;

/// The package a command runs and the arguments it passes, or why the line is not one the
/// check can run.
pub fn parse(command: &str) -> Result<(String, Vec<String>), String> {
    let words: Vec<&str> = command.split_whitespace().collect();
    match words.as_slice() {
        ["cargo", "run", "--release", "-p", package, rest @ ..] => {
            let args = match rest {
                [] => vec![],
                ["--", args @ ..] => args.iter().map(|s| s.to_string()).collect(),
                _ => return Err(format!("expected `--` after the package in `{command}`")),
            };
            if args.iter().any(|a| a.contains(['"', '\'', '|', '>', '<', '$', '`'])) {
                return Err(format!(
                    "`{command}` needs a shell; only plain arguments can be checked"
                ));
            }
            Ok((package.to_string(), args))
        }
        _ => Err(format!("`{command}` is not of the form `cargo run --release -p NAME -- ARGS`")),
    }
}

/// The package and arguments of a command, as its chapter reads them: `cargo run --release
/// [-q] -p NAME -- ARGS`, the arguments ending where the shell takes over (a pipe or a
/// redirection, as a measured block's command may have). `None` for a command of another form
/// (a bench) or one built with `--features`, whose flags the book check's build of the chapter
/// does not have.
pub fn chapter_words(command: &str) -> Option<(String, Vec<String>)> {
    let words: Vec<&str> = command.split_whitespace().collect();
    let (package, rest) = match words.as_slice() {
        ["cargo", "run", "--release", "-q", "-p", package, "--", rest @ ..]
        | ["cargo", "run", "--release", "-p", package, "--", rest @ ..] => (*package, rest),
        _ => return None,
    };
    let shell = |w: &str| w.starts_with(['|', '<']) || w.contains('>');
    let args = rest.iter().take_while(|w| !shell(w)).map(|w| w.to_string()).collect();
    Some((package.to_string(), args))
}

/// What one chapter command did: what it printed, and for a command that failed, the one
/// line a reader would see on stderr, with the exit code.
#[derive(Debug, Clone, PartialEq)]
pub struct Ran {
    pub stdout: String,
    pub refused: Option<String>,
}

impl Ran {
    /// What a reader's terminal shows: the stdout, then the refusal if there was one.
    pub fn shown(&self) -> String {
        match &self.refused {
            Some(line) => format!("{}{line}\n", self.stdout),
            None => self.stdout.clone(),
        }
    }
}

/// Runs one chapter command in-process and returns what it printed and whether it failed.
pub fn run(command: &str) -> Result<Ran, String> {
    let (package, args) = parse(command)?;
    let Some(chapter) = crate::chapters::named(&package) else {
        return Err(format!("no chapter package called `{package}`"));
    };
    let argv = std::iter::once(package.clone()).chain(args).collect();
    let mut out = Vec::new();
    let result = (chapter.invoke)(argv, &mut out);
    let stdout =
        String::from_utf8(out).map_err(|e| format!("`{command}` printed non-UTF-8: {e}"))?;
    let refused =
        result.err().map(|f: Failure| format!("{package}: {} [exit {}]", f.message(), f.code()));
    Ok(Ran { stdout, refused })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_the_reader_form_only() {
        assert_eq!(
            parse("cargo run --release -p bodies -- held --ticks 400").unwrap(),
            ("bodies".to_string(), vec!["held".into(), "--ticks".into(), "400".into()])
        );
        assert_eq!(parse("cargo run --release -p bodies").unwrap().1, Vec::<String>::new());
        assert!(parse("cargo run -p bodies -- table").is_err());
        assert!(parse("cargo run --release -p bodies table").is_err());
        assert!(parse("cargo run --release -p bodies -- table | head").is_err());
    }

    #[test]
    fn a_measured_command_is_read_up_to_the_shell() {
        let args = |c: &str| chapter_words(c).map(|(p, a)| format!("{p}: {}", a.join(" ")));
        let fit = "cargo run --release -q -p crowd -- fit --budget 50 2>/dev/null";
        assert_eq!(args(fit).as_deref(), Some("crowd: fit --budget 50"));
        let crew = "cargo run --release -q -p crowd -- crew --clock | tail -n 8";
        assert_eq!(args(crew).as_deref(), Some("crowd: crew --clock"));
        assert_eq!(args("cargo run --release -p herd -- clock").as_deref(), Some("herd: clock"));
        assert_eq!(args("cargo run --release -q -p crowd --features pprof -- spend"), None);
        assert_eq!(args("cargo bench -q -p world --bench fan -- --warm-up-time 1"), None);
    }

    #[test]
    fn failures_show_the_line_a_reader_would_see() {
        let ran = run("cargo run --release -p bodies -- held --ticks 0").unwrap();
        let line = ran.refused.clone().unwrap();
        assert!(line.starts_with("bodies: invalid value '0'"), "{line}");
        assert!(line.ends_with("[exit 2]"));
        assert_eq!(ran.shown(), format!("{line}\n"));
        assert!(run("cargo run --release -p bodies -- table").unwrap().refused.is_none());
        assert!(run("cargo run --release -p nobody -- x").is_err());
    }
}
