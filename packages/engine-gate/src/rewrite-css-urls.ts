import { cssUrls } from './css-urls';

/** The text with each `url(...)` token replaced by what `replace` answers for its URL (the token itself: unchanged). */
export function rewriteCssUrls(css: string, replace: (url: string, token: string) => string): string {
  let out = '';
  let at = 0;
  for (const u of cssUrls(css)) {
    out += css.slice(at, u.start) + replace(u.url, css.slice(u.start, u.end));
    at = u.end;
  }
  return out + css.slice(at);
}
