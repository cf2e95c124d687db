//! The live panels played as a reader would: every panel on the page waited for until its
//! module has loaded, then *Step* pressed (the tick is one and the picture changed), *Play*
//! pressed and pressed again (the world ran on and the picture changed again), and the button
//! that runs to the book's tick pressed, after which the panel's verdict must be "the same" and
//! its digest one the page quotes from the book. On the herd's panel a weight is then moved and
//! the herd must come out different; on the valley's, a rule that moves the digest is picked and
//! must come out as that rule's row of the book; and each, started again as it opened, must come
//! back to the book's digest.
//!
//! Meanwhile the page's long tasks are watched (a `PerformanceObserver` of `longtask`) from the
//! first Step to the book's tick: Play and the run to the book's tick step in slices, so no
//! task then may hold the main thread longer than [`BLOCK`] ms, plus four of the panel's own
//! ticks: a slice may run one tick past its budget, and on a busy machine, where a tick takes
//! longer, so does the browser's own work in the same task. (Founding a world afresh, on
//! *Start again* or a new design, is one call and is not watched.)

use std::path::Path;
use std::time::{Duration, Instant};

use fantoccini::elements::Element;
use fantoccini::{Client, Locator};
use serde_json::Value;

/// What one panel did: its world, this browser's time per tick, the longest it held the main
/// thread, what went wrong, and whether it blocked the page.
pub struct Played {
    pub world: String,
    pub ms: Option<f64>,
    pub tick: u64,
    pub longest: f64,
    pub problems: Vec<String>,
    pub blocked: Option<String>,
}

/// The longest a panel may hold the main thread at once, in ms: a frame a reader notices.
pub const BLOCK: f64 = 50.0;

/// Starts watching the page's long tasks, or, if already watching, starts again from nothing.
const WATCH: &str = "
if (!window.longestTask) {
  window.longestTask = { ms: 0 };
  new PerformanceObserver(l => {
    for (const e of l.getEntries()) window.longestTask.ms = Math.max(window.longestTask.ms, e.duration);
  }).observe({ type: 'longtask' });
}
window.longestTask.ms = 0;";

/// The state of panel `arguments[0]`, as the page keeps it on the panel's element, with a
/// fingerprint of what its pictures show now.
const STATE: &str = "
const p = document.querySelectorAll('div.live')[arguments[0]];
let look = 0;
for (const c of p.querySelectorAll('canvas')) {
  const s = c.toDataURL();
  for (let i = 0; i < s.length; i++) look = (look * 31 + s.charCodeAt(i)) | 0;
}
const books = [...p.querySelectorAll('.live-book-digest')]
  .map(d => [d.dataset.for || '', d.textContent.trim()]);
return {
  world: p.dataset.world, frames: Number(p.dataset.frames || 0), tick: Number(p.dataset.tick || 0),
  verdict: p.dataset.verdict || '', digest: p.dataset.digest || '', ms: Number(p.dataset.ms || 0),
  failed: !!p.querySelector('.live-failed'), look, books,
};";

/// A knob of panel `arguments[0]` named `arguments[1]` set to `arguments[2]`, as a reader's hand
/// would leave it, and told so (`arguments[3]`: the event a reader's change makes).
const SET: &str = "
const p = document.querySelectorAll('div.live')[arguments[0]];
const k = p.querySelector(`[name=\"${arguments[1]}\"]`);
k.value = arguments[2];
k.dispatchEvent(new Event(arguments[3], { bubbles: true }));
return k.value;";

struct Panel<'a> {
    client: &'a Client,
    at: usize,
    element: Element,
}

