/** A URL a stylesheet names, as written between the quotes (escapes kept), and where the whole token stands. */
export interface CssUrl {
  url: string;
  /** Offset of the token's first character in the text read. */
  start: number;
  /** Offset just past its last character. */
  end: number;
}

/** A CSS `url(...)` token: quoted either way (escapes inside) or bare. */
const URL_TOKEN = /url\(\s*(?:"((?:[^"\\]|\\.)*)"|'((?:[^'\\]|\\.)*)'|([^)\s'"]*))\s*\)/gi;

/**
 * Every `url(...)` token of a stylesheet or declaration value, in order, its URL trimmed (an empty one, `url("")`,
 * included). The one reader of url() for the gate, the native engine and pinning.
 */
export function cssUrls(css: string): CssUrl[] {
  return [...css.matchAll(URL_TOKEN)].map((m) => ({ url: (m[1] ?? m[2] ?? m[3] ?? '').trim(), start: m.index, end: m.index + m[0].length }));
}
