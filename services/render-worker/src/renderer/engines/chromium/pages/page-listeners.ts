import type { Page } from 'puppeteer';

// Events renderers may listen to; more listeners after a call than before means the caller leaked some.
export const WATCHED_EVENTS = ['request', 'response', 'requestfailed', 'requestfinished', 'console', 'pageerror', 'dialog', 'error', 'load', 'framenavigated'] as const;

/** How many listeners the page has per watched event (taken when the page is made). */
export function listenerCounts(page: Page): Map<string, number> {
  return new Map(WATCHED_EVENTS.map((e) => [e, page.listenerCount(e)]));
}

/** Whether a caller left listeners behind: more on some watched event than the page started with. */
export function leakedListeners(page: Page, baseline: Map<string, number>): boolean {
  return WATCHED_EVENTS.some((e) => page.listenerCount(e) > (baseline.get(e) ?? 0));
}
