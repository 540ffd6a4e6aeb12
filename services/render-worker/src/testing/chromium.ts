import fs, { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import puppeteer, { type Browser, type Page } from 'puppeteer';
import type { CaptureStrategy } from '@rp/workflow-safe';
import { BASE_CHROME_ARGS, BEGIN_FRAME_CHROME_ARGS, NO_SANDBOX_ARG } from '../renderer';

/** Full Chromium: the screenshot video strategy and the fallback for images. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** chromium-headless-shell: images and the begin-frame video strategy. */
export const HEADLESS_SHELL = process.env.CHROMIUM_HEADLESS_SHELL_PATH ?? '/usr/bin/chromium-headless-shell';

/** What the worker uses for images: headless-shell if installed, else full Chromium (the worker's own order). */
export function chromiumPath(): string {
  const found = [HEADLESS_SHELL, CHROMIUM].find((p) => fs.existsSync(p));
  if (!found) throw new Error('no Chromium found (run scripts/setup.sh)');
  return found;
}

/** Minimal stand-in for the worker's pool: one browser, a fresh page per use. */
export interface TestBrowser {
  browser: Browser;
  withPage<T>(fn: (page: Page) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export async function launchTestBrowser(strategy: CaptureStrategy): Promise<TestBrowser> {
  const userDataDir = mkdtempSync(join(tmpdir(), 'rp-test-chrome-'));
  const browser = await puppeteer.launch({
    executablePath: strategy === 'begin-frame' ? HEADLESS_SHELL : CHROMIUM,
    headless: strategy === 'begin-frame' ? 'shell' : true,
    userDataDir,
    args: [...BASE_CHROME_ARGS, NO_SANDBOX_ARG, ...(strategy === 'begin-frame' ? BEGIN_FRAME_CHROME_ARGS : [])],
  });
  return {
    browser,
    async withPage(fn) {
      // Like the pool: in full Chromium's headless mode only a window's front tab draws.
      const page = await browser.newPage(strategy === 'screenshot' ? { type: 'window' } : undefined);
      try {
        return await fn(page);
      } finally {
        await page.close().catch(() => undefined);
      }
    },
    async close() {
      await browser.close().catch(() => browser.process()?.kill('SIGKILL'));
      rmSync(userDataDir, { recursive: true, force: true });
    },
  };
}
