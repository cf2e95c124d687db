//! Running a book command in-process.
//!
//! A block's command is what a reader pastes, `cargo run --release -p NAME -- ARGS`. Rather
//! than start cargo from inside a test, the check calls the chapter crate's `invoke` with the
//! same arguments and its own buffer for stdout: the same code path as the binary, minus the
//! process.

use world::cli::Failure;

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

/// Runs one chapter command and returns what a reader's terminal would show: the stdout, or,
/// for a command that fails, the one line the binary prints to stderr.
pub fn run(command: &str) -> Result<String, String> {
    let (package, args) = parse(command)?;
    let argv = std::iter::once(package.clone()).chain(args);
    let mut out = Vec::new();
    let result = match package.as_str() {
        "bodies" => world::cli::invoke(argv, &mut out, bodies::run),
        "herd" => world::cli::invoke(argv, &mut out, herd::run),
        "crowd" => world::cli::invoke(argv, &mut out, crowd::run),
        _ => return Err(format!("no chapter package called `{package}`")),
    };
    let mut text =
        String::from_utf8(out).map_err(|e| format!("`{command}` printed non-UTF-8: {e}"))?;
    if let Err(f) = result {
        let code = match f {
            Failure::Usage(_) => 2,
            Failure::Run(_) => 1,
        };
        text.push_str(&format!("{package}: {} [exit {code}]\n", f.message()));
    }
    Ok(text)
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
    fn failures_show_the_line_a_reader_would_see() {
        let text = run("cargo run --release -p bodies -- held --ticks 0").unwrap();
        assert!(text.starts_with("bodies: invalid value '0'"), "{text}");
        assert!(text.ends_with("[exit 2]\n"));
        assert!(run("cargo run --release -p nobody -- x").is_err());
    }
}
