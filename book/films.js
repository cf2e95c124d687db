// The films: the animated PNGs under img/moving/, which the chapters' commands draw with
// --film. A film is the heaviest thing on its page and moves for ever, so each is put under the
// reader's hand. A film the page has not fetched yet (the pages mark every film
// loading="lazy") waits as a box of its own size with a button, and is fetched only when the
// reader presses it; a film already in plays as before. Either way, once playing, the button
// pauses it: the frame on screen is copied to a canvas shown in the film's place, and pressing
// again shows the film once more. Without JavaScript the films load when near the view and
// play, as plain pictures.
//
// Each film's wrapper keeps its state on data-state ("waiting", "playing" or "paused"), for a
// checker to read.
(() => {
  "use strict";
  const films = [...document.querySelectorAll("main img")].filter((i) =>
    /(^|\/)moving\//.test(i.getAttribute("src") || "") && !i.closest(".img-wrapper"));

  for (const img of films) {
    const box = document.createElement("span");
    box.className = "film";
    const still = document.createElement("canvas");
    still.setAttribute("role", "img");
    still.setAttribute("aria-label", `${img.alt} (paused)`);
    still.hidden = true;
    const button = document.createElement("button");
    button.type = "button";
    button.className = "film-button";
    img.replaceWith(box);
    box.append(img, still, button);
    const w = Number(img.getAttribute("width")), h = Number(img.getAttribute("height"));
    if (w && h) {
      box.style.aspectRatio = `${w} / ${h}`;
      // Alone, the box is the film's own width (or the column's); in a pair, half the row.
      if (!box.parentElement.classList.contains("pair")) box.style.width = `${w}px`;
    }

    const show = (state) => {
      box.dataset.state = state;
      img.hidden = state === "paused";
      still.hidden = state !== "paused";
      const verb = state === "playing" ? "Pause" : "Play";
      button.textContent = verb === "Pause" ? "Pause the film" : "Play the film";
      button.setAttribute("aria-label", `${verb} the film: ${img.alt}`);
    };
    // A lazy film not fetched yet is held back until asked for.
    if (img.loading === "lazy" && !img.complete) {
      img.dataset.film = img.getAttribute("src");
      img.removeAttribute("src");
      img.hidden = true;
      show("waiting");
      button.textContent = "Play the film";
    } else {
      show("playing");
    }
    const pause = () => {
      still.width = img.naturalWidth;
      still.height = img.naturalHeight;
      still.getContext("2d").drawImage(img, 0, 0);
      show("paused");
    };
    button.addEventListener("click", () => {
      if (box.dataset.state === "waiting") {
        img.src = img.dataset.film;
        img.loading = "eager";
        show("playing");
      } else if (box.dataset.state === "playing") {
        if (img.complete && img.naturalWidth) pause();
      } else {
        show("playing");
      }
    });
    // Under prefers-reduced-motion a film already playing stops on the frame it shows.
    if (box.dataset.state === "playing" && matchMedia("(prefers-reduced-motion: reduce)").matches) {
      if (img.complete) pause();
      else img.addEventListener("load", pause, { once: true });
    }
    // Arrow keys on the film's button are the reader's, not mdBook's page turn.
    box.addEventListener("keydown", (e) => {
      if (/^Arrow/.test(e.key)) e.stopPropagation();
    });
  }
})();
