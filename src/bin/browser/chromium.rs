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

/// A phone's window, as the chapter pages are also held to (see `phone.rs`): its width and its
/// height, the part of a page a reader sees before scrolling.
pub const PHONE: (u32, u32) = (375, 812);

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
        // The performance log holds the page's network events: which files a page fetched.
        caps.insert("goog:loggingPrefs".into(), json!({"browser": "ALL", "performance": "ALL"}));
        let connector = hyper_util::client::legacy::connect::HttpConnector::new();
        let client = ClientBuilder::new(connector)
            .capabilities(caps)
            .connect(&format!("http://127.0.0.1:{port}"))
            .await
            .map_err(|e| format!("browser: Chromium would not start through chromedriver: {e}"))?;
        // axe-core in five themes over the longest pages takes more than WebDriver's default
        // half minute for a script on a busy machine.
        let timeouts = fantoccini::wd::TimeoutConfiguration::new(
            Some(Duration::from_secs(300)),
            Some(Duration::from_secs(300)),
            Some(Duration::ZERO),
        );
        client
            .update_timeouts(timeouts)
            .await
            .map_err(|e| format!("browser: cannot set the scripts' timeout: {e}"))?;
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
        // Every film a reader would have to ask for, asked for, so that its frames are checked.
        self.press_films(page).await?;
        // And every lazy picture brought near the view, as a reader scrolling down would, with
        // every collapsed section opened first (a lazy picture in a closed one never loads): each
        // window's worth drawn twice before the next, for the browser asks for a lazy picture
        // only when it draws the page with the picture near, and a busy machine draws late.
        client
            .execute_async(
                "const done = arguments[arguments.length - 1]; let y = 0;
                 document.querySelectorAll('details').forEach(d => { d.open = true; });
                 const step = () => {
                   y += innerHeight; scrollTo(0, y);
                   if (y < document.documentElement.scrollHeight)
                     requestAnimationFrame(() => requestAnimationFrame(step));
                   else { scrollTo(0, 0); done(true); }
                 };
                 step();",
                vec![],
            )
            .await
            .map_err(|e| format!("browser: {page}: cannot scroll through it: {e}"))?;
        let until = Instant::now() + Duration::from_secs(30);
        let report = loop {
            let r =
                client.execute(PROBE, vec![]).await.map_err(|e| format!("browser: {page}: {e}"))?;
            // Pressed again after each look. CI once found chapter 3's film still waiting after
            // the first press, with no address (on a busy machine; the cause was not caught
            // here). An image with no address counts as complete, so the wait ended and the
            // film was judged unloaded. Once a look finds the page complete, films.js has run,
            // and a press after it that finds no film waiting means none is left.
            let pressed = self.press_films(page).await?;
            let loading = pressed > 0
                || r["images"].as_array().into_iter().flatten().any(|i| i["done"] != json!(true));
            if (r["ready"] == json!("complete") && !loading) || Instant::now() > until {
                break r;
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        };
        let path = shots.join(page.replace(".html", ".png"));
        self.screenshot(page, report["height"].as_u64().unwrap_or(900).max(1), &path).await?;
        Ok((report, path))
    }

    /// Presses the button of every film still waiting to be asked for; gives how many.
    async fn press_films(&self, page: &str) -> Result<u64, String> {
        let pressed = self
            .client
            .execute(
                "const waiting = [...document.querySelectorAll(
                   '.film[data-state=waiting] .film-button')];
                 waiting.forEach(b => b.click());
                 return waiting.length;",
                vec![],
            )
            .await
            .map_err(|e| format!("browser: {page}: cannot play the films: {e}"))?;
        Ok(pressed.as_u64().unwrap_or(0))
    }

    /// A picture of the whole page, `height` px tall, as Chromium itself draws it.
    async fn screenshot(&self, page: &str, height: u64, path: &Path) -> Result<(), String> {
        self.screenshot_at(page, WIDTH, height, path).await
    }

    /// A picture of the whole page at `width` by `height` px.
    async fn screenshot_at(
        &self,
        page: &str,
        width: u32,
        height: u64,
        path: &Path,
    ) -> Result<(), String> {
        let data = self
            .cdp(
                "Page.captureScreenshot",
                json!({"format": "png", "captureBeyondViewport": true,
                       "clip": {"x": 0, "y": 0, "width": width, "height": height, "scale": 1}}),
            )
            .await
            .map_err(|e| format!("browser: {page}: screenshot: {e}"))?;
        let png = base64::engine::general_purpose::STANDARD
            .decode(data["data"].as_str().unwrap_or_default())
            .map_err(|e| format!("browser: {page}: screenshot: {e}"))?;
        std::fs::write(path, png)
            .map_err(|e| format!("browser: cannot write {}: {e}", path.display()))
    }

    /// A command of Chromium's own DevTools protocol, sent through chromedriver.
    pub async fn cdp(&self, cmd: &str, params: Value) -> Result<Value, String> {
        let extra = Extra { path: "goog/cdp/execute", body: json!({"cmd": cmd, "params": params}) };
        self.client.issue_cmd(extra).await.map_err(|e| format!("{cmd}: {e}"))
    }

    /// The client, for the checks that script the page themselves.
    pub fn client(&self) -> &Client {
        &self.client
    }

    /// The addresses of the files the browser asked for since last asked, read from the
    /// performance log's network events.
    pub async fn fetched(&self) -> Result<Vec<String>, String> {
        let read = Extra { path: "se/log", body: json!({"type": "performance"}) };
        let log = self
            .client
            .issue_cmd(read)
            .await
            .map_err(|e| format!("browser: reading the network log: {e}"))?;
        let mut urls = Vec::new();
        for entry in log.as_array().into_iter().flatten() {
            let Some(message) = entry["message"].as_str() else { continue };
            let Ok(event) = serde_json::from_str::<Value>(message) else { continue };
            if event["message"]["method"] == json!("Network.requestWillBeSent") {
                let url = &event["message"]["params"]["request"]["url"];
                urls.extend(url.as_str().map(String::from));
            }
        }
        Ok(urls)
    }

    /// Opens `page` in a phone's window (see [`PHONE`]) with the cache off, waits for it and
    /// its live panels, and runs `probe` on it; `then` runs after, before the window is put
    /// back. Gives the probe's report and the files fetched before the reader scrolls.
    pub async fn at_phone(
        &self,
        base: &url::Url,
        page: &str,
        probe: &str,
    ) -> Result<(Value, Vec<String>), String> {
        let at = base.join(page).map_err(|e| format!("browser: {page}: {e}"))?;
        let (w, h) = PHONE;
        let metrics = json!({"width": w, "height": h, "deviceScaleFactor": 1, "mobile": true});
        let fail = |e: String| format!("browser: {page} at {w} px: {e}");
        self.cdp("Emulation.setDeviceMetricsOverride", metrics).await.map_err(fail)?;
        self.cdp("Network.setCacheDisabled", json!({"cacheDisabled": true})).await.map_err(fail)?;
        self.fetched().await?;
        self.client.goto(at.as_str()).await.map_err(|e| fail(e.to_string()))?;
        let until = Instant::now() + Duration::from_secs(30);
        let ready = "return document.readyState === 'complete' && [...document.querySelectorAll(                     'div.live')].every(p => p.dataset.frames || p.querySelector('.live-failed'));";
        while self.client.execute(ready, vec![]).await.map_err(|e| fail(e.to_string()))?
            != json!(true)
            && Instant::now() < until
        {
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        // Time for a picture the browser decided to fetch to be asked for.
        tokio::time::sleep(Duration::from_millis(500)).await;
        let before = self.fetched().await?;
        let report = self.client.execute(probe, vec![]).await.map_err(|e| fail(e.to_string()))?;
        Ok((report, before))
    }

    /// Scrolls the page open at a phone's width from top to bottom, a window at a time, so that
    /// every lazy picture is asked for; gives the files fetched meanwhile, saves a screenshot
    /// and puts the window back as it was.
    pub async fn scroll_phone(&self, page: &str, path: &Path) -> Result<Vec<String>, String> {
        let fail = |e: String| format!("browser: {page} at {} px: {e}", PHONE.0);
        let height = |c: &Client| {
            let c = c.clone();
            async move {
                c.execute("return document.documentElement.scrollHeight;", vec![])
                    .await
                    .map(|v| v.as_u64().unwrap_or(0))
            }
        };
        let mut y = 0;
        while y < height(&self.client).await.map_err(|e| fail(e.to_string()))? {
            y += u64::from(PHONE.1) / 2;
            self.client
                .execute("window.scrollTo(0, arguments[0]);", vec![y.into()])
                .await
                .map_err(|e| fail(e.to_string()))?;
            tokio::time::sleep(Duration::from_millis(40)).await;
        }
        tokio::time::sleep(Duration::from_millis(800)).await;
        let after = self.fetched().await?;
        self.client
            .execute("window.scrollTo(0, 0);", vec![])
            .await
            .map_err(|e| fail(e.to_string()))?;
        let tall = height(&self.client).await.map_err(|e| fail(e.to_string()))?.max(1);
        self.screenshot_at(page, PHONE.0, tall, path).await?;
        self.cdp("Network.setCacheDisabled", json!({"cacheDisabled": false}))
            .await
            .map_err(fail)?;
        self.cdp("Emulation.clearDeviceMetricsOverride", json!({})).await.map_err(fail)?;
        Ok(after)
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
