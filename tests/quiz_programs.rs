//! Every tracing question's program does what its answer says: one that compiles prints exactly
//! the answer's output, and one that does not stops the compiler first on the line its answer
//! names. So a quiz cannot ask about a compiler error the pinned Rust does not give, nor mark a
//! reader wrong for the output the program really prints. At least six programs must fail to
//! compile: the quizzes ask what the compiler says, not only what the arithmetic comes to.

use std::path::{Path, PathBuf};
use std::process::Command;

use mdbook_quiz_schema::Question;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// What a tracing question claims of its program.
#[derive(Debug)]
enum Claim {
    Prints(String),
    StopsOn(usize),
}

/// Compiles `program` as a file of its own with the pinned Rust, runs it if it compiles, and
/// says where what happened differs from `claim`.
fn judge(name: &str, program: &str, claim: &Claim) -> Result<(), String> {
    let dir = root().join("target/quiz-programs");
    std::fs::create_dir_all(&dir).map_err(|e| e.to_string())?;
    let (source, bin): (PathBuf, PathBuf) = (dir.join(format!("{name}.rs")), dir.join(name));
    std::fs::write(&source, program).map_err(|e| e.to_string())?;
    let rustc = std::env::var("RUSTC").unwrap_or_else(|_| "rustc".into());
    let built = Command::new(rustc)
        .args(["--edition", "2024", "--color", "never", "-o"])
        .arg(&bin)
        .arg(&source)
        .output()
        .map_err(|e| format!("cannot run rustc: {e}"))?;
    let stderr = String::from_utf8_lossy(&built.stderr);
    match (built.status.success(), claim) {
        (true, Claim::Prints(want)) => {
            let ran = Command::new(&bin).output().map_err(|e| e.to_string())?;
            let got = String::from_utf8_lossy(&ran.stdout);
            if got.trim() == want.trim() {
                Ok(())
            } else {
                Err(format!("prints {:?}, where its answer says {want:?}", got.trim()))
            }
        }
        (true, Claim::StopsOn(line)) => {
            Err(format!("compiles, where its answer says the compiler stops on line {line}"))
        }
        (false, Claim::Prints(_)) => Err(format!("does not compile:\n{stderr}")),
        (false, Claim::StopsOn(line)) => {
            let first = stderr
                .lines()
                .find_map(|l| l.trim().strip_prefix("--> "))
                .and_then(|at| at.rsplit(':').nth(1))
                .and_then(|n| n.parse::<usize>().ok());
            if first == Some(*line) {
                Ok(())
            } else {
                Err(format!("stops first on line {first:?}, not {line}:\n{stderr}"))
            }
        }
    }
}

#[test]
fn every_tracing_program_does_what_its_answer_says() {
    let mut problems = Vec::new();
    let (mut traced, mut refused) = (0, 0);
    let mut files: Vec<PathBuf> = std::fs::read_dir(root().join("book/quizzes"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    for path in files {
        let quiz = theworld::quiz::read(&path).unwrap();
        let file = path.file_stem().unwrap().to_string_lossy().into_owned();
        for (k, q) in quiz.questions.iter().enumerate() {
            let Question::Tracing(t) = q else { continue };
            let answer = &t.0.answer;
            let claim = if answer.does_compile {
                Claim::Prints(answer.stdout.clone().unwrap_or_default())
            } else {
                refused += 1;
                match answer.line_number {
                    Some(line) => Claim::StopsOn(line),
                    None => {
                        problems
                            .push(format!("{file}: a program that does not compile names no line"));
                        continue;
                    }
                }
            };
            traced += 1;
            if let Err(e) = judge(&format!("{file}-{k}"), &t.0.prompt.program, &claim) {
                problems.push(format!("{file}, question {}: {e}", k + 1));
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    assert!(traced >= 20, "only {traced} tracing questions were read");
    assert!(refused >= 6, "only {refused} of the programs ask what the compiler refuses");
}

#[test]
fn a_wrong_claim_is_caught_each_way() {
    let prints = "fn main() { println!(\"{}\", 7 / 2); }";
    assert!(judge("claim-right", prints, &Claim::Prints("3".into())).is_ok());
    assert!(judge("claim-output", prints, &Claim::Prints("3.5".into())).is_err());
    assert!(judge("claim-compiles", prints, &Claim::StopsOn(1)).is_err());
    let refused = "fn main() {\n    let v = vec![1.0_f64];\n    let mut w = v;\n    w.sort();\n}\n";
    assert!(judge("claim-line", refused, &Claim::StopsOn(4)).is_ok());
    assert!(judge("claim-wrong-line", refused, &Claim::StopsOn(3)).is_err());
    assert!(judge("claim-refused", refused, &Claim::Prints(String::new())).is_err());
}
