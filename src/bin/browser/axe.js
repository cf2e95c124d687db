// axe-core run on the page in each of mdBook's themes, switched as a reader switches them (the
// theme menu's buttons, which also swap the code's colours). axe itself is already in the page.
// Every rule runs in the first theme over the whole page; in the others only the colour rules,
// since nothing else changes with the theme, and only over the page's <main>, since mdBook's
// chrome is not the book's to mend (see ALLOWED in axe.rs). Each failing element is placed: in
// mdBook's chrome (its menu bar, sidebar, page turns), in the code's colouring (mdBook's
// highlight.js themes), or on the page.
const [themes, done] = [arguments[0], arguments[arguments.length - 1]];
const place = e => {
  if (!e) return 'page';
  if (e.closest('#mdbook-sidebar, .sidebar')) return 'sidebar';
  if (e.closest('#mdbook-menu-bar, .menu-bar, #mdbook-menu-bar-hover-placeholder, #mdbook-search-wrapper')) return 'menu bar';
  if (e.closest('.nav-wrapper, .nav-chapters, .mobile-nav-chapters')) return 'page turns';
  if (e.closest('pre code') && /\bhljs/.test(e.className)) return 'code colouring';
  return 'page';
};
const frames = () => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)));
(async () => {
  const found = [];
  for (const [i, theme] of themes.entries()) {
    const button = document.getElementById(`mdbook-theme-${theme}`);
    if (button) button.click();
    await frames();
    const options = { resultTypes: ['violations'] };
    if (i > 0) options.runOnly = ['color-contrast', 'link-in-text-block'];
    const result = await axe.run(i > 0 ? { include: ['main'] } : document, options);
    for (const v of result.violations) {
      for (const n of v.nodes) {
        const target = n.target.join(' ');
        let e = null;
        try { e = document.querySelector(n.target[n.target.length - 1]); } catch (_) { }
        const why = (n.any[0] || n.all[0] || n.none[0] || {}).message || v.help;
        found.push({ theme, rule: v.id, impact: v.impact, target, place: place(e), why });
      }
    }
  }
  const light = document.getElementById('mdbook-theme-light');
  if (light) light.click();
  return found;
})().then(done, e => done({ error: String(e) }));
