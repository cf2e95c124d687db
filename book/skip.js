// Links that let a keyboard reader pass over the table of contents and the menu bar: the first
// thing Tab reaches on every page. Hidden until focused, so a mouse reader never sees them.
// "Skip to the text" lands on the page's own text; on a page with a live panel, "Skip to the
// live panel" lands on the first panel's first control. Without them a chapter's panel is some
// sixty Tab presses from the top, past every entry of the sidebar.
(() => {
  "use strict";
  const main = document.querySelector("main");
  if (!main) return;
  const nav = document.createElement("nav");
  nav.className = "skip";
  nav.setAttribute("aria-label", "Skip links");
  const link = (text, target) => {
    const a = document.createElement("a");
    a.href = "#" + target.id;
    a.textContent = text;
    a.addEventListener("click", (e) => {
      e.preventDefault();
      target.focus();
      target.scrollIntoView({ block: "start" });
    });
    nav.append(a);
  };
  main.id = main.id || "the-text";
  main.tabIndex = -1;
  link("Skip to the text", main);
  const panel = document.querySelector("div.live");
  if (panel) {
    panel.id = panel.id || "the-live-panel";
    panel.tabIndex = -1;
    link("Skip to the live panel", panel);
  }
  document.body.prepend(nav);
})();
