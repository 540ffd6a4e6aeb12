import { virtualClockScript } from './virtual-clock-script';

/** Fixed default epoch so every chunk of a render (and every retry) sees the same Date.now(). */
export const DEFAULT_CLOCK_EPOCH_MS = Date.UTC(2025, 0, 1);

/**
 * Puts the virtual clock before any template script: first in <head> (after a leading <meta charset>, which should
 * stay in the first 1024 bytes), else right after <html>/doctype. Never before the doctype: that would flip the
 * document into quirks mode. Being ahead of a <meta> CSP also keeps the clock outside that policy.
 */
export function injectVirtualClock(html: string, opts: { epochMs?: number } = {}): string {
  const tag = `<script>${virtualClockScript(opts.epochMs ?? DEFAULT_CLOCK_EPOCH_MS)}</script>`;
  const anchors = [/<head(?:\s[^>]*)?>\s*<meta\s+charset\s*=[^>]*>/i, /<head(?:\s[^>]*)?>/i, /<html(?:\s[^>]*)?>/i, /<!doctype[^>]*>/i];
  for (const re of anchors) {
    const m = re.exec(html);
    if (m) {
      const at = m.index + m[0].length;
      return html.slice(0, at) + tag + html.slice(at);
    }
  }
  return tag + html;
}
