import fs from 'node:fs';
import path from 'node:path';
import puppeteer, { type Browser, type Page } from 'puppeteer';
import { workerSettings } from '../bench/stack-probe';

/** Real Chromium, the same binary the render worker runs (never a downloaded one). */
export async function launchBrowser(): Promise<Browser> {
  const { chromiumPath } = await workerSettings();
  return puppeteer.launch({
    executablePath: chromiumPath,
    headless: true,
    args: ['--no-sandbox', '--disable-dev-shm-usage', '--font-render-hinting=none'],
    defaultViewport: { width: 1280, height: 860, deviceScaleFactor: 1 },
  });
}

/** The bytes behind an <img> of the page (blob: or same-origin URL), fetched inside the page. */
export async function imageBytes(page: Page, selector: string): Promise<Buffer> {
  const b64 = await page.$eval(selector, async (img) => {
    const res = await fetch((img as unknown as { src: string }).src);
    const bytes = new Uint8Array(await res.arrayBuffer());
    let s = '';
    for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    return btoa(s);
  });
  return Buffer.from(b64, 'base64');
}

export const SCREENSHOT_DIR = path.resolve(__dirname, '../../../docs/studio');

/** Screenshots for docs/studio.md, taken from the real page by the suite. */
export async function screenshot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`) as `${string}.png`, fullPage: false });
}
