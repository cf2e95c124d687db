//! The quizzes of a page answered in a real browser, for the browser check: every quiz on the
//! page is started and answered to its end, one question wrong on purpose and the others
//! right, and the quiz's own review is read back to see that it marked each answer as it
//! should. A quiz whose answer key was mistyped, or that marks a wrong answer right, fails.
//!
//! The answers come from the quiz's own questions, which mdbook-quiz leaves on the page in the
//! placeholder's `data-quiz-questions`, so nothing here knows any quiz in advance.

use std::time::{Duration, Instant};

use fantoccini::elements::Element;
use fantoccini::{Client, Locator};
use serde_json::Value;

/// What answering one quiz came to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Answered {
    /// The quiz's name: its file's, without `.toml`.
    pub quiz: String,
    /// For each question, in order: whether it was answered right, and whether the quiz's
    /// review marked it right.
    pub marked: Vec<Marked>,
    /// What the review says in words: "You answered 4/5 questions correctly."
    pub review: String,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Marked {
    pub answered_right: bool,
    pub marked_right: bool,
}

impl Answered {
    /// What the quiz got wrong about the answers it was given, as lines of the browser check.
    pub fn problems(&self) -> Vec<String> {
        let mut out = Vec::new();
        for (i, m) in self.marked.iter().enumerate() {
            if m.answered_right != m.marked_right {
                let (given, marked) = if m.answered_right {
                    ("its right answer", "wrong")
                } else {
                    ("a wrong answer", "right")
                };
                out.push(format!(
                    "the quiz {}: question {} was given {given} and marked it {marked}",
                    self.quiz,
                    i + 1
                ));
            }
        }
        let right = self.marked.iter().filter(|m| m.answered_right).count();
        let want = format!("{right}/{}", self.marked.len());
        if !self.review.contains(&want) {
            out.push(format!(
                "the quiz {}: its review says \"{}\", not {want} right",
                self.quiz, self.review
            ));
        }
        out
    }
}

/// The question answered wrong on purpose in a quiz of `n`: the second, or the only one when
/// a quiz has one (which then shows only that a wrong answer is marked wrong).
fn wrong_one(n: usize) -> usize {
    if n > 1 { 1 } else { 0 }
}

fn fail(quiz: &str, what: impl std::fmt::Display) -> String {
    format!("the quiz {quiz}: {what}")
}

/// Answers every quiz on the page the client is on, and says how each marked its answers.
/// An error is a quiz that could not be answered at all: no start button, a question of a kind
/// this does not know, a review that never came.
pub async fn answer_quizzes(client: &Client) -> Result<Vec<Answered>, String> {
    let found = client
        .find_all(Locator::Css(".quiz-placeholder"))
        .await
        .map_err(|e| format!("cannot look for quizzes: {e}"))?;
    let mut all = Vec::new();
    for place in found {
        all.push(answer_one(&place).await?);
    }
    Ok(all)
}

async fn answer_one(place: &Element) -> Result<Answered, String> {
    let name = place.attr("data-quiz-name").await.ok().flatten().unwrap_or_default();
    let name = serde_json::from_str::<String>(&name).unwrap_or(name);
    let questions: Value = place
        .attr("data-quiz-questions")
        .await
        .ok()
        .flatten()
        .and_then(|q| serde_json::from_str(&q).ok())
        .ok_or_else(|| fail(&name, "its questions are not on the page"))?;
    let questions = questions["questions"].as_array().cloned().unwrap_or_default();
    if questions.is_empty() {
        return Err(fail(&name, "has no questions"));
    }
    let start = within(place, "button.start", &name).await?;
    start.click().await.map_err(|e| fail(&name, format_args!("cannot press Start: {e}")))?;
    let wrong = wrong_one(questions.len());
    for (i, q) in questions.iter().enumerate() {
        let form = within(place, "form.response", &name).await?;
        answer(&form, q, i != wrong)
            .await
            .map_err(|e| fail(&name, format_args!("question {}: {e}", i + 1)))?;
        let submit = within(&form, "input[type=submit]", &name).await?;
        submit
            .click()
            .await
            .map_err(|e| fail(&name, format_args!("cannot submit question {}: {e}", i + 1)))?;
    }
    let wrappers = loop_until(place, ".answer-wrapper", questions.len(), &name).await?;
    let mut marked = Vec::new();
    for (i, w) in wrappers.iter().enumerate() {
        let wrong_marks =
            w.find_all(Locator::Css(".answer-row .incorrect")).await.unwrap_or_default();
        let right_marks =
            w.find_all(Locator::Css(".answer-row .correct")).await.unwrap_or_default();
        if wrong_marks.is_empty() && right_marks.is_empty() {
            return Err(fail(
                &name,
                format_args!("the review of question {} marks nothing", i + 1),
            ));
        }
        marked.push(Marked { answered_right: i != wrong, marked_right: wrong_marks.is_empty() });
    }
    let review = match place.find(Locator::Css(".mdbook-quiz section > p")).await {
        Ok(p) => p.text().await.unwrap_or_default(),
        Err(_) => String::new(),
    };
    Ok(Answered { quiz: name, marked, review: review.trim().to_string() })
}

