import type { Root, Rule } from 'postcss';
import { hasCssMath, normalizeCss, parseCss, resolveCssMath, splitTopLevel, stillStateSelector, TAKUMI_UNREAD_INITIALS, type Viewport } from '@rp/engine-gate';

/** A `background` shorthand without `scroll`: the initial attachment, which takumi fails to read. */
const withoutScroll = (value: string) =>
  splitTopLevel(value, ',').map((layer) => splitTopLevel(layer.trim(), ' ').filter((t) => t.toLowerCase() !== 'scroll').join(' ')).join(', ');

/**
 * Each value and selector takumi would drop or fail on, written as one it reads that means the same: a property's initial value
 * it does not read (TAKUMI_UNREAD_INITIALS) as `initial`, `scroll` out of a background, and `min()`, `max()` and
 * `clamp()` as what they compute to on the canvas (css-math.ts; left as written without one); and each selector
 * with a link or user-action state as what it selects in a still render (stillStateSelector), since takumi drops
 * the whole rule over one of them.
 */
function takumiReadable(root: Root, viewport: Viewport | undefined): Root {
  root.walkDecls((d) => {
    const prop = d.prop.toLowerCase();
    if (TAKUMI_UNREAD_INITIALS[prop] === d.value.trim().toLowerCase()) d.value = 'initial';
    else if (prop === 'background' && /\bscroll\b/i.test(d.value)) d.value = withoutScroll(d.value);
    else if (viewport && hasCssMath(d.value)) d.value = resolveCssMath(d.value, viewport) ?? d.value;
  });
  root.walkRules((r) => {
    r.selector = stillStateSelector(r.selector);
  });
  return root;
}

/**
 * A stylesheet's text, or a `style` attribute's (`attribute`), as the static gate judged it (@rp/engine-gate
 * parseCss and normalizeCss: syntax errors recovered from and print rules gone as Chromium does, prefixed aliases
 * read as Chromium reads them, overridden declarations dropped, the line-clamp idiom as `line-clamp`), so the native
 * engine draws what the gate judged, in values takumi reads (takumiReadable; the math functions on the canvas,
 * `viewport`). Text that still cannot be read is left as written (the gate sent such a version to Chromium).
 */
export function normalizedCss(text: string, attribute = false, viewport?: Viewport): string {
  try {
    if (!attribute) return takumiReadable(normalizeCss(parseCss(text)), viewport).toString();
    const root = takumiReadable(normalizeCss(parseCss(`x{${text}}`)), viewport);
    if (root.nodes.length !== 1 || root.first?.type !== 'rule') return text;
    return (root.first as Rule).nodes.map((n) => n.toString()).join(';');
  } catch {
    return text;
  }
}
