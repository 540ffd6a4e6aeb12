/**
 * Browser-side shrink-to-fit, injected into the composed document's <head> (so template markup can never swallow
 * it) and run by waitForPageReady after fonts load, because glyph metrics decide whether a text fits.
 * For every `[data-fit="shrink"]` element that overflows its own box, binary-search the largest font size
 * (down to `data-fit-min` px, default 6) at which the content fits. Plain ES5 in a string: it runs in the page.
 */
export const FIT_TEXT_SCRIPT = `window.__rpFit = function () {
  var els = document.querySelectorAll('[data-fit="shrink" i]');
  for (var i = 0; i < els.length; i++) {
    var el = els[i];
    if (el.clientWidth === 0 && el.clientHeight === 0) continue;
    var fits = function () { return el.scrollWidth <= el.clientWidth + 1 && el.scrollHeight <= el.clientHeight + 1; };
    if (fits()) continue;
    var max = parseFloat(getComputedStyle(el).fontSize) || 16;
    var min = parseFloat(el.getAttribute('data-fit-min')) || 6;
    if (min > max) min = max;
    var lo = min, hi = max;
    for (var n = 0; n < 12 && hi - lo > 0.25; n++) {
      var mid = (lo + hi) / 2;
      el.style.fontSize = mid + 'px';
      if (fits()) lo = mid; else hi = mid;
    }
    el.style.fontSize = lo + 'px';
  }
};`;
