//! Headless Chromium through chromedriver and the `fantoccini` WebDriver client: started, a
//! page opened and waited for, its report taken, a screenshot of all of it saved, its console
//! read, and everything stopped again however the check ends.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use base64::Engine;
use fantoccini::wd::{Capabilities, WebDriverCompatibleCommand};
use fantoccini::{Client, ClientBuilder};
use serde_json::{Value, json};
use theworld::driver::Driver;

/// The window's width: a reader's laptop with the book's sidebar open (mdBook opens it from
/// 1080 px up), so a code block's column is as narrow as most readers see it.
pub const WIDTH: u32 = 1200;

/// What to install when Chromium or its driver is missing: the one line this prints.
const INSTALL: &str = "browser: needs Chromium and chromedriver; on Debian or Ubuntu: \
                       apt-get install -y chromium chromium-driver";

/// Chromium's flags. Headless, with no sandbox (CI runs as root), and with everything that
/// reaches out to the network switched off: this machine has none, and a refused connection
/// would be logged as an error on the page. The book is opened from its files, so a page may
/// read a file beside it, as the live panels read their module (served over the web, as a
/// reader's book is, they need no such leave).
fn flags() -> Vec<String> {
    let fixed = [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--hide-scrollbars",
        "--allow-file-access-from-files",
    ];
    let mut all: Vec<String> = fixed.iter().map(|f| f.to_string()).collect();
    all.push(format!("--window-size={WIDTH},900"));
    all
}

/// The script that gathers a page's report (see `look.rs` for what is judged of it).
const PROBE: &str = include_str!("probe.js");

/// A program on the PATH.
pub fn find(names: &[&str]) -> Option<PathBuf> {
    let path = std::env::var_os("PATH").unwrap_or_default();
    let dirs: Vec<PathBuf> = std::env::split_paths(&path).collect();
    names.iter().flat_map(|n| dirs.iter().map(move |d| d.join(n))).find(|p| p.is_file())
}

/// A command chromedriver has beyond the WebDriver standard: a POST to a path under the
/// session with a JSON body. Two are used: reading the console (`se/log`) and asking Chromium
/// itself for a screenshot of the whole page (`goog/cdp/execute`).
#[derive(Debug)]
struct Extra {
    path: &'static str,
    body: Value,
}

impl WebDriverCompatibleCommand for Extra {
    fn endpoint(
        &self,
        base: &url::Url,
        session: Option<&str>,
    ) -> Result<url::Url, url::ParseError> {
        base.join(&format!("session/{}/{}", session.unwrap_or_default(), self.path))
    }

    fn method_and_body(&self, _: &url::Url) -> (http::Method, Option<String>) {
        (http::Method::POST, Some(self.body.to_string()))
    }
}

/// A running Chromium with its driver and its own empty profile, which is removed on close.
pub struct Browser {
    client: Client,
    _driver: Driver,
    profile: PathBuf,
}

impl Browser {
    /// Starts chromedriver and Chromium, with a fresh profile under `shots`.
    pub async fn open(shots: &Path) -> Result<Browser, String> {
        let (Some(chromium), Some(chromedriver)) =
            (find(&["chromium", "chromium-browser", "google-chrome"]), find(&["chromedriver"]))
        else {
            return Err(INSTALL.into());
        };
        let profile = shots.join(format!("profile-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&profile);
        std::fs::create_dir_all(&profile)
            .map_err(|e| format!("browser: cannot make {}: {e}", profile.display()))?;
        let driver = Driver::start(&chromedriver).map_err(|e| format!("browser: {e}"))?;
        let port = driver.port;
        let mut args = flags();
        args.push(format!("--user-data-dir={}", profile.display()));
        let mut caps = Capabilities::new();
        caps.insert("goog:chromeOptions".into(), json!({"binary": chromium, "args": args}));
        caps.insert("goog:loggingPrefs".into(), json!({"browser": "ALL"}));
        let connector = hyper_util::client::legacy::connect::HttpConnector::new();
        let client = ClientBuilder::new(connector)
            .capabilities(caps)
            .connect(&format!("http://127.0.0.1:{port}"))
            .await
            .map_err(|e| format!("browser: Chromium would not start through chromedriver: {e}"))?;
        Ok(Browser { client, _driver: driver, profile })
    }

    /// Ends Chromium, then its driver, and removes the profile.
    pub async fn close(self) {
        let _ = self.client.close().await;
        let _ = std::fs::remove_dir_all(&self.profile);
    }

    /// Opens one page, waits for it and every picture on it to load, takes its report and
    /// saves a screenshot of all of it under `shots`.
    pub async fn visit(
        &self,
        base: &url::Url,
        page: &str,
        shots: &Path,
    ) -> Result<(Value, PathBuf), String> {
        let at = base.join(page).map_err(|e| format!("browser: {page}: {e}"))?;
        let client = &self.client;
        client.goto(at.as_str()).await.map_err(|e| format!("browser: cannot open {page}: {e}"))?;
        let until = Instant::now() + Duration::from_secs(30);
        let report = loop {
            let r =
                client.execute(PROBE, vec![]).await.map_err(|e| format!("browser: {page}: {e}"))?;
            let loading =
                r["images"].as_array().into_iter().flatten().any(|i| i["done"] != json!(true));
            if (r["ready"] == json!("complete") && !loading) || Instant::now() > until {
                break r;
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        };
        let path = shots.join(page.replace(".html", ".png"));
        self.screenshot(page, report["height"].as_u64().unwrap_or(900).max(1), &path).await?;
        Ok((report, path))
    }

    /// A picture of the whole page, `height` px tall, as Chromium itself draws it.
    async fn screenshot(&self, page: &str, height: u64, path: &Path) -> Result<(), String> {
        let shot = Extra {
            path: "goog/cdp/execute",
            body: json!({"cmd": "Page.captureScreenshot", "params": {
                "format": "png", "captureBeyondViewport": true,
                "clip": {"x": 0, "y": 0, "width": WIDTH, "height": height, "scale": 1}}}),
        };
        let data = self
            .client
            .issue_cmd(shot)
            .await
            .map_err(|e| format!("browser: {page}: screenshot: {e}"))?;
        let png = base64::engine::general_purpose::STANDARD
            .decode(data["data"].as_str().unwrap_or_default())
            .map_err(|e| format!("browser: {page}: screenshot: {e}"))?;
        std::fs::write(path, png)
            .map_err(|e| format!("browser: cannot write {}: {e}", path.display()))
    }

    /// Answers every quiz on the page last visited, one question wrong and the rest right, and
    /// says how each quiz marked them.
    pub async fn quizzes(&self) -> Result<Vec<theworld::quiz::answer::Answered>, String> {
        theworld::quiz::answer::answer_quizzes(&self.client).await
    }

    /// Plays every live panel on the page last visited (see `live.rs`).
    pub async fn panels(
        &self,
        page: &str,
        shots: &Path,
    ) -> Result<Vec<crate::live::Played>, String> {
        crate::live::play(&self.client, page, shots).await
    }

    /// The errors the page has written to the console since last asked.
    pub async fn console(&self) -> Result<Vec<String>, String> {
        let read = Extra { path: "se/log", body: json!({"type": "browser"}) };
        let log = self
            .client
            .issue_cmd(read)
            .await
            .map_err(|e| format!("browser: reading the console: {e}"))?;
        Ok(log
            .as_array()
            .into_iter()
            .flatten()
            .filter(|e| e["level"] == json!("SEVERE"))
            .map(|e| e["message"].as_str().unwrap_or_default().to_string())
            .collect())
    }
}
