// The live panels: each chapter's world running in the page, from the module the book ships
// (src/live/world.wasm, built from the chapters' worlds by `just wasm`). A panel is a
// <div class="live" data-world="tether|herd|crowd"> in a chapter's page, holding the book's
// digest and tick as figures the book check reads from a block; this script fills in the rest.
// The module's calls are listed in book/live/src/calls.rs. Every number of a chapter's scene
// (a window's size, a valley's cells, the chapter's settings) is read from the module there,
// never typed here.
//
// Each panel keeps what a checker (or a curious reader) can read on its element: data-tick,
// data-digest (the digest at the book's tick, once reached), data-verdict (once that tick is
// reached: "same" or "different" from the book's digest, or "other" when a setting moved the
// run off the book's, so there is nothing to compare), data-ms (the mean ms per tick spent
// stepping since the panel last started, empty before its first tick) and data-frames (frames
// drawn).
(() => {
  "use strict";
  const panels = [...document.querySelectorAll("div.live")];
  if (panels.length === 0) return;
  const script = document.currentScript;
  const moduleUrl = new URL("live/world.wasm", script ? script.src : location.href);

  // The module's bytes: fetched, or, where a page opened from a file may not fetch, read the
  // older way (Chromium allows it only when started to).
  async function bytes() {
    try {
      const r = await fetch(moduleUrl);
      if (r.ok) return await r.arrayBuffer();
    } catch (_) { /* a file: page; try the older way */ }
    return await new Promise((done, fail) => {
      const x = new XMLHttpRequest();
      x.open("GET", moduleUrl);
      x.responseType = "arraybuffer";
      // A file read gives status 0; over the web only a 200 is the module.
      x.onload = () => ([0, 200].includes(x.status) && x.response ? done(x.response)
        : fail(new Error(`${moduleUrl}: status ${x.status}`)));
      x.onerror = () => fail(new Error("unreadable"));
      x.send();
    });
  }

  // ---- The module, and reading its memory -------------------------------------------------

  let wasm = null;
  const f64s = (at, n) => new Float64Array(wasm.memory.buffer, at, n);
  const u8s = (at, n) => new Uint8Array(wasm.memory.buffer, at, n);
  const text = (at, n) => new TextDecoder().decode(u8s(at, n));
  const digest = (at) => text(at, 16);

  // ---- Pieces every panel is made of -------------------------------------------------------

  function el(tag, attrs = {}, ...kids) {
    const e = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs)) {
      if (k === "class") e.className = v;
      else if (k.startsWith("on")) e.addEventListener(k.slice(2), v);
      else e.setAttribute(k, v);
    }
    for (const k of kids) e.append(k);
    return e;
  }

  // A canvas of w by h CSS pixels whose backing store has the screen's pixel ratio, so its
  // lines and labels stay sharp on a phone or a high-density screen. `pen` gives its context
  // drawing in CSS pixels; `c.w` and `c.h` are its size in them. To a screen reader it is a
  // picture named `name`, described by the panel's running account (see `frame`).
  function canvas(w, h, name) {
    const k = Math.max(1, Math.min(3, window.devicePixelRatio || 1));
    const c = el("canvas", { width: Math.round(w * k), height: Math.round(h * k), role: "img",
      "aria-label": name });
    c.style.width = `${w}px`;
    c.w = w;
    c.h = h;
    c.k = k;
    return c;
  }
  function pen(c) {
    const g = c.getContext("2d");
    g.setTransform(c.k, 0, 0, c.k, 0, 0);
    return g;
  }
  // A label drawn at x (its left, middle or right edge, as `align` says), y. One that would run
  // past the canvas's edge is named on the canvas (data-clipped), for the browser check.
  function label(c, g, text, x, y, align = "left") {
    const w = g.measureText(text).width;
    const left = align === "left" ? x : align === "right" ? x - w : x - w / 2;
    g.textAlign = align;
    g.fillText(text, x, y);
    g.textAlign = "left";
    if (left < 0 || left + w > c.w + 0.5) c.dataset.clipped = text;
  }

  // The most milliseconds of stepping one slice of work may take before the page gets the
  // main thread back, whether the panel plays or runs to the book's tick: a slice and its
  // drawing stay inside a frame of a 60 Hz screen, so the page never freezes. (One tick of a
  // slow world, 2,000 walkers everybody against everybody, may still take longer by itself.)
  const SLICE = 12;
  // The most ticks the tethered pair's trace draws.
  const TRACE = 4000;
  const LAND = ["rgb(226,222,196)", "rgb(150,190,230)", "rgb(150,140,130)"];
  const INK = "rgb(30,30,36)", PAPER = "rgb(250,248,240)";
  const BLUE = "rgb(40,80,200)", RED = "rgb(200,40,40)", GREY = "rgb(200,200,200)";

  // A land of cols by rows cells, z CSS pixels each, drawn once into a canvas off the page at
  // `c`'s pixel ratio: it never changes, so each frame copies it in one call.
  function landOnce(c, cells, cols, rows, z) {
    const off = document.createElement("canvas");
    off.width = c.width;
    off.height = c.height;
    const g = off.getContext("2d");
    g.setTransform(c.k, 0, 0, c.k, 0, 0);
    for (let y = 0; y < rows; y++) {
      for (let x = 0; x < cols; x++) {
        g.fillStyle = LAND[cells[y * cols + x]];
        g.fillRect(x * z, y * z, z, z);
      }
    }
    return off;
  }
  function paste(c, off) {
    const g = c.getContext("2d");
    g.setTransform(1, 0, 0, 1, 0, 0);
    g.drawImage(off, 0, 0);
  }

  // The book's figures in the panel's markup: the digest (one, or one per switch) and the tick.
  function book(panel) {
    const tick = Number(panel.querySelector(".live-book-tick").textContent.replace(/,/g, ""));
    const digests = {};
    for (const d of panel.querySelectorAll(".live-book-digest")) {
      digests[d.dataset.for || ""] = d.textContent.trim();
    }
    return { tick, digests };
  }

  // A panel's frame: the buttons, the tick, this browser's time per tick, and the digest
  // beside the book's. `world` founds, steps, draws and names its digest and the one it
  // expects (null when the reader has set the world apart from the book's run); the frame
  // runs it. One job at a time, Play or the run to the book's tick, done in slices of at most
  // SLICE ms, one per animation frame; a pause, a step or a new start ends the job.
  function frame(panel, world) {
    const { tick: bookTick } = book(panel);
    const shown = { tick: el("span", { class: "live-tick" }, "0"), ms: el("span", {}, "-"),
      draw: el("span", {}, "-") };
    const now = el("code", {}, "");
    const atBook = el("span", { class: "live-at-book" }, `not reached yet`);
    let tick = 0, spent = 0, timed = 0, frames = 0, asked = 0;
    // The job under way: "" (none), "play" or "book".
    let job = "";
    // Time spent drawing and frames drawn since the panel last started, for the frame's cost.
    let drawing = 0, drawn = 0;

    const draw = () => {
      const t0 = performance.now();
      world.draw();
      drawing += performance.now() - t0;
      drawn += 1;
      frames += 1;
      panel.dataset.frames = String(frames);
      panel.dataset.tick = String(tick);
      panel.dataset.ms = timed ? String(spent / timed) : "";
      shown.tick.textContent = String(tick);
      shown.ms.textContent = timed ? (spent / timed).toFixed(2) : "-";
      shown.draw.textContent = (drawing / drawn).toFixed(2);
      now.textContent = world.digest();
      told.textContent = `Tick ${tick}, digest ${now.textContent}: ${world.tell()}`;
      toBook.setAttribute("aria-disabled", String(tick >= bookTick && job !== "book"));
      progress.value = Math.min(tick, bookTick);
    };
    // n ticks, stopping at the book's tick on the way to read the digest there.
    const step = (n) => {
      while (n > 0) {
        const k = tick < bookTick ? Math.min(n, bookTick - tick) : n;
        const t0 = performance.now();
        world.step(k);
        spent += performance.now() - t0;
        timed += k;
        tick += k;
        n -= k;
        if (tick === bookTick) judge();
      }
    };
    const judge = () => {
      const got = world.digest(), want = world.expected();
      panel.dataset.digest = got;
      if (want === null) {
        panel.dataset.verdict = "other";
        atBook.replaceChildren(`at tick ${bookTick}: `, el("code", {}, got),
          ", not the book's run: a setting was changed from the chapter's");
        said.textContent = `Tick ${bookTick} reached: not the book's run, a setting was changed.`;
        return;
      }
      const same = got === want;
      panel.dataset.verdict = same ? "same" : "different";
      atBook.replaceChildren(
        `at tick ${bookTick}: `, el("code", {}, got), " here, ", el("code", {}, want),
        " in the book's block: ", el("strong", { class: same ? "live-same" : "live-different" },
          same ? "the same" : "different"));
      said.textContent = `Tick ${bookTick} reached: the digest is ${same ? "the same as" :
        "different from"} the book's.`;
    };
    // Ends the job under way, if any, and puts both buttons back as they rest.
    const pause = () => {
      job = "";
      cancelAnimationFrame(asked);
      play.textContent = "Play";
      toBook.textContent = `To tick ${bookTick}`;
      progress.hidden = true;
      panel.dataset.running = "";
    };
    const reset = () => {
      pause();
      tick = 0; spent = 0; timed = 0; drawing = 0; drawn = 0;
      delete panel.dataset.digest;
      delete panel.dataset.verdict;
      atBook.textContent = "not reached yet";
      said.textContent = "";
      world.found();
      draw();
    };
    const speedId = `${panel.id}-speed`;
    const speed = el("select", { id: speedId },
      ...[1, 2, 5, 10].map((k) => el("option", { value: k }, `${k}`)));
    // One slice of the job: Play steps the chosen ticks per frame, the run to the book's tick
    // as many as fit; neither steps on once SLICE ms are spent, so a slow world plays slower
    // instead of freezing the page. Then one drawing, and the next slice at the next frame.
    const slice = () => {
      if (!job) return;
      const t0 = performance.now();
      if (job === "play") {
        for (let k = Number(speed.value); k > 0 && performance.now() - t0 < SLICE; k--) step(1);
      } else {
        while (tick < bookTick && performance.now() - t0 < SLICE) step(1);
      }
      const done = job === "book" && tick >= bookTick;
      if (done) pause();
      draw();
      if (!done) asked = requestAnimationFrame(slice);
    };
    const start = (what) => {
      pause();
      job = what;
      panel.dataset.running = what;
      if (what === "play") play.textContent = "Pause";
      else {
        toBook.textContent = `Pause the run to tick ${bookTick}`;
        progress.hidden = false;
      }
      asked = requestAnimationFrame(slice);
    };
    const play = el("button", { class: "live-play", type: "button", onclick: () => {
      if (job === "play") pause();
      else start("play");
    } }, "Play");
    const once = el("button", { class: "live-step", type: "button", onclick: () => {
      pause();
      step(1);
      draw();
    } }, "Step");
    // Never disabled, so that focus stays on it while it runs and after: pressed again while
    // it runs, it pauses the run; once the tick is passed it does nothing.
    const toBook = el("button", { class: "live-to-book", type: "button", onclick: () => {
      if (job === "book") pause();
      else if (tick < bookTick) start("book");
    } }, `To tick ${bookTick}`);
    const progress = el("progress", { max: bookTick, value: 0, class: "live-progress",
      "aria-label": `progress of the run to tick ${bookTick}` });
    progress.hidden = true;
    const again = el("button", { class: "live-reset", type: "button", onclick: reset },
      "Start again");
    // The pictures' text alternative, following the run: the tick, the digest and what is
    // drawn. A screen reader reads it as each picture's description; it is not announced.
    const told = el("p", { class: "live-sr", id: `${panel.id}-told` });
    for (const c of world.body.querySelectorAll("canvas")) c.setAttribute("aria-describedby", told.id);
    // What a screen reader announces, once per reaching of the book's tick.
    const said = el("p", { class: "live-said", "aria-live": "polite", "aria-atomic": "true" });

    panel.append(
      el("div", { class: "live-controls" }, play, once, toBook, progress, again,
        el("label", { for: speedId }, "ticks per frame"), speed,
        el("span", {}, " tick ", shown.tick, " · ms per tick in this browser: ", shown.ms,
          " · ms to draw a frame: ", shown.draw)),
      world.body,
      el("div", { class: "live-digest" }, "digest now: ", now),
      el("div", { class: "live-digest" }, atBook),
      told, said);
    // The arrow keys belong to the panel's controls (a slider, a list) while focus is in it,
    // not to mdBook, which would turn the page on them and lose the run.
    panel.addEventListener("keydown", (e) => {
      if (/^(Arrow|Home$|End$|Page)/.test(e.key)) e.stopPropagation();
    });
    // Play stops when the panel leaves the view: nobody is watching, and the page scrolls
    // more smoothly without it.
    if ("IntersectionObserver" in window) {
      new IntersectionObserver((seen) => {
        if (job === "play" && !seen[seen.length - 1].isIntersecting) pause();
      }).observe(panel);
    }
    world.found();
    draw();
    return { reset, redraw: draw, get tick() { return tick; } };
  }

  // ---- Chapter 1: the tethered pair and the swarm run twice --------------------------------

  function tether(panel) {
    const { digests } = book(panel);
    // The window is twice its middle each way.
    const MX = wasm.tether_middle_x(), MY = wasm.tether_middle_y(), OUT = wasm.tether_out();
    const W = 2 * MX, H = 2 * MY, Z = 1.5, gap = 12;
    const SEED = wasm.swarm_seed(), SIZE = wasm.swarm_size();
    const windows = canvas(2 * W * Z + gap, H * Z + 18,
      "the tethered body in two windows: under step (blue) and under step_lagging (red)");
    const trace = canvas(2 * W * Z + gap, 220,
      "each body's offset from the middle against the tick: blue under step, red under step_lagging");
    const twice = el("div", { class: "live-note" });
    let pair = 0, one = 0, two = 0, paths = [[], []], agree = true, outs = ["0", "0"];
    const world = {
      body: el("div", {}, windows, trace, twice),
      found() {
        for (const [h, free] of [[pair, "tether_free"], [one, "swarm_free"], [two, "swarm_free"]]) {
          if (h) wasm[free](h);
        }
        pair = wasm.tether_new();
        one = wasm.swarm_new(SEED);
        two = wasm.swarm_new(SEED);
        paths = [[], []];
        agree = true;
        this.note();
      },
      step(n) {
        for (let i = 0; i < n; i++) {
          wasm.tether_step(pair, 1);
          wasm.swarm_step(one, 1);
          wasm.swarm_step(two, 1);
          agree = agree && digest(wasm.swarm_digest(one)) === digest(wasm.swarm_digest(two));
          const v = f64s(wasm.tether_view(pair), 4);
          // The trace holds the first few thousand ticks, so a long run costs no more to draw.
          if (paths[0].length < TRACE) {
            paths[0].push(v[0] - MX);
            paths[1].push(v[2] - MX);
          }
        }
      },
      note() {
        const a = digest(wasm.swarm_digest(one)), b = digest(wasm.swarm_digest(two));
        twice.replaceChildren(`the swarm of ${SIZE}, run twice side by side: `, el("code", {}, a),
          " and ", el("code", {}, b), `; equal on every tick so far: ${agree ? "yes" : "no"}`);
      },
      digest: () => digest(wasm.swarm_digest(one)),
      tell: () => `the blue body is ${outs[0]} px from the middle, the red ${outs[1]} px; ` +
        `the swarm's two runs equal on every tick so far: ${agree ? "yes" : "no"}.`,
      expected: () => digests[""],
      draw() {
        this.note();
        const g = pen(windows);
        g.fillStyle = "white";
        g.fillRect(0, 0, windows.w, windows.h);
        const v = f64s(wasm.tether_view(pair), 4);
        ["step: velocity, then position", "step_lagging: position, then velocity"].forEach((name, k) => {
          const x0 = k * (W * Z + gap);
          g.save();
          g.beginPath();
          g.rect(x0, 0, W * Z, H * Z);
          g.clip();
          g.fillStyle = PAPER;
          g.fillRect(x0, 0, W * Z, H * Z);
          g.fillStyle = GREY;
          g.fillRect(x0 + MX * Z - 3, MY * Z - 3, 6, 6);
          const [x, y] = [v[2 * k], v[2 * k + 1]];
          g.fillStyle = k ? RED : BLUE;
          g.beginPath();
          g.arc(x0 + x * Z, y * Z, 5, 0, 2 * Math.PI);
          g.fill();
          g.restore();
          g.fillStyle = INK;
          g.font = "12px sans-serif";
          const out = Math.hypot(x - MX, y - MY);
          outs[k] = out.toFixed(1);
          label(windows, g, `${name}: ${out.toFixed(1)} px out`, x0, H * Z + 14);
        });
        drawTrace(trace, paths, OUT);
      },
    };
    frame(panel, world);
  }

  // The offset from the middle against the tick for both bodies, as `held --picture` draws it:
  // the starting offset `out` as grey rules, the lagging body cut where it leaves the chart.
  function drawTrace(c, paths, out) {
    const g = pen(c), w = c.w, h = c.h, left = 44, top = 20, bottom = 18;
    const ticks = Math.max(400, paths[0].length);
    const X = (t) => left + (t / ticks) * (w - left - 8);
    const mid = top + (h - top - bottom) / 2;
    const Y = (o) => mid - (o / 150) * ((h - top - bottom) / 2 - 4);
    g.fillStyle = "white";
    g.fillRect(0, 0, w, h);
    g.font = "11px sans-serif";
    g.fillStyle = INK;
    for (const o of [-150, -out, 0, out, 150]) {
      g.fillStyle = o === out || o === -out ? GREY : "rgb(235,235,230)";
      g.fillRect(left, Y(o), w - left - 8, 1);
      g.fillStyle = INK;
      label(c, g, String(o), 4, Y(o) + 4);
    }
    for (let q = 0; q <= 4; q++) {
      const t = Math.round((q * ticks) / 4);
      // The first tick's number starts at its mark, the last ends at it, the rest centre on it.
      label(c, g, String(t), X(t), h - 4, q === 0 ? "left" : q === 4 ? "right" : "center");
    }
    g.save();
    g.beginPath();
    g.rect(left, top, w - left, h - top - bottom);
    g.clip();
    paths.forEach((p, k) => {
      g.strokeStyle = k ? RED : BLUE;
      g.lineWidth = 1.5;
      g.beginPath();
      g.moveTo(X(0), Y(out));
      p.forEach((o, t) => g.lineTo(X(t + 1), Y(Math.max(-400, Math.min(400, o)))));
      g.stroke();
    });
    g.restore();
    label(c, g, "offset from the middle (px) against the tick; blue: step, red: step_lagging",
      left, 12);
  }

  // ---- Chapter 2: the herd, its weights and its query ---------------------------------------

  function herd(panel) {
    const { digests } = book(panel);
    const COLS = wasm.herd_cols(), ROWS = wasm.herd_rows(), CELL = wasm.herd_cell(), Z = 3;
    const c = canvas(COLS * CELL * Z, ROWS * CELL * Z,
      "the herd on its valley, each walker a dot with a nose pointing where it heads");
    const slider = (name, value, min, max, step) =>
      el("input", { type: "range", min, max, step, value, name, "aria-label": name });
    const weights = {
      separate: slider("push apart", wasm.herd_weight(0), 0, 3, 0.1),
      align: slider("match heading", wasm.herd_weight(1), 0, 3, 0.1),
      cohere: slider("pull to the middle", wasm.herd_weight(2), 0, 3, 0.1),
    };
    const walkers = slider("walkers", wasm.herd_walkers(), 10, wasm.herd_most(), 10);
    // The chapter's settings, as the sliders open: the book's run is the herd founded on them
    // and never weighed otherwise while it runs.
    const chapters = [weights.separate, weights.align, weights.cohere, walkers].map((s) => s.value);
    const settings = () => [weights.separate, weights.align, weights.cohere, walkers].map((s) => s.value);
    const asks = el("select", { name: "query", id: `${panel.id}-query` },
      el("option", { value: "0,0" }, "the mailboxes, one pass (as it stands)"),
      el("option", { value: "1,1" }, "the buckets, three passes (the first round)"),
      el("option", { value: "2,0" }, "everybody against everybody"));
    const tests = el("span", {}, "-");
    const label = (s, name) => {
      // Hidden from screen readers: the slider itself says its value, once.
      const v = el("output", { "aria-hidden": "true" }, s.value);
      s.addEventListener("input", () => (v.textContent = s.value));
      return el("label", {}, `${name} `, s, " ", v);
    };
    // The land, drawn once (see landOnce).
    let land = null;
    let h = 0, n = 0, last = 0, per = 0, booked = true, run;
    const w = () => [weights.separate, weights.align, weights.cohere].map((s) => Number(s.value));
    const world = {
      body: el("div", {},
        el("div", { class: "live-knobs" },
          label(weights.separate, "push apart"), label(weights.align, "match heading"),
          label(weights.cohere, "pull to the middle")),
        el("div", { class: "live-knobs" }, label(walkers, "walkers"),
          el("label", { for: asks.id }, "neighbour query"), asks,
          el("span", {}, " distance tests in the last tick: ", tests)),
        el("div", { class: "live-knobs" }, el("button", { class: "live-chapters", type: "button", onclick: () => {
          [weights.separate, weights.align, weights.cohere, walkers].forEach((s, k) => {
            s.value = chapters[k];
            s.dispatchEvent(new Event("input"));
          });
          asks.value = "0,0";
          run.reset();
        } }, "The chapter's settings")),
        c),
      found() {
        if (h) wasm.herd_free(h);
        const [q, three] = asks.value.split(",").map(Number);
        n = Number(walkers.value);
        h = wasm.herd_new(n, ...w(), q, three);
        booked = settings().every((v, k) => v === chapters[k]);
        last = 0;
        per = 0;
      },
      // A tick at a time, so that the count shown is the last tick's alone.
      step(ticks) {
        for (let i = 0; i < ticks; i++) {
          wasm.herd_step(h, 1);
          const t = wasm.herd_tests(h);
          per = t - last;
          last = t;
        }
      },
      digest: () => digest(wasm.herd_digest(h)),
      tell: () => `${n.toLocaleString("en")} walkers; ${tests.textContent} distance tests in the last tick.`,
      // Every query gives the book's digest; other weights or walkers give another herd.
      expected: () => (booked ? digests[""] : null),
      draw() {
        tests.textContent = per ? Math.round(per).toLocaleString("en") : "-";
        land = land || landOnce(c, u8s(wasm.herd_land(), COLS * ROWS), COLS, ROWS, CELL * Z);
        paste(c, land);
        const g = pen(c);
        const v = f64s(wasm.herd_view(h), 4 * n);
        g.strokeStyle = INK;
        g.fillStyle = INK;
        for (let i = 0; i < n; i++) {
          const [x, y, vx, vy] = [v[4 * i] * Z, v[4 * i + 1] * Z, v[4 * i + 2], v[4 * i + 3]];
          const s = Math.hypot(vx, vy) || 1;
          g.beginPath();
          g.arc(x, y, 3, 0, 2 * Math.PI);
          g.fill();
          g.beginPath();
          g.moveTo(x, y);
          g.lineTo(x + (vx / s) * 8, y + (vy / s) * 8);
          g.stroke();
        }
      },
    };
    run = frame(panel, world);
    // The weights change the herd as it runs (and make it another herd than the book's); a
    // new crowd or query starts it again.
    for (const s of Object.values(weights)) {
      s.addEventListener("input", () => {
        wasm.herd_weigh(h, ...w());
        booked = booked && settings().every((v, k) => v === chapters[k]);
      });
    }
    walkers.addEventListener("change", run.reset);
    asks.addEventListener("change", run.reset);
  }

  // ---- Chapter 3: the valley and its crowd, under any one switch ----------------------------

  function crowd(panel) {
    const { digests } = book(panel);
    const COLS = wasm.crowd_cols(), ROWS = wasm.crowd_rows(), Z = 4;
    const c = canvas(COLS * Z, ROWS * Z,
      "the valley with its crowd: each creature a dark dot, each plant a green cell");
    const table = text(wasm.crowd_switches(), wasm.crowd_switches_len()).trim().split("\n")
      .map((line, i) => { const [flag, moves, about] = line.split("\t"); return { i, flag, moves, about }; });
    const design = el("select", { name: "design", id: `${panel.id}-design` },
      el("option", { value: -1 }, "the design as it stands"),
      el("option", { value: -2 }, "--was: the phase as first wired"),
      ...table.map((s) => el("option", { value: s.i },
        `${s.flag}: ${s.about}${s.moves === "moves" ? " (moves the digest)" : ""}`)));
    const count = el("span", {}, "");
    // The land, drawn once (see landOnce).
    let land = null;
    let h = 0;
    const world = {
      body: el("div", {}, el("div", { class: "live-knobs" },
        el("label", { for: design.id }, "design"), design), c,
        el("div", { class: "live-note" }, count)),
      found() {
        if (h) wasm.crowd_free(h);
        h = wasm.crowd_new(Number(design.value));
      },
      step(n) { wasm.crowd_step(h, n); },
      digest: () => digest(wasm.crowd_digest(h)),
      tell: () => `${count.textContent}.`,
      // A switch that keeps the digest is held to the design as it stands; a rule to its row.
      expected() {
        const s = table[Number(design.value)];
        return s && s.moves === "moves" ? digests[s.flag] : digests[""];
      },
      draw() {
        land = land || landOnce(c, u8s(wasm.crowd_land(), COLS * ROWS), COLS, ROWS, Z);
        paste(c, land);
        const g = pen(c);
        const np = wasm.crowd_plant_count(h), p = f64s(wasm.crowd_plants(h), 3 * np);
        for (let i = 0; i < np; i++) {
          g.fillStyle = `rgba(40,140,50,${(0.3 + 0.11 * Math.min(6, p[3 * i + 2])).toFixed(2)})`;
          g.fillRect(p[3 * i] * Z, p[3 * i + 1] * Z, Z, Z);
        }
        const n = wasm.crowd_alive(h), v = f64s(wasm.crowd_view(h), 3 * n);
        g.fillStyle = INK;
        for (let i = 0; i < n; i++) g.fillRect(v[3 * i] * Z - 1, v[3 * i + 1] * Z - 1, 2, 2);
        count.textContent = `${n.toLocaleString("en")} creatures alive, ${np} plants`;
      },
    };
    const run = frame(panel, world);
    design.addEventListener("change", run.reset);
  }

  const WORLDS = { tether, herd, crowd };

  // The module first: if it cannot be had, each panel says why in a sentence. A panel that
  // fails once the module is in is a fault of the page, told on the console.
  bytes()
    .then((b) => WebAssembly.instantiate(b, {}))
    .then(({ instance }) => {
      wasm = instance.exports;
      panels.forEach((p, i) => {
        if (!p.id) p.id = `live-${i + 1}`;
        try {
          WORLDS[p.dataset.world](p);
        } catch (e) {
          console.error(`live panel ${p.dataset.world}:`, e);
        }
      });
    }, (e) => {
      const served = location.protocol !== "file:";
      for (const p of panels) {
        p.append(el("p", { class: "live-note live-failed" }, served
          ? `This panel could not load its module (${e.message}).`
          : "This panel needs the book served over the web (just serve, or any web server): " +
            "a browser will not load the page's module from a file."));
      }
    });
})();
