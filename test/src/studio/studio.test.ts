import type { Browser, Page } from 'puppeteer';
import {
  closeTestDb,
  decodePng,
  imageBytes,
  launchBrowser,
  newOrg,
  screenshot,
  solidPng,
  stackInfo,
  startFixtureServer,
  waitFor,
  type FixtureServer,
  type TestOrg,
} from '../index';

// The studio end to end in real Chromium against the real stack: sign in, build a template with its live preview,
// render it, watch a collection, redeliver a failed delivery. It also takes the screenshots of docs/studio.md.
jest.setTimeout(10 * 60_000);

// page-side code below runs in Chromium; the test project has no DOM typings, so these stay loose
declare const document: any;
declare const sessionStorage: any;
declare function getComputedStyle(el: any): any;
type Element = any;

const GREEN_HTML = `<div style="position:absolute;inset:0;display:flex;align-items:center;justify-content:center;background:#16a34a">
  <h1 data-placeholder="title" style="color:#fff;font:bold 64px sans-serif">Hello</h1>
</div>`;
const near = (actual: number[], expected: number[], tol = 30) => actual.every((v, i) => Math.abs(v - expected[i]!) <= tol);

describe('template studio', () => {
  let org: TestOrg;
  let browser: Browser;
  let page: Page;
  let receiver: FixtureServer;
  let receiverStatus = 500;
  let templateId: string;
  let webhookId: string;

  beforeAll(async () => {
    org = await newOrg();
    receiver = await startFixtureServer((req, res) => {
      req.resume();
      req.on('end', () => res.writeHead(receiverStatus).end(receiverStatus === 200 ? 'ok' : 'receiver down'));
    });
    const hook = await org.api.post('/v1/webhooks', { url: `${receiver.url}/hook`, events: ['image.completed'], description: 'studio test' });
    expect(hook.status).toBe(201);
    webhookId = hook.body.id;
    browser = await launchBrowser();
    page = await browser.newPage();
  });
  afterAll(async () => {
    await browser?.close();
    await receiver?.close();
    await closeTestDb();
  });

  const go = (hash: string) => page.goto(`${stackInfo().apiUrl}/studio${hash}`, { waitUntil: 'domcontentloaded' });
  const previewSeq = () => page.$eval('#preview-image', (el) => Number(el.getAttribute('data-seq'))).catch(() => 0);
  // the newest preview after `seq`: its number moved on and no change is waiting for its own preview
  const waitForPreviewAfter = async (seq: number) => {
    await page.waitForFunction(
      (n) => Number(document.querySelector('#preview-image')?.getAttribute('data-seq') ?? 0) > n && document.querySelector('.preview-frame')?.getAttribute('data-pending') === 'false',
      { timeout: 60_000 },
      seq,
    );
    return decodePng(await imageBytes(page, '#preview-image'));
  };

  test('1-2: open /studio and sign in with a key', async () => {
    await go('');
    await page.waitForSelector('#api-key');
    await screenshot(page, 'sign-in');
    await page.type('#api-key', org.key);
    await page.click('#sign-in');
    await page.waitForSelector('#templates-table');
    expect(await page.evaluate(() => sessionStorage.getItem('rp-studio-key'))).toBe(org.key);
  });

  test('3-4: create a template; changing the HTML changes the preview image', async () => {
    await go('#/templates/new');
    const first = await waitForPreviewAfter(0);
    expect(near(first.mean(100, 20, 200, 40), [0x1d, 0x4e, 0xd8])).toBe(true);
    await page.click('#save-template');
    await page.waitForSelector('#publish');
    templateId = page.url().split('#/templates/')[1]!;
    expect(templateId).toMatch(/^[0-9a-f-]{36}$/);

    const seq = await waitForPreviewAfter(0).then(previewSeq);
    await page.click('.cm-content');
    await page.keyboard.down('Control');
    await page.keyboard.press('KeyA');
    await page.keyboard.up('Control');
    await page.keyboard.sendCharacter(GREEN_HTML);
    const second = await waitForPreviewAfter(seq);
    expect(near(second.mean(100, 20, 200, 40), [0x16, 0xa3, 0x4a])).toBe(true);
    await screenshot(page, 'template-editor');
    await page.click('#save-template');
    await page.waitForFunction(() => document.querySelector('.notice')?.textContent?.includes('version 2'));
  });

  test('API errors appear next to the field they name', async () => {
    await page.$eval('#tpl-width', (el) => ((el as unknown as { value: string }).value = ''));
    await page.type('#tpl-width', '9000');
    const msg = await page.waitForSelector('.field-error[data-field="width"]', { timeout: 60_000 });
    expect(await msg!.evaluate((el) => el.textContent)).toContain('8192');
    await screenshot(page, 'field-error');
    await page.$eval('#tpl-width', (el) => ((el as unknown as { value: string }).value = ''));
    await page.type('#tpl-width', '800');
    await page.waitForSelector('.field-error[data-field="width"]', { hidden: true, timeout: 60_000 });
  });

  test('publish, then the version diff and "render this version"', async () => {
    await page.click('#publish');
    await page.waitForSelector('#unpublish');
    await page.select('#diff-from', '1');
    await page.select('#diff-to', '2');
    const diff = await page.$eval('#version-diff', (el) => el.textContent ?? '');
    expect(diff).toContain('- <div style="position:absolute;inset:0;display:flex;align-items:center;justify-content:center;background:#1d4ed8">');
    expect(diff).toContain('+ <div style="position:absolute;inset:0;display:flex;align-items:center;justify-content:center;background:#16a34a">');
    await page.click('.render-version[data-version="1"]');
    await page.waitForSelector('#version-image');
    const v1 = decodePng(await imageBytes(page, '#version-image'));
    expect(near(v1.mean(100, 20, 200, 40), [0x1d, 0x4e, 0xd8])).toBe(true);
    await page.$eval('#versions-title', (el) => el.scrollIntoView());
    await screenshot(page, 'version-history');
  });

  test('5-6: fill a placeholder and render; the render shows completed with its thumbnail', async () => {
    const seq = await previewSeq();
    await page.type('#value-title', 'Studio');
    await waitForPreviewAfter(seq);
    await page.click('#render-template');
    await page.waitForSelector('#renders-table');
    const row = await page.waitForSelector('#renders-table tr[data-status="completed"] img.thumb', { timeout: 120_000 });
    await page.waitForFunction((img) => (img as unknown as { naturalWidth: number }).naturalWidth > 0, {}, row!);
    const renders = await org.api.get('/v1/images');
    expect(renders.body[0]).toMatchObject({ status: 'completed', modifications: [{ name: 'title', text: 'Studio' }] });
    await screenshot(page, 'renders');
  });

  test('a failed render shows its error in the list', async () => {
    const tpl = await org.api.post('/v1/templates', {
      name: 'Photo card',
      type: 'image',
      width: 64,
      height: 64,
      composition_html: '<img data-placeholder="photo" src="" style="width:64px;height:64px">',
      placeholders: [{ name: 'photo', type: 'image', default: null }],
    });
    expect(tpl.status).toBe(201);
    // 127.0.0.1 stays blocked in the test stack (only 127.0.0.2 is allowed)
    const bad = await org.api.post('/v1/images', { template_id: tpl.body.id, modifications: [{ name: 'photo', image_url: 'http://127.0.0.1:9/x.png' }] });
    expect(bad.status).toBe(202);
    await go('#/renders');
    const row = await page.waitForSelector(`#renders-table tr[data-render-id="${bad.body.id}"][data-status="failed"] .render-error`, { timeout: 120_000 });
    expect(await row!.evaluate((el) => el.textContent)).toContain('ssrf_blocked');
  });

  test('7: a collection\'s counter reaches its total live', async () => {
    const items = Array.from({ length: 6 }, (_, i) => ({ modifications: [{ name: 'title', text: `Item ${i + 1}` }] }));
    const created = await org.api.post('/v1/collections', { template_id: templateId, name: 'Studio batch', items });
    expect(created.status).toBe(202);
    await go(`#/collections/${created.body.id}`);
    const seen = new Set<string>();
    await waitFor(
      async () => {
        const c = await page.$eval('#collection-counter', (el) => [el.getAttribute('data-done'), el.getAttribute('data-total')]).catch(() => null);
        if (c) seen.add(c[0]!);
        return c && c[0] === c[1] ? c : null;
      },
      { timeoutMs: 180_000, everyMs: 250, what: 'the collection counter to reach its total' },
    );
    expect(await page.$eval('#collection-counter', (el) => el.textContent)).toBe('6 of 6 done');
    expect(seen.has('6')).toBe(true);
    await page.waitForSelector('.items li[data-status="completed"] img.thumb');
    // each item names its Temporal workflow (docs/operations.md)
    const workflowIds = await page.$$eval('.items li .workflow-id', (els) => els.map((el) => el.textContent));
    expect(workflowIds).toEqual(Array.from({ length: 6 }, (_, i) => `collection-${created.body.id}-item-${i}`));
    await screenshot(page, 'collection');
  });

  test('8: a failed delivery is redelivered from the webhook page', async () => {
    await go(`#/webhooks/${webhookId}`);
    const failed = await page.waitForSelector('#deliveries-table tr[data-status="failed"]', { timeout: 120_000 });
    const deliveryId = await failed!.evaluate((el) => el.getAttribute('data-delivery-id'));
    await failed!.$eval('button.link', (b) => (b as unknown as { click(): void }).click());
    await page.waitForSelector('#attempts-table tbody tr');
    await screenshot(page, 'webhook-deliveries');
    receiverStatus = 200;
    await failed!.$eval('button.redeliver', (b) => (b as unknown as { click(): void }).click());
    await page.waitForSelector(`#deliveries-table tr[data-delivery-id="${deliveryId}"][data-status="succeeded"]`, { timeout: 120_000 });
    await page.waitForFunction(() => Array.from(document.querySelectorAll('#attempts-table tbody tr') as any[]).some((tr: any) => tr.firstElementChild?.textContent === '2'));
  });

  test('the people list shows photo thumbnails', async () => {
    const asset = await org.api.request('POST', '/v1/assets?filename=face.png', solidPng(64, 64, [200, 120, 40]), { 'content-type': 'image/png' });
    expect(asset.status).toBe(201);
    expect((await org.api.post('/v1/people', { first_name: 'Ada', last_name: 'Lovelace', position: 'Engineer', photo_asset_id: asset.body.id })).status).toBe(201);
    await go('#/people');
    const img = await page.waitForSelector('#people-table img.thumb');
    await page.waitForFunction((el) => (el as unknown as { naturalWidth: number }).naturalWidth === 64, {}, img!);
    await screenshot(page, 'people');
  });

  test('the templates list filters by name, type and published state', async () => {
    await go('#/templates');
    await page.waitForSelector(`#templates-table tr[data-template-id="${templateId}"]`);
    await page.select('#template-published-filter', 'true');
    await page.waitForFunction(() => document.querySelectorAll('#templates-table tbody tr').length === 1);
    expect(await page.$eval('#templates-table tbody tr', (tr) => tr.getAttribute('data-template-id'))).toBe(templateId);
    await page.select('#template-published-filter', '');
    await page.type('#template-search', 'photo');
    await page.waitForFunction(() => document.querySelectorAll('#templates-table tbody tr').length === 1);
    expect(await page.$eval('#templates-table tbody tr td', (td) => td.textContent)).toBe('Photo card');
    await page.$eval('#template-search', (el) => (el.value = ''));
    await page.type('#template-search', ' ');
    await page.waitForFunction(() => document.querySelectorAll('#templates-table tbody tr').length === 2);
    await screenshot(page, 'templates-list');
  });

  test('labels, keyboard use and visible focus', async () => {
    await go(`#/templates/${templateId}`);
    await page.waitForSelector('#preview-image');
    const unlabelled = await page.$$eval('input, select, textarea, [contenteditable="true"]', (els) =>
      els
        .filter((el) => !((el as unknown as { labels?: unknown[] }).labels?.length || el.getAttribute('aria-label') || el.getAttribute('aria-labelledby')))
        .map((el) => el.outerHTML.slice(0, 80)),
    );
    expect(unlabelled).toEqual([]);
    // Tab from the top reaches the nav, the editor form and the buttons, each with a visible outline
    const visited: string[] = [];
    await page.evaluate(() => (document.activeElement as unknown as { blur(): void } | null)?.blur());
    for (let i = 0; i < 40; i++) {
      await page.keyboard.press('Tab');
      const f = await page.evaluate(() => {
        const el = document.activeElement as unknown as Element | null;
        if (!el || el === document.body) return null;
        // CodeMirror draws the focus ring on the editor around its content element
        const ring = el.closest('.cm-editor') ?? el;
        return { id: el.id || el.textContent?.trim().slice(0, 20) || el.tagName, outline: getComputedStyle(ring).outlineStyle };
      });
      if (!f) continue;
      expect({ el: f.id, outline: f.outline }).toEqual({ el: f.id, outline: expect.not.stringMatching(/^none$/) });
      visited.push(f.id);
    }
    expect(visited).toEqual(expect.arrayContaining(['Templates', 'tpl-name', 'tpl-width', 'tpl-html']));
    // the editor keeps Tab for focus movement: from the HTML editor Tab moves on
    await page.focus('#tpl-html');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.id)).not.toBe('tpl-html');
  });
});