impl Panel<'_> {
    async fn state(&self) -> Result<Value, String> {
        let args = vec![self.at.into()];
        self.client.execute(STATE, args).await.map_err(|e| format!("reading the panel: {e}"))
    }

    /// Presses `button`, brought to the middle of the window first, clear of mdBook's bar.
    async fn press(&self, button: &str) -> Result<(), String> {
        let middle = format!(
            "document.querySelectorAll('div.live')[{}].querySelector('{button}')\
             .scrollIntoView({{block: 'center'}});",
            self.at
        );
        self.client.execute(&middle, vec![]).await.map_err(|e| format!("no {button}: {e}"))?;
        let b = self
            .element
            .find(Locator::Css(button))
            .await
            .map_err(|e| format!("no {button} button: {e}"))?;
        b.click().await.map_err(|e| format!("cannot press {button}: {e}"))
    }

    async fn set(&self, name: &str, value: &str, event: &str) -> Result<(), String> {
        let args = vec![self.at.into(), name.into(), value.into(), event.into()];
        self.client.execute(SET, args).await.map_err(|e| format!("cannot set {name}: {e}"))?;
        Ok(())
    }

    /// Waits up to `secs` for the panel's state to satisfy `done`, and gives it.
    async fn until(&self, secs: u64, done: impl Fn(&Value) -> bool) -> Result<Value, String> {
        let end = Instant::now() + Duration::from_secs(secs);
        loop {
            let s = self.state().await?;
            if done(&s) || Instant::now() > end {
                return Ok(s);
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }

    /// Presses the button that runs to the book's tick and gives the state once it is judged.
    async fn to_book(&self) -> Result<Value, String> {
        self.press(".live-to-book").await?;
        self.until(60, |s| s["verdict"] != "").await
    }
}

/// Every live panel on the page in `client`, played, and a picture of each as the playing left
/// it saved under `shots`, named after the page and the panel (`herd-live-1.png`), for a person
/// to look at.
pub async fn play(client: &Client, page: &str, shots: &Path) -> Result<Vec<Played>, String> {
    let found = client.find_all(Locator::Css("div.live")).await.map_err(|e| e.to_string())?;
    let mut played = Vec::new();
    for (at, element) in found.into_iter().enumerate() {
        let panel = Panel { client, at, element };
        let mut problems = Vec::new();
        let state = match one(&panel, &mut problems).await {
            Ok(s) => s,
            Err(e) => {
                problems.push(e);
                panel.state().await.unwrap_or_default()
            }
        };
        let world: String = state["world"].as_str().unwrap_or("?").into();
        let longest = state["longest"].as_f64().unwrap_or(0.0);
        let ms = state["ms"].as_f64().filter(|&ms| ms > 0.0);
        let allowed = BLOCK + 4.0 * ms.unwrap_or(0.0);
        let blocked = (longest > allowed).then(|| {
            format!(
                "held the main thread for {longest:.0} ms at once, over the {allowed:.0} ms \
                 allowed ({BLOCK} ms and four of its ticks)"
            )
        });
        if let Ok(png) = panel.element.screenshot().await {
            let name = page.trim_end_matches(".html");
            let path = shots.join(format!("{name}-live-{}.png", at + 1));
            std::fs::write(&path, png)
                .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
        }
        played.push(Played {
            world,
            ms,
            tick: state["tick"].as_u64().unwrap_or(0),
            longest,
            problems,
            blocked,
        });
    }
    Ok(played)
}

/// One panel played; its state at the book's tick, as first reached.
async fn one(panel: &Panel<'_>, problems: &mut Vec<String>) -> Result<Value, String> {
    let loaded = panel.until(30, |s| s["frames"].as_u64() > Some(0) || s["failed"] == true).await?;
    if loaded["frames"].as_u64() == Some(0) {
        return Err("the panel never drew: its module did not load".into());
    }
    let client = panel.client;
    client.execute(WATCH, vec![]).await.map_err(|e| format!("cannot watch long tasks: {e}"))?;
    panel.press(".live-step").await?;
    let stepped = panel.state().await?;
    if stepped["tick"] != 1 || stepped["look"] == loaded["look"] {
        problems.push(format!(
            "Step left the panel at tick {} with its picture {}",
            stepped["tick"],
            if stepped["look"] == loaded["look"] { "unchanged" } else { "changed" }
        ));
    }
    panel.press(".live-play").await?;
    tokio::time::sleep(Duration::from_millis(800)).await;
    panel.press(".live-play").await?;
    let ran = panel.state().await?;
    if ran["tick"].as_u64() <= Some(1) || ran["look"] == stepped["look"] {
        problems
            .push(format!("Play ran the panel to tick {} only, or drew nothing new", ran["tick"]));
    }
    let mut judged = panel.to_book().await?;
    // The observer reports a task once it has ended; a moment for the last one to come.
    tokio::time::sleep(Duration::from_millis(100)).await;
    judged["longest"] = client
        .execute("return window.longestTask.ms;", vec![])
        .await
        .map_err(|e| format!("cannot read long tasks: {e}"))?;
    let books = judged["books"].as_array().cloned().unwrap_or_default();
    let quoted = books.iter().any(|b| b[1] == judged["digest"]);
    if judged["verdict"] != "same" || !quoted {
        problems.push(format!(
            "at the book's tick the panel says {} ({}), where the page quotes {}",
            judged["digest"],
            judged["verdict"],
            Value::Array(books.clone())
        ));
    }
    match judged["world"].as_str() {
        Some("herd") => herd(panel, problems, &judged["digest"]).await?,
        Some("crowd") => crowd(panel, &books, problems).await?,
        _ => {}
    }
    Ok(judged)
}

/// A weight moved while the herd runs: the herd must part from the book's, and the panel must
/// say the run is no longer the book's; started again, it must stay another herd; and the
/// chapter's settings put back must give the book's herd again.
async fn herd(panel: &Panel<'_>, problems: &mut Vec<String>, book: &Value) -> Result<(), String> {
    panel.press(".live-reset").await?;
    panel.set("push apart", "0", "input").await?;
    let moved = panel.to_book().await?;
    if moved["verdict"] != "other" || moved["digest"] == *book {
        problems.push(format!(
            "with push apart moved to nothing, the panel says {} ({})",
            moved["digest"], moved["verdict"]
        ));
    }
    panel.press(".live-reset").await?;
    let restarted = panel.to_book().await?;
    if restarted["verdict"] != "other" {
        problems.push("started again with push apart at nothing, it claims the book's run".into());
    }
    panel.press(".live-chapters").await?;
    again(panel, problems).await
}

/// Started again as it opened, the panel must come back to the book's digest.
async fn again(panel: &Panel<'_>, problems: &mut Vec<String>) -> Result<(), String> {
    let back = panel.to_book().await?;
    if back["verdict"] != "same" {
        problems.push(format!("started again as it opened, the panel says {}", back["digest"]));
    }
    Ok(())
}

/// A rule that moves the digest picked from the design's table: the crowd must come out as
/// that rule's row of the book, not as the design as it stands.
async fn crowd(
    panel: &Panel<'_>,
    books: &[Value],
    problems: &mut Vec<String>,
) -> Result<(), String> {
    let Some(rule) = books.iter().find(|b| b[0] != "") else {
        problems.push("the page quotes no rule's digest".into());
        return Ok(());
    };
    let flag = rule[0].as_str().unwrap_or_default();
    let index = format!(
        "[...document.querySelectorAll('div.live')[{}]\
         .querySelectorAll('select[name=design] option')]\
         .find(o => o.textContent.startsWith('{flag}:')).value",
        panel.at
    );
    let value = panel.client.execute(&format!("return {index};"), vec![]).await;
    let value = value.map_err(|e| format!("no {flag} among the switches: {e}"))?;
    panel.set("design", value.as_str().unwrap_or("-1"), "change").await?;
    let ruled = panel.to_book().await?;
    if ruled["verdict"] != "same" || ruled["digest"] != rule[1] {
        problems.push(format!(
            "under {flag} the panel says {} where the page quotes {}",
            ruled["digest"], rule[1]
        ));
    }
    panel.set("design", "-1", "change").await?;
    again(panel, problems).await
}
