//! The quizzes in the pages, and the check that keeps their figures true.
//!
//! A page asks a quiz with `{{#quiz ../quizzes/NAME.toml}}`, which mdbook-quiz turns into a quiz
//! answered in the page. A question whose answer is a figure of the book (how many totals, what
//! a program prints) must not drift from the book: when a command's output changes and its
//! block is blessed, a quiz that still expects the old figure would mark the reader wrong for
//! reading the page right. So [`check_page`] holds every figure a quiz of a page answers to the
//! deterministic blocks of that same page (`console` and `console,refusal`, never a measured
//! one), and fails when the figure is printed in none of them.
//!
//! Which answers are figures is decided by what they hold, not by a mark in the file, since
//! mdbook-quiz's schema has no room for one: a short answer with a digit in it, a right choice
//! of a multiple-choice question that is a single word with a digit in it, and every line with a
//! digit in it of a tracing question's output. A figure appears in a block when it stands
//! there whole, not as a piece of a longer number: `2` is not found in `2364`, nor `0.4` in
//! `0.40000000000000002`. The other spellings a short answer accepts must be the same number.
//!
//! Every question must also carry an `id`: mdbook-quiz writes one into any question without,
//! in the source file, during the build.

use std::fmt;
use std::path::{Path, PathBuf};

use mdbook_quiz_schema::{MultipleChoiceAnswerFormat, Question, Quiz};

use crate::console::{self, Kind};

#[cfg(feature = "browser")]
pub mod answer;

/// What is wrong with a quiz of a page.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Problem {
    /// The page's line (from 1) that asks the quiz.
    pub line: usize,
    /// The quiz file as the page names it.
    pub quiz: String,
    pub what: String,
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: the quiz {}: {}", self.line, self.quiz, self.what)
    }
}

/// One `{{#quiz ...}}` of a page: its line (from 1) and the path it names.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Asked {
    pub line: usize,
    pub path: String,
}

/// Every quiz a page asks, in order.
pub fn asked(page: &str) -> Vec<Asked> {
    let mut found = Vec::new();
    for (i, line) in page.lines().enumerate() {
        let mut rest = line;
        while let Some(at) = rest.find("{{#quiz ") {
            let tail = &rest[at + "{{#quiz ".len()..];
            let Some(end) = tail.find("}}") else { break };
            found.push(Asked { line: i + 1, path: tail[..end].trim().to_string() });
            rest = &tail[end + 2..];
        }
    }
    found
}

/// A quiz file as mdbook-quiz reads it.
pub fn read(path: &Path) -> Result<Quiz, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("cannot be read: {e}"))?;
    toml::from_str(&text).map_err(|e| {
        let first = e.to_string();
        format!(
            "is not a quiz mdbook-quiz can read: {}",
            first.lines().collect::<Vec<_>>().join(" ")
        )
    })
}

/// The figures a question answers with, each as it must stand in a block.
pub fn figures(q: &Question) -> Vec<String> {
    let has_digit = |s: &str| s.chars().any(|c| c.is_ascii_digit());
    match q {
        Question::ShortAnswer(q) => {
            let a = q.0.answer.answer.trim();
            if has_digit(a) { vec![a.to_string()] } else { Vec::new() }
        }
        Question::MultipleChoice(q) => {
            let right = match &q.0.answer.answer {
                MultipleChoiceAnswerFormat::Single(a) => vec![a.0.trim()],
                MultipleChoiceAnswerFormat::Multi(all) => all.iter().map(|a| a.0.trim()).collect(),
            };
            right
                .into_iter()
                .filter(|a| has_digit(a) && !a.contains(char::is_whitespace))
                .map(str::to_string)
                .collect()
        }
        Question::Tracing(q) => match (&q.0.answer.does_compile, &q.0.answer.stdout) {
            (true, Some(out)) => {
                out.lines().map(str::trim).filter(|l| has_digit(l)).map(str::to_string).collect()
            }
            _ => Vec::new(),
        },
    }
}

/// Whether `figure` stands whole in `text`: not preceded by a letter, a digit or a point, and
/// not followed by a letter, a digit, or a point with a digit after it.
pub fn stands_in(figure: &str, text: &str) -> bool {
    let word = |c: char| c.is_alphanumeric() || c == '_';
    text.match_indices(figure).any(|(i, _)| {
        let before = text[..i].chars().next_back();
        let mut after = text[i + figure.len()..].chars();
        let (next, then) = (after.next(), after.next());
        let open = before.is_none_or(|c| !word(c) && c != '.');
        let shut = match next {
            None => true,
            Some('.') => then.is_none_or(|c| !c.is_ascii_digit()),
            Some(c) => !word(c),
        };
        open && shut
    })
}

