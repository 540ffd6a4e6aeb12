import type { Root, Rule } from 'postcss';
import { hasCssMath, normalizeCss, parseCss, resolveCssMath, type Viewport } from '@rp/engine-gate';

/** Each `min()`, `max()` and `clamp()` takumi would drop, written as what it computes to on this canvas (css-math.ts). */
function resolveMath(root: Root, viewport: Viewport | undefined): Root {
  if (!viewport) return root;
  root.walkDecls((d) => {
    const resolved = hasCssMath(d.value) ? resolveCssMath(d.value, viewport) : null;
    if (resolved !== null) d.value = resolved;
  });
  return root;
}

/**
 * A stylesheet's text, or a `style` attribute's (`attribute`), as the static gate judged it (@rp/engine-gate
 * parseCss and normalizeCss: syntax errors recovered from and print rules gone as Chromium does, prefixed aliases
 * read as Chromium reads them, overridden declarations dropped, the line-clamp idiom as `line-clamp`), so the native
 * engine draws what the gate judged, with the math functions the gate let through computed on the canvas
 * (`viewport`). Text that still cannot be read is left as written (the gate sent such a version to Chromium).
 */
export function normalizedCss(text: string, attribute = false, viewport?: Viewport): string {
  try {
    if (!attribute) return resolveMath(normalizeCss(parseCss(text)), viewport).toString();
    const root = resolveMath(normalizeCss(parseCss(`x{${text}}`)), viewport);
    if (root.nodes.length !== 1 || root.first?.type !== 'rule') return text;
    return (root.first as Rule).nodes.map((n) => n.toString()).join(';');
  } catch {
    return text;
  }
}
