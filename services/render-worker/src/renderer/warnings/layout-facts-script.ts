/** Which placeholders bind text (text, number) and which bind images: the page cannot tell them apart by itself. */
export interface PlaceholderKinds {
  text: string[];
  image: string[];
}

/** What the page reports about one placeholder element or <img> after layout (fit applied, images decoded). */
export interface LayoutFacts {
  texts: Array<{ placeholder: string; text: string; overflow: boolean; fontPx: number; minPx: number | null }>;
  images: Array<{
    placeholder: string | null;
    /** '' when the element has no source at all. */
    src: string;
    /** 0 x 0 when the source did not decode. */
    naturalWidth: number;
    naturalHeight: number;
    /** How many times larger than its natural size the image is drawn (object-fit applied); 0 when not drawn. */
    scale: number;
  }>;
  /** URLs of the document's @font-face files (uploaded fonts), for glyph coverage; the page script only. */
  fontUrls?: string[];
}

/*
 * Runs in the page at the end of waitForPageReady's evaluate (no round trip of its own): by then fonts are loaded,
 * images decoded and shrink-to-fit applied, so the boxes are the ones the capture shows. It only reads layout (no writes), so it adds one forced
 * layout at most, which the capture needs anyway. Plain ES2017 in a string, like the other page scripts.
 */
const FACTS_FN = `function (kinds, skip) {
  var textNames = new Set(kinds.text), imageNames = new Set(kinds.image);
  var out = { texts: [], images: [] };
  var named = document.querySelectorAll('[data-placeholder]');
  for (var i = 0; i < named.length && out.texts.length < 200; i++) {
    var el = named[i], name = (el.getAttribute('data-placeholder') || '').trim();
    var tag = el.tagName.toLowerCase();
    if (textNames.has(name) && tag !== 'img') {
      var boxed = el.clientWidth > 0 || el.clientHeight > 0;
      var overflow = boxed && (el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1);
      var min = el.getAttribute('data-fit-min');
      out.texts.push({ placeholder: name, text: (el.textContent || '').slice(0, 2000), overflow: overflow,
        fontPx: parseFloat(getComputedStyle(el).fontSize) || 0, minPx: min === null ? null : (parseFloat(min) || null) });
    } else if (imageNames.has(name) && tag !== 'img' && tag !== 'image') {
      var bg = getComputedStyle(el).backgroundImage;
      if (!bg || bg === 'none') out.images.push({ placeholder: name, src: '', naturalWidth: 0, naturalHeight: 0, scale: 0 });
    }
  }
  var imgs = document.images;
  for (var j = 0; j < imgs.length && out.images.length < 200; j++) {
    var img = imgs[j];
    if (skip && skip.has(img)) continue; // a hidden broken image: the readiness check reports it (resource-verdict.ts)
    var owner = img.closest('[data-placeholder]');
    var ph = owner ? (owner.getAttribute('data-placeholder') || '').trim() : null;
    var src = img.currentSrc || img.getAttribute('src') || '';
    var nw = img.naturalWidth, nh = img.naturalHeight, w = img.clientWidth, h = img.clientHeight;
    var scale = 0;
    if (nw > 0 && nh > 0 && w > 0 && h > 0) {
      var sx = w / nw, sy = h / nh, fit = getComputedStyle(img).objectFit;
      scale = fit === 'contain' ? Math.min(sx, sy) : fit === 'none' ? 1 : fit === 'scale-down' ? Math.min(1, sx, sy) : Math.max(sx, sy);
    }
    out.images.push({ placeholder: ph, src: src.slice(0, 200), naturalWidth: nw, naturalHeight: nh, scale: scale });
  }
  out.fontUrls = [];
  var urlRe = /url\\(\\s*(['"]?)(.*?)\\1\\s*\\)/g, sheets = document.styleSheets;
  for (var s = 0; s < sheets.length; s++) {
    var rules;
    try { rules = sheets[s].cssRules; } catch (e) { continue; }
    for (var r = 0; r < rules.length && out.fontUrls.length < 20; r++) {
      if (rules[r].type !== 5) continue; // CSSRule.FONT_FACE_RULE
      var m, src2 = rules[r].style.getPropertyValue('src');
      urlRe.lastIndex = 0;
      while ((m = urlRe.exec(src2)) !== null) {
        try { out.fontUrls.push(new URL(m[2], sheets[s].href || document.baseURI).href); } catch (e) { /* relative on about:blank */ }
      }
    }
  }
  return out;
}`;

/**
 * The expression page.evaluate runs: the facts function applied to the kinds; `skipVar` names a Set of <img>
 * elements in scope that are left out.
 */
export const layoutFactsScript = (kinds: PlaceholderKinds, skipVar?: string): string => `(${FACTS_FN})(${JSON.stringify(kinds)}${skipVar ? `, ${skipVar}` : ''})`;
