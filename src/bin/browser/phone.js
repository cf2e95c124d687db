// What a chapter page looks like in a phone's window, gathered in the page and judged in
// phone.rs: what runs off the column, what is cut off, how small each chart is drawn, and
// whether a film and its still stand one above the other.
const main = document.querySelector('main') || document.body;
const view = document.documentElement.clientWidth;
const seen = e => { const r = e.getBoundingClientRect(); return r.width > 1 && r.height > 1; };
// A visually hidden element (a screen reader's line) is cut off on purpose.
const hidden = e => getComputedStyle(e).clipPath !== 'none' || !seen(e);
const scrolls = e => {
  for (let a = e.parentElement; a && a !== document.body; a = a.parentElement) {
    if (['auto', 'scroll'].includes(getComputedStyle(a).overflowX)) return true;
  }
  return false;
};
const said = e => (e.innerText || e.getAttribute('aria-label') || e.tagName).trim().replace(/\s+/g, ' ').slice(0, 60);

// Listings wider than the column, which neither wrap nor fit.
const wide = [...main.querySelectorAll('pre')].filter(pre => {
  const inner = pre.querySelector('code') || pre;
  return seen(pre) && [pre, inner].some(e => e.scrollWidth > e.clientWidth + 1);
}).map(pre => said(pre));

// Text cut off by its own box, or standing out past the window where nothing scrolls it back.
const clipped = [];
for (const e of main.querySelectorAll('*')) {
  if (e.closest('pre, .img-wrapper') || hidden(e)) continue;
  const s = getComputedStyle(e);
  const text = [...e.childNodes].some(n => n.nodeType === 3 && n.textContent.trim());
  if (text && ['hidden', 'clip'].includes(s.overflowX) && e.scrollWidth > e.clientWidth + 1) {
    clipped.push(`"${said(e)}" is cut off by its box`);
  } else if ((text || ['IMG', 'CANVAS', 'BUTTON', 'SELECT', 'INPUT'].includes(e.tagName))
             && e.getBoundingClientRect().right > view + 1 && !scrolls(e)) {
    clipped.push(`"${said(e)}" runs past the window's edge`);
  }
}
// A panel's picture says which of its labels it drew past its edge (live.js).
for (const c of main.querySelectorAll('canvas[data-clipped]')) {
  clipped.push(`the panel's picture cuts off its label "${c.dataset.clipped}"`);
}

// Each chart and picture as shown: its own width and its width on screen.
const pictures = [...main.querySelectorAll('img')].filter(seen).map(i => ({
  src: i.src || i.dataset.film || '',
  own: i.naturalWidth || Number(i.getAttribute('width')) || 0,
  shown: i.getBoundingClientRect().width,
}));

// A film beside its still, where the two should stand one above the other.
const pairs = [...main.querySelectorAll('.pair')].filter(p => {
  const k = [...p.children].filter(seen).map(c => c.getBoundingClientRect().top);
  return k.length > 1 && Math.abs(k[0] - k[1]) < 1;
}).length;

return {
  window: window.innerWidth,
  overflow: document.documentElement.scrollWidth > view + 1,
  wide, clipped, pictures, pairs,
};
