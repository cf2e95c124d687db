// The quizzes, fetched only when a reader starts one. mdbook-quiz's own script (1.4 MB) is
// taken out of every page at build time (quiz-later.js); here each quiz's placeholder gets a
// Start button in its place, which fetches that script once for the whole page, lets it draw
// every quiz there, and then presses the quiz's own Start, so the reader presses once.
(() => {
  "use strict";
  const places = [...document.querySelectorAll(".quiz-placeholder")];
  if (places.length === 0) return;
  const script = document.currentScript;
  const src = new URL("quiz/quiz-embed.iife.js", script ? script.src : location.href);
  let loading = null;
  const load = () => {
    loading = loading || new Promise((done, fail) => {
      const s = document.createElement("script");
      s.src = src;
      // The script draws the quizzes when the page's DOMContentLoaded comes, long past by now:
      // it is sent again, to the window only, where that script listens.
      s.onload = () => {
        window.dispatchEvent(new Event("DOMContentLoaded"));
        done();
      };
      s.onerror = () => fail(new Error(`cannot fetch ${src}`));
      document.body.append(s);
    });
    return loading;
  };
  // For a checker that must change a quiz's page once the quizzes have read it.
  window.loadQuizzes = load;
  for (const place of places) {
    const name = (() => { try { return JSON.parse(place.dataset.quizName); } catch (_) { return ""; } })();
    const n = (() => {
      try { return JSON.parse(place.dataset.quizQuestions).questions.length; } catch (_) { return 0; }
    })();
    const start = document.createElement("button");
    start.type = "button";
    start.className = "start quiz-later";
    start.textContent = "Start the quiz";
    const about = document.createElement("p");
    about.className = "quiz-later-about";
    about.textContent = `A quiz of ${n} question${n === 1 ? "" : "s"}` +
      " on this section, answered in the page.";
    place.append(about, start);
    start.addEventListener("click", () => {
      // Not disabled, so that focus stays on it while the quiz loads.
      if (start.getAttribute("aria-disabled") === "true") return;
      start.setAttribute("aria-disabled", "true");
      start.textContent = "Loading the quiz…";
      load().then(() => {
        // The quiz's own Start, once drawn in place of this one.
        const press = (tries) => {
          const own = place.querySelector("button.start:not(.quiz-later)");
          if (own) own.click();
          else if (tries > 0) setTimeout(() => press(tries - 1), 50);
        };
        press(100);
      }, (e) => {
        start.textContent = `The quiz could not load (${e.message}).`;
      });
    });
    place.dataset.quizLater = name;
  }
})();
