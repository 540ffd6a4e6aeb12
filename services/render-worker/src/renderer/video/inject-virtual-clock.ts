import { virtualClockScript } from './virtual-clock-script';

/** Fixed default epoch so every chunk of a render (and every retry) sees the same Date.now(). */
export const DEFAULT_CLOCK_EPOCH_MS = Date.UTC(2025, 0, 1);

/**
 * Puts the virtual clock before any template script. It goes inside <head> (or right after <html>/doctype): a script
 * before the doctype would flip the document into quirks mode and change layout.
 */
export function injectVirtualClock(html: string, opts: { epochMs?: number } = {}): string {
  const tag = `<script>${virtualClockScript(opts.epochMs ?? DEFAULT_CLOCK_EPOCH_MS)}</script>`;
  for (const re of [/<head(?:\s[^>]*)?>/i, /<html(?:\s[^>]*)?>/i, /<!doctype[^>]*>/i]) {
    const m = re.exec(html);
    if (m) {
      const at = m.index + m[0].length;
      return html.slice(0, at) + tag + html.slice(at);
    }
  }
  return tag + html;
}
