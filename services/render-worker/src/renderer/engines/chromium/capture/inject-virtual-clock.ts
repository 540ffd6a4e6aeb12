import { injectFirstInHead } from '../pages/inject-first-in-head';
import { virtualClockScript } from './virtual-clock-script';

/** Fixed default epoch so every chunk of a render (and every retry) sees the same Date.now(). */
export const DEFAULT_CLOCK_EPOCH_MS = Date.UTC(2025, 0, 1);

/** Puts the virtual clock before any template script: first in <head> (injectFirstInHead). */
export function injectVirtualClock(html: string, opts: { epochMs?: number } = {}): string {
  return injectFirstInHead(html, `<script>${virtualClockScript(opts.epochMs ?? DEFAULT_CLOCK_EPOCH_MS)}</script>`);
}
