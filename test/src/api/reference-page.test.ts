import type { Browser } from 'puppeteer';
import { apiClient, launchBrowser, screenshot, stackInfo } from '../index';

// /docs is Redoc (from npm, served by the API) over the live document. In real Chromium it must show every operation
// of /v1/openapi.json with its request example and its first success response example, loading nothing from elsewhere.
jest.setTimeout(180_000);

/** The first string leaf of an example: a value the rendered JSON sample must contain. */
function firstString(v: unknown): string | null {
  if (typeof v === 'string') return v.length >= 3 && v.length <= 200 ? v : null;
  if (Array.isArray(v)) for (const x of v) { const s = firstString(x); if (s) return s; }
  if (v && typeof v === 'object') for (const x of Object.values(v)) { const s = firstString(x); if (s) return s; }
  return null;
}

describe('the API reference page', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  test('GET /v1/openapi.json answers without a key', async () => {
    const doc = await apiClient(null).get('/v1/openapi.json');
    expect(doc.status).toBe(200);
    expect(doc.body.openapi).toBe('3.1.0');
  });

  test('/docs in Chromium shows every operation with its examples, from the API\'s own files only', async () => {
    const { apiUrl } = stackInfo();
    const doc = (await apiClient(null).get('/v1/openapi.json')).body;
    const page = await browser.newPage();
    const foreign: string[] = [];
    const failed: string[] = [];
    page.on('request', (req) => {
      const url = new URL(req.url());
      if (!['data:', 'blob:'].includes(url.protocol) && url.origin !== new URL(apiUrl).origin) foreign.push(req.url());
    });
    page.on('requestfailed', (req) => failed.push(req.url()));
    await page.goto(`${apiUrl}/docs`, { waitUntil: 'networkidle0' });
    await page.waitForSelector('[data-section-id*="operation/"]', { timeout: 60_000 });

    const missing: string[] = [];
    let operations = 0;
    let examples = 0;
    for (const [path, item] of Object.entries<any>(doc.paths)) {
      for (const [method, op] of Object.entries<any>(item)) {
        operations++;
        const text = await page
          .$eval(`[data-section-id$="operation/${op.operationId}"]`, (el) => el.textContent ?? '')
          .catch(() => null);
        if (text === null) {
          missing.push(`${method} ${path}: no section`);
          continue;
        }
        if (!text.includes(path)) missing.push(`${method} ${path}: path not shown`);
        const wanted: string[] = [];
        const request = op.requestBody?.content?.['application/json']?.example;
        if (request !== undefined) wanted.push(firstString(request) ?? JSON.stringify(request));
        const success = Object.keys(op.responses).filter((s) => /^2/.test(s)).sort();
        const shown = success.map((s) => op.responses[s].content?.['application/json']?.example).find((e) => e !== undefined);
        if (shown !== undefined) wanted.push(firstString(shown) ?? JSON.stringify(shown));
        for (const w of wanted) {
          if (text.includes(w)) examples++;
          else missing.push(`${method} ${path}: example value ${w.slice(0, 60)} not shown`);
        }
      }
    }
    await screenshot(page, 'api-reference');
    expect(missing).toEqual([]);
    expect(operations).toBeGreaterThanOrEqual(36);
    expect(examples).toBeGreaterThanOrEqual(operations);
    expect(foreign).toEqual([]);
    expect(failed).toEqual([]);
    await page.close();
  });
});