/// A figure read as a number, thousands separators and all: `2,364.121` is 2364.121.
fn number(s: &str) -> Option<f64> {
    s.replace([',', '_'], "").parse().ok()
}

fn id(q: &Question) -> Option<&str> {
    match q {
        Question::ShortAnswer(q) => q.0.id.as_deref(),
        Question::MultipleChoice(q) => q.0.id.as_deref(),
        Question::Tracing(q) => q.0.id.as_deref(),
    }
}

fn kind(q: &Question) -> &'static str {
    match q {
        Question::ShortAnswer(_) => "short answer",
        Question::MultipleChoice(_) => "multiple choice",
        Question::Tracing(_) => "tracing",
    }
}

/// Every problem with the quizzes `page_text` asks; `page_path` is the page's file, which the
/// quizzes' paths are relative to.
#[expect(
    clippy::too_many_lines,
    reason = "one pass over a page's quizzes, each check a few lines over the same question and the page's blocks"
)]
pub fn check_page(page_path: &Path, page_text: &str) -> Vec<Problem> {
    let asked = asked(page_text);
    if asked.is_empty() {
        return Vec::new();
    }
    let dir = page_path.parent().unwrap_or(Path::new("."));
    let page = page_path.file_name().map_or(String::new(), |n| n.to_string_lossy().into_owned());
    let mut problems = Vec::new();
    let outputs: Vec<String> = match console::parse(page_text) {
        Ok(found) => found
            .into_iter()
            .filter(|b| matches!(b.kind, Kind::Plain | Kind::Refusal))
            .map(|b| b.output)
            .collect(),
        Err(e) => {
            let first = &asked[0];
            problems.push(Problem {
                line: first.line,
                quiz: first.path.clone(),
                what: format!(
                    "its page's blocks cannot be read ({e}), so no figure can be checked"
                ),
            });
            return problems;
        }
    };
    for a in asked {
        let mut say =
            |what: String| problems.push(Problem { line: a.line, quiz: a.path.clone(), what });
        let path: PathBuf = dir.join(&a.path);
        let quiz = match read(&path) {
            Ok(q) => q,
            Err(e) => {
                say(e);
                continue;
            }
        };
        if quiz.questions.is_empty() {
            say("has no questions".into());
        }
        for (n, q) in quiz.questions.iter().enumerate() {
            let n = n + 1;
            if id(q).is_none_or(|i| i.trim().is_empty()) {
                say(format!(
                    "question {n} has no id, and mdbook-quiz would write one into the file on \
                     every build: give it `id = \"...\"`"
                ));
            }
            for figure in figures(q) {
                if !outputs.iter().any(|o| stands_in(&figure, o)) {
                    say(format!(
                        "question {n} ({}) answers {figure}, which no console block of {page} \
                         prints: take the figure from the block it comes from, as the book now \
                         prints it",
                        kind(q)
                    ));
                }
            }
            if let Question::ShortAnswer(s) = q {
                let main = s.0.answer.answer.trim();
                if let Some(want) = figures(q).first().and_then(|f| number(f)) {
                    for alt in s.0.answer.alternatives.iter().flatten() {
                        if number(alt.trim()).is_some_and(|v| v != want) {
                            say(format!(
                                "question {n} accepts {alt} beside {main}: another spelling of \
                                 a figure must be the same number"
                            ));
                        }
                    }
                }
            }
        }
    }
    problems
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A page with two deterministic blocks and a measured one, and a quiz beside it.
    fn page(dir: &Path, quiz: &str, output: &str) -> (PathBuf, String) {
        std::fs::create_dir_all(dir.join("src")).unwrap();
        std::fs::create_dir_all(dir.join("quizzes")).unwrap();
        std::fs::write(dir.join("quizzes/q.toml"), quiz).unwrap();
        let text = format!(
            "# A page\n\n```console\n$ cargo run --release -p bodies -- reorder\n{output}\n```\n\n\
             *Measured on a toaster.*\n```console,measured\n$ cargo run --release -p bodies -- clock\n\
             took 12.5 ms\n```\n\n{{{{#quiz ../quizzes/q.toml}}}}\n"
        );
        (dir.join("src/page.md"), text)
    }

    fn scratch(name: &str) -> PathBuf {
        let d = std::env::temp_dir().join(format!("quiz-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        d
    }

    /// The problems the check finds with `quiz` on a page whose block prints `output`.
    fn problems(name: &str, quiz: &str, output: &str) -> Vec<Problem> {
        let d = scratch(name);
        let (path, text) = page(&d, quiz, output);
        let found = check_page(&path, &text);
        std::fs::remove_dir_all(&d).unwrap();
        found
    }

    const QUIZ: &str = r#"
[[questions]]
id = "a"
type = "ShortAnswer"
prompt.prompt = "How many totals?"
answer.answer = "2"
answer.alternatives = ["two"]

[[questions]]
id = "b"
type = "ShortAnswer"
prompt.prompt = "Which crate?"
answer.answer = "libm"

[[questions]]
id = "c"
type = "Tracing"
prompt.program = "fn main() { println!(\"{:.17}\", 0.1 + 0.5 - 0.2); }"
answer.doesCompile = true
answer.stdout = "0.39999999999999997"

[[questions]]
id = "d"
type = "MultipleChoice"
prompt.prompt = "Which tick?"
prompt.distractors = ["2", "400"]
answer.answer = "1"
"#;

    const OUT: &str = "swirl + gravity + breeze   0.39999999999999997\n\
                       first differ: tick 1\ndifferent totals from the six orders: 2";

    #[test]
    fn figures_found_in_the_pages_blocks_pass() {
        assert_eq!(problems("pass", QUIZ, OUT), vec![]);
    }

    #[test]
    fn a_drifted_answer_is_caught_with_the_figure_it_wants() {
        // The block now prints another total, as if a change moved it and it was blessed.
        let found =
            problems("drift", QUIZ, &OUT.replace("0.39999999999999997", "0.40000000000000002"));
        assert_eq!(found.len(), 1, "{found:?}");
        let p = &found[0];
        assert_eq!((p.line, p.quiz.as_str()), (16, "../quizzes/q.toml"));
        assert!(p.what.starts_with("question 3 (tracing) answers 0.39999999999999997, which no"));
    }

    #[test]
    fn a_figure_only_a_measured_block_or_the_prose_prints_does_not_count() {
        let quiz = QUIZ.replace("answer.answer = \"2\"", "answer.answer = \"12.5\"");
        let found = problems("measured", &quiz, OUT);
        assert_eq!(found.len(), 1, "{found:?}");
        assert!(found[0].what.contains("question 1 (short answer) answers 12.5"));
    }

    #[test]
    fn a_missing_id_a_missing_file_and_a_bad_quiz_are_problems() {
        let d = scratch("bad");
        let (path, text) = page(&d, &QUIZ.replace("id = \"b\"\n", ""), OUT);
        let problems = check_page(&path, &text);
        assert_eq!(problems.len(), 1, "{problems:?}");
        assert!(problems[0].what.starts_with("question 2 has no id"));
        std::fs::write(d.join("quizzes/q.toml"), "[[questions]]\ntype = \"Essay\"\n").unwrap();
        assert!(check_page(&path, &text)[0].what.starts_with("is not a quiz mdbook-quiz can read"));
        std::fs::remove_file(d.join("quizzes/q.toml")).unwrap();
        assert!(check_page(&path, &text)[0].what.starts_with("cannot be read"));
        std::fs::remove_dir_all(&d).unwrap();
    }

    #[test]
    fn a_wrong_spelling_of_a_figure_is_caught() {
        let found = problems("alt", &QUIZ.replace("[\"two\"]", "[\"two\", \"3\"]"), OUT);
        assert_eq!(found.len(), 1, "{found:?}");
        assert!(found[0].what.contains("accepts 3 beside 2"), "{found:?}");
    }

    #[test]
    fn a_figure_stands_whole_or_not_at_all() {
        assert!(stands_in("2", "totals: 2"));
        assert!(stands_in("2", "2 of them."));
        assert!(stands_in("48.120", "got 48.120 and 2364.121"));
        assert!(stands_in("16508", "yes       16508\n"));
        assert!(!stands_in("2", "2364"));
        assert!(!stands_in("0.4", "0.40000000000000002"));
        assert!(!stands_in("364", "2364.121"));
        assert!(!stands_in("2364", "2364.121"));
        assert!(stands_in("tick 1", "first differ: tick 1\n"));
    }

    #[test]
    fn figures_are_digits_in_answers_and_in_output_lines() {
        let quiz: Quiz = toml::from_str(QUIZ).unwrap();
        let all: Vec<Vec<String>> = quiz.questions.iter().map(figures).collect();
        assert_eq!(all, vec![vec!["2"], vec![], vec!["0.39999999999999997"], vec!["1"]]);
        assert_eq!(asked("a {{#quiz x.toml}} and {{#quiz ../y.toml}}\n")[1].path, "../y.toml");
    }
}
