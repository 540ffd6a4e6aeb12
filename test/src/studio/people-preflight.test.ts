import type { Browser, Page } from 'puppeteer';
import { closeTestDb, decodePng, imageBytes, launchBrowser, newOrg, screenshot, solidPng, stackInfo, type TestOrg } from '../index';

// The studio's people view runs a preflight in real Chromium against the real stack and lists who needs attention,
// each with a preview the API rendered.
jest.setTimeout(5 * 60_000);
declare const sessionStorage: any;

describe('studio people preflight', () => {
  let org: TestOrg;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    org = await newOrg();
    const tpl = await org.api.post('/v1/templates', {
      name: 'Birthday card',
      type: 'image',
      width: 240,
      height: 120,
      composition_html: `<div data-placeholder="first_name" style="width:220px;height:40px;font:bold 30px sans-serif;white-space:nowrap;background:#fff">x</div>
<img data-placeholder="photo" style="width:60px;height:60px" src="">`,
      placeholders: [
        { name: 'first_name', type: 'text', default: 'x' },
        { name: 'photo', type: 'image', default: null },
      ],
    });
    expect(tpl.status).toBe(201);
    const photo = await org.api.post('/v1/assets', solidPng(60, 60, [0, 0, 255]), { 'content-type': 'image/png' });
    for (const p of [
      { first_name: 'Ada', photo_asset_id: photo.body.id },
      { first_name: 'Maximiliane-Josephine Alexandra', photo_asset_id: photo.body.id },
      { first_name: 'Alan' },
    ]) {
      expect((await org.api.post('/v1/people', p)).status).toBe(201);
    }
    browser = await launchBrowser();
    page = await browser.newPage();
  });
  afterAll(async () => {
    await browser?.close();
    await closeTestDb();
  });

  test('the flagged people are listed with their warnings and a preview', async () => {
    await page.goto(`${stackInfo().apiUrl}/studio`, { waitUntil: 'domcontentloaded' });
    await page.waitForSelector('#api-key');
    await page.type('#api-key', org.key);
    await page.click('#sign-in');
    await page.waitForSelector('#templates-table');
    expect(await page.evaluate(() => sessionStorage.getItem('rp-studio-key'))).toBe(org.key);
    await page.goto(`${stackInfo().apiUrl}/studio#/people`, { waitUntil: 'domcontentloaded' });
    await page.waitForSelector('#people-table');
    await page.waitForSelector('#preflight-template option:nth-child(2)');
    const value = await page.$eval('#preflight-template option:nth-child(2)', (o: any) => o.value);
    await page.select('#preflight-template', value);
    await page.click('#preflight-run');
    await page.waitForSelector('#preflight-summary', { timeout: 120_000 });
    expect(await page.$eval('#preflight-summary', (el: any) => el.getAttribute('data-flagged'))).toBe('2');
    const rows = await page.$$eval('#preflight-table tbody tr', (trs: any[]) =>
      trs.map((tr) => ({ name: tr.children[0].textContent, codes: Array.from(tr.querySelectorAll('li')).map((li: any) => li.getAttribute('data-code')) })),
    );
    expect(rows).toEqual([
      { name: 'Maximiliane-Josephine Alexandra', codes: ['text_overflow'] },
      { name: 'Alan', codes: ['image_missing'] },
    ]);
    await page.waitForFunction(() => (globalThis as any).document.querySelectorAll('#preflight-table img.preflight-preview').length === 2, { timeout: 120_000 });
    const preview = decodePng(await imageBytes(page, '#preflight-table tbody tr:first-child img.preflight-preview'));
    expect([preview.width, preview.height]).toEqual([240, 120]);
    // the flagged person with a photo: its blue box is in the preview
    expect(preview.pixel(30, 75).slice(0, 3)).toEqual([0, 0, 255]);
    await screenshot(page, 'people-preflight');
  });
});
