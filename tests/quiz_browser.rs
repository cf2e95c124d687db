//! The quiz-answering half of the browser check, run for real: the quizzes of chapter 1's
//! built page opened in headless Chromium through chromedriver, each answered one question
//! wrong and the rest right, and read back from the quiz's own review. Only with `--features browser`, and it
//! needs the book built (`mdbook build book`) and Chromium and chromedriver installed.
#![cfg(feature = "browser")]

use std::path::Path;
use std::time::{Duration, Instant};

use fantoccini::{Client, ClientBuilder, wd::Capabilities};
use serde_json::json;
use theworld::driver::Driver;
use theworld::quiz::answer::{Answered, answer_quizzes};

async fn chromium(port: u16, profile: &Path) -> Client {
    let mut caps = Capabilities::new();
    let args = [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--window-size=1280,900",
    ];
    let mut args: Vec<String> = args.iter().map(|a| a.to_string()).collect();
    args.push(format!("--user-data-dir={}", profile.display()));
    caps.insert("goog:chromeOptions".into(), json!({ "args": args }));
    ClientBuilder::new(hyper_util::client::legacy::connect::HttpConnector::new())
        .capabilities(caps)
        .connect(&format!("http://127.0.0.1:{port}"))
        .await
        .expect("Chromium starts through chromedriver")
}

/// Opens bodies.html, lets `prepare` touch the page, answers its quizzes.
fn answered(prepare: &'static str) -> Vec<Answered> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let page = root.join("book/book/bodies.html");
    assert!(page.is_file(), "build the book first: mdbook build book");
    let profile =
        root.join(format!("target/quiz-browser-{}-{}", std::process::id(), prepare.len()));
    let driver = Driver::start(Path::new("chromedriver"))
        .expect("chromedriver starts (apt-get install chromium-driver)");
    let port = driver.port;
    let rt = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
    let got = rt.block_on(async {
        let client = chromium(port, &profile).await;
        client.goto(url::Url::from_file_path(&page).unwrap().as_str()).await.unwrap();
        let until = Instant::now() + Duration::from_secs(20);
        while client.find(fantoccini::Locator::Css(".quiz-placeholder button.start")).await.is_err()
        {
            assert!(Instant::now() < until, "the quiz never drew its Start button");
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        if !prepare.is_empty() {
            // The quizzes' script is fetched when a quiz is started (book/quizzes.js): fetched
            // here first, so that the quizzes have read their keys before `prepare` runs.
            let load = "window.loadQuizzes().then(arguments[arguments.length - 1]);";
            client.execute_async(load, vec![]).await.unwrap();
            let own = fantoccini::Locator::Css(".quiz-placeholder button.start:not(.quiz-later)");
            let until = Instant::now() + Duration::from_secs(30);
            while client.find(own).await.is_err() {
                assert!(Instant::now() < until, "the quizzes never drew their own Start");
                tokio::time::sleep(Duration::from_millis(100)).await;
            }
            client.execute(prepare, vec![]).await.unwrap();
        }
        let got = answer_quizzes(&client).await;
        let _ = client.close().await;
        got
    });
    let _ = std::fs::remove_dir_all(&profile);
    got.expect("every quiz could be answered")
}

#[test]
fn the_chapter_1_quizzes_mark_one_wrong_answer_wrong_and_the_rest_right() {
    let all = answered("");
    let names: Vec<&str> = all.iter().map(|a| a.quiz.as_str()).collect();
    assert_eq!(
        names,
        [
            "bodies-by-hand",
            "bodies-step-order",
            "bodies-tether",
            "bodies-same-run",
            "bodies-two-orders"
        ],
        "{all:?}"
    );
    for quiz in &all {
        assert_eq!(quiz.problems(), Vec::<String>::new(), "{quiz:?}");
        let wrong = quiz.marked.iter().filter(|m| !m.marked_right).count();
        assert_eq!(wrong, 1, "{quiz:?}");
    }
    let quiz = &all[3];
    assert_eq!(quiz.marked.len(), 5);
    let right: Vec<bool> = quiz.marked.iter().map(|m| m.marked_right).collect();
    assert_eq!(right, [true, false, true, true, true], "{quiz:?}");
    assert!(quiz.review.contains("4/5"), "{}", quiz.review);
}

#[test]
fn a_quiz_whose_key_differs_from_what_it_marks_is_a_problem() {
    // The key the answering reads is changed after the quiz has loaded its own, as if the
    // answer in the file were not the one the quiz marks right: in bodies-same-run, question
    // 5's printed "0.39999999999999997" becomes "0.4".
    let all = answered(
        "const p = [...document.querySelectorAll('.quiz-placeholder')]
             .find(p => JSON.parse(p.dataset.quizName) === 'bodies-same-run');
         const q = JSON.parse(p.dataset.quizQuestions);
         q.questions[4].answer.stdout = '0.4';
         p.dataset.quizQuestions = JSON.stringify(q);",
    );
    let quiz = all.iter().find(|a| a.quiz == "bodies-same-run").expect("bodies-same-run is asked");
    let problems = quiz.problems();
    assert!(
        problems
            .iter()
            .any(|p| p.contains("question 5 was given its right answer and marked it wrong")),
        "{problems:?}"
    );
}
