//! `browser --speed`: how fast chapter 3's panel plays in Chromium, at one tick per frame, the
//! speed a reader's Play starts at. The page is opened at the laptop's window, the panel brought
//! into view and played for a second to settle, then for [`PLAYED`] seconds counted: the ticks
//! stepped, the frames drawn, the panel's own mean time per tick stepping, and the longest the
//! main thread was held at once. A timing, so a measured block in the book (`just measure`),
//! never a test.

use std::path::Path;
use std::time::Duration;

use serde_json::Value;

use crate::chromium::Browser;

/// How long the counted play lasts, in seconds: long enough that one frame more or less moves
/// the rate by under 0.2%.
const PLAYED: u64 = 10;

/// Finds the crowd's panel, brings it into view, sets one tick per frame and starts watching
/// long tasks; gives the panel's state.
const READY: &str = "
const p = document.querySelector('div.live[data-world=crowd]');
if (!p || !Number(p.dataset.frames || 0)) return null;
p.scrollIntoView({block: 'center'});
const speed = p.querySelector('select[id$=-speed]');
speed.value = '1';
speed.dispatchEvent(new Event('change', {bubbles: true}));
if (!window.longestTask) {
  window.longestTask = { ms: 0 };
  new PerformanceObserver(l => {
    for (const e of l.getEntries()) window.longestTask.ms = Math.max(window.longestTask.ms, e.duration);
  }).observe({ type: 'longtask' });
}
return true;";

/// Presses the panel's Play (or Pause) button.
const PRESS: &str = "document.querySelector('div.live[data-world=crowd] .live-play').click();";

/// The panel's count of ticks and frames, its ms per tick, the longest task, and the clock.
const READ: &str = "
const p = document.querySelector('div.live[data-world=crowd]');
return { tick: Number(p.dataset.tick || 0), frames: Number(p.dataset.frames || 0),
         ms: Number(p.dataset.ms || 0), longest: window.longestTask.ms, at: performance.now(),
         playing: p.dataset.running === 'play' };";

/// Starts counting the longest task afresh.
const RESTART: &str = "window.longestTask.ms = 0;";

/// Plays the crowd's panel of the book built under `root` and gives the lines to print.
pub async fn run(root: &Path, shots: &Path) -> Result<Vec<String>, String> {
    let page = root.join("book/book/crowd.html");
    if !page.is_file() {
        return Err("browser: no built book in book/book; run `mdbook build book` first".into());
    }
    let url =
        url::Url::from_file_path(&page).map_err(|()| "browser: the book's path is not absolute")?;
    std::fs::create_dir_all(shots)
        .map_err(|e| format!("browser: cannot make {}: {e}", shots.display()))?;
    let browser = Browser::open(shots).await?;
    let lines = play(&browser, url.as_str()).await;
    browser.close().await;
    lines
}

async fn play(browser: &Browser, url: &str) -> Result<Vec<String>, String> {
    let client = browser.client();
    let js = |e: fantoccini::error::CmdError| format!("browser: in the crowd's page: {e}");
    client.goto(url).await.map_err(|e| format!("browser: cannot open the crowd's page: {e}"))?;
    let mut ready = Value::Null;
    for _ in 0..300 {
        ready = client.execute(READY, vec![]).await.map_err(js)?;
        if ready == Value::Bool(true) {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    if ready != Value::Bool(true) {
        return Err("browser: the crowd's panel did not load its module in 30 s".into());
    }
    client.execute(PRESS, vec![]).await.map_err(js)?;
    tokio::time::sleep(Duration::from_secs(1)).await;
    client.execute(RESTART, vec![]).await.map_err(js)?;
    let first = client.execute(READ, vec![]).await.map_err(js)?;
    tokio::time::sleep(Duration::from_secs(PLAYED)).await;
    let last = client.execute(READ, vec![]).await.map_err(js)?;
    client.execute(PRESS, vec![]).await.map_err(js)?;
    if last["playing"] != Value::Bool(true) {
        return Err("browser: the crowd's panel stopped playing before the count ended".into());
    }
    let f = |v: &Value, k: &str| v[k].as_f64().unwrap_or(0.0);
    let secs = (f(&last, "at") - f(&first, "at")) / 1000.0;
    let ticks = f(&last, "tick") - f(&first, "tick");
    let frames = f(&last, "frames") - f(&first, "frames");
    Ok(vec![
        format!(
            "chapter 3's panel in Chromium, one tick per frame, counted over {secs:.1} s of play:"
        ),
        format!("  ticks stepped                    {ticks:>7.0}"),
        format!("  frames drawn                     {frames:>7.0}"),
        format!("  ticks per second                 {:>7.1}", ticks / secs),
        format!("  frames per second                {:>7.1}", frames / secs),
        format!("  ms per tick, stepping            {:>7.2}", f(&last, "ms")),
        format!("  longest hold of the main thread  {:>7.0} ms", f(&last, "longest")),
    ])
}
