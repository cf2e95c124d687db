// What a page reports about itself, gathered in the page by one script and judged in look.rs.
const main = document.querySelector('main') || document.body;
// A collapsed section is measured open: a reader who opens it must find it fits too.
document.querySelectorAll('details').forEach(d => { d.open = true; });
const code = [...document.querySelectorAll('pre code')];

// A code block that scrolls sideways: the block or its code is wider inside than its box.
const wide = [...main.querySelectorAll('pre')].flatMap(pre => {
  const inner = pre.querySelector('code');
  const over = [pre, inner].filter(e => e && e.scrollWidth > e.clientWidth);
  if (over.length === 0) return [];
  const e = over[over.length - 1];
  const lines = (inner || pre).innerText.replace(/\n+$/, '').split('\n');
  const widest = Math.max(...lines.map(l => [...l].length));
  return [{first: lines[0], widest, fits: Math.floor(widest * e.clientWidth / e.scrollWidth)}];
});

// A dash that mdBook's smart punctuation made of a flag's two hyphens: an en or em dash
// straight before a letter, where no letter or digit stands before the dash, outside code.
const dashes = [];
const walk = document.createTreeWalker(main, NodeFilter.SHOW_TEXT);
for (let n = walk.nextNode(); n; n = walk.nextNode()) {
  if (n.parentElement.closest('code, pre, kbd, samp, script, style')) continue;
  const text = n.textContent;
  for (const m of text.matchAll(/(^|[^\p{L}\p{N}])([\u2013\u2014]\p{L}[\p{L}\p{N}-]*)/gu)) {
    const at = m.index + m[1].length;
    dashes.push(text.slice(Math.max(0, at - 30), at + m[2].length + 10).replace(/\s+/g, ' '));
  }
}

// What Tab reaches first from the top of the page, and whether a page with a live panel has a
// link that skips to it (book/skip.js makes both).
const tabbable = [...document.querySelectorAll('a[href], button, input, select, textarea, [tabindex]')]
  .filter(e => e.tabIndex >= 0 && !e.disabled && e.getClientRects().length > 0
               && getComputedStyle(e).visibility !== 'hidden');
const panel = document.querySelector('div.live');
const keyboard = {
  first: tabbable.length ? (tabbable[0].textContent || tabbable[0].tagName).trim() : '',
  firstSkips: tabbable.length > 0 && tabbable[0].closest('nav.skip') !== null,
  panel: panel !== null,
  toPanel: panel !== null && [...document.querySelectorAll('nav.skip a')]
    .some(a => a.getAttribute('href') === '#' + panel.id),
};

return {
  ready: document.readyState,
  keyboard,
  height: Math.ceil(document.documentElement.scrollHeight),
  window: window.innerWidth,
  sidebar: document.documentElement.classList.contains('sidebar-visible'),
  images: [...document.images].map(i => {
    const box = i.getBoundingClientRect();
    // A film still waiting to be pressed has no address: it is named by the one it keeps.
    return {src: i.src || i.dataset.film || '', width: i.naturalWidth, height: i.naturalHeight,
            done: i.complete, shownWidth: box.width, shownHeight: box.height};
  }),
  emptyCode: code.filter(c => c.textContent.trim() === '').length,
  code: code.length,
  wide,
  dashes,
  links: [...document.querySelectorAll('a[href]')].map(a => a.href),
  ids: [...document.querySelectorAll('[id]')].map(e => e.id),
};
