import type { CssUrl } from './css-urls';

/** `@import url(x)`, `@import "x"`, `@import 'x'`, with what follows up to its `;` (media queries, layer ...). */
const IMPORT = /@import\s+(?:url\(\s*(?:"([^"]*)"|'([^']*)'|([^)\s'"]*))\s*\)|"([^"]*)"|'([^']*)')[^;]*;?/gi;

/**
 * Every `@import` of a stylesheet: the URL it names (trimmed) and where the whole statement stands. The one reader
 * of `@import` for the gate, the native engine and pinning.
 */
export function cssImports(css: string): CssUrl[] {
  return [...css.matchAll(IMPORT)].map((m) => ({ url: (m[1] ?? m[2] ?? m[3] ?? m[4] ?? m[5] ?? '').trim(), start: m.index, end: m.index + m[0].length }));
}
