/**
 * Puts markup first in the document's <head>: after a leading <meta charset> (which should stay in the first 1024
 * bytes), else right after <html>/doctype. Never before the doctype: that would flip the document into quirks mode.
 * Ahead of a <meta> CSP, the markup is also outside that policy.
 */
export function injectFirstInHead(html: string, markup: string): string {
  const anchors = [/<head(?:\s[^>]*)?>\s*<meta\s+charset\s*=[^>]*>/i, /<head(?:\s[^>]*)?>/i, /<html(?:\s[^>]*)?>/i, /<!doctype[^>]*>/i];
  for (const re of anchors) {
    const m = re.exec(html);
    if (m) {
      const at = m.index + m[0].length;
      return html.slice(0, at) + markup + html.slice(at);
    }
  }
  return markup + html;
}
