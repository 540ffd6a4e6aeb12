import type { Browser, Page } from 'puppeteer';

const versions = new WeakMap<Browser, Promise<string | null>>();

/** The Chromium version of the page's browser (`131.0.6778.85`), asked once per browser (provenance). */
export function browserVersionOf(page: Page): Promise<string | null> {
  const browser = page.browser();
  let v = versions.get(browser);
  if (!v) {
    v = browser
      .version()
      .then((s) => s.replace(/^[^/]*\//, ''))
      .catch(() => {
        versions.delete(browser);
        return null;
      });
    versions.set(browser, v);
  }
  return v;
}
