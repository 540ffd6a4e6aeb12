import postcss, { type Rule } from 'postcss';
import { normalizeCss, parseCss } from '@rp/engine-gate';

/**
 * A stylesheet's text, or a `style` attribute's (`attribute`), as the static gate judged it (@rp/engine-gate
 * normalizeCss: print rules gone, prefixed aliases read as Chromium reads them, overridden declarations dropped, the
 * line-clamp idiom as `line-clamp`), so the native engine draws what the gate judged. Text postcss cannot read is
 * left as written (the gate sent such a version to Chromium).
 */
export function normalizedCss(text: string, attribute = false): string {
  try {
    if (!attribute) return normalizeCss(parseCss(text)).toString();
    const root = normalizeCss(postcss.parse(`x{${text}}`));
    if (root.nodes.length !== 1 || root.first?.type !== 'rule') return text;
    return (root.first as Rule).nodes.map((n) => n.toString()).join(';');
  } catch {
    return text;
  }
}
