//! `browser`: the built book (`book/book`) opened page by page in headless Chromium, as a reader
//! would see it, through chromedriver and the `fantoccini` WebDriver client. `just browser`
//! builds the book and runs this.
//!
//! A page fails when a picture does not load (`naturalWidth` 0), a moving picture's file does
//! not hold more than one frame (counted by decoding the file), a code block is empty, a link
//! inside the book or its `#anchor` has no target, or the page logs an error to the console.
//! Every page is saved whole as a screenshot under `target/browser/` for a person to look at.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, ExitCode, Stdio};
use std::time::{Duration, Instant};

use base64::Engine;
use fantoccini::wd::{Capabilities, WebDriverCompatibleCommand};
use fantoccini::{Client, ClientBuilder};
use serde_json::{Value, json};

/// What to install when Chromium or its driver is missing: the one line this prints.
const INSTALL: &str = "browser: needs Chromium and chromedriver; on Debian or Ubuntu: \
                       apt-get install -y chromium chromium-driver";

/// Chromium's flags. Headless, with no sandbox (CI runs as root), and with everything that
/// reaches out to the network switched off: this machine has none, and a refused connection
/// would be logged as an error on the page.
const FLAGS: &[&str] = &[
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--hide-scrollbars",
    "--window-size=1280,900",
];

fn main() -> ExitCode {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let runtime = match tokio::runtime::Builder::new_current_thread().enable_all().build() {
        Ok(r) => r,
        Err(e) => {
            eprintln!("browser: cannot start an async runtime: {e}");
            return ExitCode::FAILURE;
        }
    };
    let started = Instant::now();
    match runtime.block_on(check(root)) {
        Ok(problems) if problems.is_empty() => {
            eprintln!("browser: every page passed in {:.1} s", started.elapsed().as_secs_f64());
            ExitCode::SUCCESS
        }
        Ok(problems) => {
            for p in &problems {
                eprintln!("{p}");
            }
            eprintln!("browser: {} problem(s)", problems.len());
            ExitCode::FAILURE
        }
        Err(e) => {
            eprintln!("{e}");
            ExitCode::from(2)
        }
    }
}

/// A program on the PATH, or at the first of the usual places that exists.
fn find(names: &[&str]) -> Option<PathBuf> {
    let path = std::env::var_os("PATH").unwrap_or_default();
    let dirs: Vec<PathBuf> = std::env::split_paths(&path).collect();
    names.iter().flat_map(|n| dirs.iter().map(move |d| d.join(n))).find(|p| p.is_file())
}

/// chromedriver, ended when this is dropped, however the check ends.
struct Driver(Child);