/// The first element under `at` that `css` finds, waiting a little for the quiz to draw it.
async fn within(at: &Element, css: &str, quiz: &str) -> Result<Element, String> {
    let until = Instant::now() + Duration::from_secs(10);
    loop {
        match at.find(Locator::Css(css)).await {
            Ok(e) => return Ok(e),
            Err(_) if Instant::now() < until => tokio::time::sleep(Duration::from_millis(50)).await,
            Err(e) => return Err(fail(quiz, format_args!("no `{css}` appeared: {e}"))),
        }
    }
}

/// All `n` elements `css` finds under `at`, once there are that many.
async fn loop_until(at: &Element, css: &str, n: usize, quiz: &str) -> Result<Vec<Element>, String> {
    let until = Instant::now() + Duration::from_secs(10);
    loop {
        let found = at.find_all(Locator::Css(css)).await.unwrap_or_default();
        if found.len() == n {
            return Ok(found);
        }
        if Instant::now() > until {
            return Err(fail(
                quiz,
                format_args!("its review shows {} answers, not {n}", found.len()),
            ));
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// A text that is surely not the answer `right`.
fn not(right: &str) -> String {
    format!("{} (not)", right.trim())
}

/// Fills in one question's response form, right or wrong.
#[expect(
    clippy::too_many_lines,
    reason = "one match arm per kind of question mdbook-quiz asks, each a few lines over the same form"
)]
async fn answer(form: &Element, q: &Value, right: bool) -> Result<(), String> {
    let err = |e: fantoccini::error::CmdError| e.to_string();
    match q["type"].as_str().unwrap_or_default() {
        "ShortAnswer" => {
            let key = q["answer"]["answer"].as_str().unwrap_or_default();
            let field = match form.find(Locator::Css("input[type=text]")).await {
                Ok(f) => f,
                Err(_) => form.find(Locator::Css("textarea")).await.map_err(err)?,
            };
            let text = if right { key.to_string() } else { not(key) };
            field.send_keys(&text).await.map_err(err)
        }
        "MultipleChoice" => {
            let answer = &q["answer"]["answer"];
            let rights: Vec<&str> = match answer {
                Value::Array(all) => all.iter().filter_map(Value::as_str).collect(),
                one => one.as_str().into_iter().collect(),
            };
            let picks: Vec<String> = if right {
                rights.iter().map(|s| s.to_string()).collect()
            } else {
                let first = q["prompt"]["distractors"][0].as_str().ok_or("it has no distractor")?;
                vec![first.to_string()]
            };
            let inputs = form.find_all(Locator::Css("input")).await.map_err(err)?;
            let mut chosen = 0;
            for input in inputs {
                let value = input.attr("value").await.map_err(err)?.unwrap_or_default();
                if picks.contains(&value) {
                    input.click().await.map_err(err)?;
                    chosen += 1;
                }
            }
            if chosen == picks.len() {
                Ok(())
            } else {
                Err(format!("found {chosen} of its {} choices to pick", picks.len()))
            }
        }
        "Tracing" => {
            let compiles = q["answer"]["doesCompile"].as_bool().unwrap_or(true);
            // A wrong answer keeps the compile verdict and gets the output wrong, so that it is
            // the output the quiz must judge; a program that does not compile is answered the
            // other way round.
            let say_compiles = if compiles { true } else { !right };
            let radio = form
                .find(Locator::Css(&format!("input[type=radio][value=\"{say_compiles}\"]")))
                .await
                .map_err(err)?;
            radio.click().await.map_err(err)?;
            if say_compiles {
                let key = q["answer"]["stdout"].as_str().unwrap_or_default();
                let text = if right && compiles { key.to_string() } else { not(key) };
                let until = Instant::now() + Duration::from_secs(10);
                let field = loop {
                    match form.find(Locator::Css("textarea")).await {
                        Ok(f) => break f,
                        Err(_) if Instant::now() < until => {
                            tokio::time::sleep(Duration::from_millis(50)).await
                        }
                        Err(e) => return Err(e.to_string()),
                    }
                };
                field.send_keys(&text).await.map_err(err)?;
            }
            Ok(())
        }
        other => Err(format!("it is a question of a kind this cannot answer: {other}")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn m(a: bool, r: bool) -> Marked {
        Marked { answered_right: a, marked_right: r }
    }

    #[test]
    fn a_quiz_that_marks_as_it_should_has_no_problems() {
        let a = Answered {
            quiz: "q".into(),
            marked: vec![m(true, true), m(false, false), m(true, true)],
            review: "You answered 2/3 questions correctly.".into(),
        };
        assert!(a.problems().is_empty());
    }

    #[test]
    fn a_wrong_answer_marked_right_or_a_right_one_marked_wrong_is_a_problem() {
        let a = Answered {
            quiz: "q".into(),
            marked: vec![m(true, false), m(false, true)],
            review: "You answered 1/2 questions correctly.".into(),
        };
        let p = a.problems();
        assert_eq!(p.len(), 2, "{p:?}");
        assert!(p[0].contains("question 1 was given its right answer and marked it wrong"));
        assert!(p[1].contains("question 2 was given a wrong answer and marked it right"));
        let a = Answered { review: "You answered 2/2".into(), ..a };
        assert!(a.problems().iter().any(|p| p.contains("not 1/2 right")));
    }

    #[test]
    fn the_second_question_is_the_one_answered_wrong() {
        assert_eq!((wrong_one(1), wrong_one(2), wrong_one(5)), (0, 1, 1));
    }
}
