import type { Page } from 'puppeteer';
import { chromiumProcess } from '../pool/chromium-process';
import type { PoolLogger } from '../pool/pool-browser';
import { pageSession } from './page-session';
import { withTimeout } from '../../../with-timeout';

// The two ways a pool page ends a use: reset for the next render, or closed.

/**
 * Closes a page; `stuck` first interrupts whatever script it runs, since closing a busy renderer can hang. A page
 * that will not close within `timeoutMs` means a wedged renderer: its browser is killed (the pool relaunches it).
 */
export async function closePage(page: Page, o: { stuck: boolean; timeoutMs: number; poolClosed: () => boolean; logger?: PoolLogger }): Promise<void> {
  if (page.isClosed()) return;
  if (o.stuck) {
    await withTimeout(
      pageSession(page).then((s) => s.send('Runtime.terminateExecution')),
      1_000,
    ).catch(() => undefined);
  }
  try {
    await withTimeout(page.close({ runBeforeUnload: false }), o.timeoutMs);
  } catch (err) {
    const browser = page.browser();
    if (!browser.connected || o.poolClosed()) return;
    // restarting the browser is the only sure cleanup
    o.logger?.error({ err: (err as Error).message }, 'page did not close; restarting chromium');
    chromiumProcess.kill(browser);
  }
}

/** Makes a used page ready for its next render: interception off, and a fresh about:blank document. */
export async function resetPage(page: Page, timeoutMs: number): Promise<void> {
  await withTimeout(
    (async () => {
      await page.setRequestInterception(false);
      // a fresh about:blank document drops the template's timers, listeners and globals
      await page.goto('about:blank', { timeout: timeoutMs });
    })(),
    timeoutMs,
  );
}