impl Drop for Driver {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// Starts chromedriver on a free port of this machine and waits until it answers.
fn driver(program: &Path) -> Result<(Driver, u16), String> {
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map_err(|e| format!("browser: no free port for chromedriver: {e}"))?
        .port();
    let child = Command::new(program)
        .arg(format!("--port={port}"))
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .map_err(|e| format!("browser: cannot start {}: {e}", program.display()))?;
    let d = Driver(child);
    let until = Instant::now() + Duration::from_secs(20);
    while std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
        if Instant::now() > until {
            return Err(format!("browser: chromedriver did not answer on port {port} in 20 s"));
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    Ok((d, port))
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

/// What the page reports about itself, gathered in the page by one script.
const PROBE: &str = r#"
const code = [...document.querySelectorAll('pre code')];
return {
  ready: document.readyState,
  height: Math.ceil(document.documentElement.scrollHeight),
  images: [...document.images].map(i => ({src: i.src, width: i.naturalWidth, done: i.complete})),
  emptyCode: code.filter(c => c.textContent.trim() === '').length,
  code: code.length,
  links: [...document.querySelectorAll('a[href]')].map(a => a.href),
  ids: [...document.querySelectorAll('[id]')].map(e => e.id),
};
"#;

/// One page's report, and the ids it holds for links from elsewhere to land on.
struct Seen {
    ids: BTreeSet<String>,
}

async fn check(root: &Path) -> Result<Vec<String>, String> {
    let book = root.join("book/book");
    if !book.join("index.html").is_file() {
        return Err("browser: no built book in book/book; run `mdbook build book` first (or `just browser`)".into());
    }
    let (Some(chromium), Some(chromedriver)) =
        (find(&["chromium", "chromium-browser", "google-chrome"]), find(&["chromedriver"]))
    else {
        return Err(INSTALL.into());
    };
    let shots = root.join("target/browser");
    let profile = shots.join(format!("profile-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&profile);
    std::fs::create_dir_all(&profile)
        .map_err(|e| format!("browser: cannot make {}: {e}", profile.display()))?;
    let (_driver, port) = driver(&chromedriver)?;

    let mut args: Vec<String> = FLAGS.iter().map(|f| f.to_string()).collect();
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

    let result = visit_all(&client, &book, &shots).await;
    let _ = client.close().await;
    let _ = std::fs::remove_dir_all(&profile);
    result
}

/// The pages a reader can reach: every chapter in SUMMARY.md, the front page and the whole
/// book on one page.
fn pages(root: &Path) -> Vec<String> {
    let summary = std::fs::read_to_string(root.join("book/src/SUMMARY.md")).unwrap_or_default();
    let mut pages = vec!["index.html".to_string()];
    for part in summary.split("](").skip(1) {
        if let Some(md) = part.split(')').next().and_then(|p| p.strip_suffix(".md")) {
            pages.push(format!("{md}.html"));
        }
    }
    pages.push("print.html".into());
    pages
}

async fn visit_all(client: &Client, book: &Path, shots: &Path) -> Result<Vec<String>, String> {
    let root = book.parent().and_then(Path::parent).unwrap_or(book);
    let base = url::Url::from_directory_path(book)
        .map_err(|()| "browser: the book's folder is not absolute")?;
    let mut problems = Vec::new();
    let mut seen: BTreeMap<String, Seen> = BTreeMap::new();
    let mut wanted: Vec<(String, String, String)> = Vec::new();
    for page in pages(root) {
        let (report, shot) = visit(client, &base, &page, shots).await?;
        let mut images = report["images"].as_array().cloned().unwrap_or_default();
        // mdBook shows each picture twice, the second for its click-to-enlarge view.
        images.dedup_by(|a, b| a["src"] == b["src"]);
        let mut moving = 0;
        for img in &images {
            let src = img["src"].as_str().unwrap_or_default();
            if img["width"].as_u64() == Some(0) || img["done"] != json!(true) {
                problems.push(format!("{page}: the picture {src} did not load"));
                continue;
            }
            if let Some(frames) = frames_of(&base, src) {
                match frames {
                    Ok(n) if n > 1 => moving += 1,
                    Ok(n) if src.contains("/moving/") => problems.push(format!(
                        "{page}: the moving picture {src} holds {n} frame, not more"
                    )),
                    Ok(_) => {}
                    Err(e) => problems.push(format!("{page}: the picture {src}: {e}")),
                }
            }
        }
        let empty = report["emptyCode"].as_u64().unwrap_or(0);
        if empty > 0 {
            problems.push(format!("{page}: {empty} code block(s) with nothing in them"));
        }
        for href in report["links"].as_array().into_iter().flatten().filter_map(Value::as_str) {
            let Some(inside) = href.strip_prefix(base.as_str()) else { continue };
            let (file, anchor) = inside.split_once('#').unwrap_or((inside, ""));
            let file = if file.is_empty() { page.clone() } else { file.to_string() };
            if !book.join(&file).is_file() {
                problems.push(format!("{page}: a link to {file}, which is not in the book"));
            } else if !anchor.is_empty() {
                wanted.push((page.clone(), file, anchor.to_string()));
            }
        }
        for line in console(client).await? {
            problems.push(format!("{page}: the console says: {line}"));
        }
        let ids = report["ids"].as_array().into_iter().flatten().filter_map(Value::as_str);
        seen.insert(page.clone(), Seen { ids: ids.map(String::from).collect() });
        eprintln!(
            "{page}: {} pictures ({moving} moving), {} code blocks, {} links; {}",
            images.len(),
            report["code"].as_u64().unwrap_or(0),
            report["links"].as_array().map_or(0, Vec::len),
            shot.strip_prefix(root).unwrap_or(&shot).display()
        );
    }
    for (from, file, anchor) in wanted {
        if !seen.contains_key(&file) {
            let (report, _) = visit(client, &base, &file, shots).await?;
            let ids = report["ids"].as_array().into_iter().flatten().filter_map(Value::as_str);
            seen.insert(file.clone(), Seen { ids: ids.map(String::from).collect() });
        }
        let decoded = url::form_urlencoded::parse(anchor.as_bytes())
            .map(|(k, v)| if v.is_empty() { k.into_owned() } else { format!("{k}={v}") })
            .collect::<String>();
        if !seen[&file].ids.contains(&anchor) && !seen[&file].ids.contains(&decoded) {
            problems.push(format!("{from}: a link to {file}#{anchor}, but no such anchor there"));
        }
    }
    Ok(problems)
}

/// Opens one page, waits for it and every picture on it to load, reports on it and saves a
/// screenshot of all of it.
async fn visit(
    client: &Client,
    base: &url::Url,
    page: &str,
    shots: &Path,
) -> Result<(Value, PathBuf), String> {
    let at = base.join(page).map_err(|e| format!("browser: {page}: {e}"))?;
    client.goto(at.as_str()).await.map_err(|e| format!("browser: cannot open {page}: {e}"))?;
    let until = Instant::now() + Duration::from_secs(30);
    let report = loop {
        let r = client.execute(PROBE, vec![]).await.map_err(|e| format!("browser: {page}: {e}"))?;
        let loading =
            r["images"].as_array().into_iter().flatten().any(|i| i["done"] != json!(true));
        if (r["ready"] == json!("complete") && !loading) || Instant::now() > until {
            break r;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    };
    let height = report["height"].as_u64().unwrap_or(900).max(1);
    let shot = Extra {
        path: "goog/cdp/execute",
        body: json!({"cmd": "Page.captureScreenshot", "params": {
            "format": "png", "captureBeyondViewport": true,
            "clip": {"x": 0, "y": 0, "width": 1280, "height": height, "scale": 1}}}),
    };
    let data =
        client.issue_cmd(shot).await.map_err(|e| format!("browser: {page}: screenshot: {e}"))?;
    let png = base64::engine::general_purpose::STANDARD
        .decode(data["data"].as_str().unwrap_or_default())
        .map_err(|e| format!("browser: {page}: screenshot: {e}"))?;
    let path = shots.join(page.replace(".html", ".png"));
    std::fs::write(&path, png)
        .map_err(|e| format!("browser: cannot write {}: {e}", path.display()))?;
    Ok((report, path))
}

/// The errors the page has written to the console since last asked.
async fn console(client: &Client) -> Result<Vec<String>, String> {
    let read = Extra { path: "se/log", body: json!({"type": "browser"}) };
    let log =
        client.issue_cmd(read).await.map_err(|e| format!("browser: reading the console: {e}"))?;
    Ok(log
        .as_array()
        .into_iter()
        .flatten()
        .filter(|e| e["level"] == json!("SEVERE"))
        .map(|e| e["message"].as_str().unwrap_or_default().to_string())
        .collect())
}

/// The frames in a picture of the book, counted from its file: none for a picture that is not
/// a PNG.
fn frames_of(base: &url::Url, src: &str) -> Option<Result<u32, String>> {
    let inside = src.strip_prefix(base.as_str())?;
    if !inside.ends_with(".png") {
        return None;
    }
    let path = base.to_file_path().ok()?.join(inside);
    Some(std::fs::read(&path).map_err(|e| e.to_string()).and_then(|b| world::film::frames(&b)))
}
