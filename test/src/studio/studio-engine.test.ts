import type { Browser, Page } from 'puppeteer';
import { closeTestDb, decodePng, engineCorpus, imageBytes, launchBrowser, newOrg, screenshot, stackInfo, waitFor, type DecodedPng, type TestOrg } from '../index';
import { ANIMATED_TEMPLATES, animatedTemplateHtml } from '../../fixtures/animated-templates/animated-templates';

// The studio's engine panel in real Chromium against the real stack (docs/engines.md): a version's engine and reason,
// and for auto the Chromium reference beside the native render and their difference view, per sample.
jest.setTimeout(5 * 60_000);

declare const document: any;

/** Pixels the difference view marks (red, not grey). */
function marked(png: DecodedPng): number {
  let n = 0;
  for (let y = 0; y < png.height; y++) for (let x = 0; x < png.width; x++) {
    const [r, g, b] = png.pixel(x, y);
    if (r === 255 && g < 200 && g === b) n++;
  }
  return n;
}

describe('studio engine panel', () => {
  let org: TestOrg;
  let browser: Browser;
  let page: Page;
  const create = async (name: string, html: string, width: number, height: number, placeholders: object[], video?: object) => {
    const res = await org.api.post('/v1/templates', { name, type: video ? 'video' : 'image', width, height, composition_html: html, placeholders, ...video });
    expect(res.status).toBe(201);
    await waitFor(async () => ((await org.api.get(`/v1/templates/${res.body.id}`)).body.engine_decision.reason === 'parity_pending' ? null : true), {
      timeoutMs: 90_000, what: 'the engine decision',
    });
    return res.body.id as string;
  };
  const open = async (id: string) => {
    await page.goto(`${stackInfo().apiUrl}/studio#/templates/${id}`, { waitUntil: 'domcontentloaded' });
    await page.waitForSelector('#engine-decision');
    return page.$eval('#engine-decision', (el: any) => ({ engine: el.getAttribute('data-engine'), reason: el.getAttribute('data-reason') }));
  };
  const sampleImages = async (sample: string) => {
    const sel = (cls: string) => `.parity-sample[data-sample="${sample}"] img.${cls}`;
    await page.waitForFunction((s: string) => [...document.querySelectorAll(s)].every((i: any) => i.complete && i.naturalWidth > 0), {}, `.parity-sample[data-sample="${sample}"] img`);
    return {
      chromium: decodePng(await imageBytes(page, sel('parity-chromium'))),
      native: decodePng(await imageBytes(page, sel('parity-native'))),
      diff: decodePng(await imageBytes(page, sel('parity-diff'))),
    };
  };

  beforeAll(async () => {
    org = await newOrg();
    browser = await launchBrowser();
    page = await browser.newPage();
    await page.goto(`${stackInfo().apiUrl}/studio`, { waitUntil: 'domcontentloaded' });
    await page.waitForSelector('#api-key');
    await page.type('#api-key', org.key);
    await page.click('#sign-in');
    await page.waitForSelector('#templates-table');
  });
  afterAll(async () => {
    await browser?.close();
    await closeTestDb();
  });

  test('a template kept native shows both renders per sample, alike, with an almost empty difference view', async () => {
    const og = engineCorpus.find((t) => t.name === 'og-card')!;
    const id = await create(og.name, og.html, og.width, og.height, og.placeholders);
    expect(await open(id)).toEqual({ engine: 'native', reason: 'parity_passed' });
    expect(await page.$$eval('.parity-sample', (els: any[]) => els.map((e) => e.getAttribute('data-sample')))).toEqual(['defaults', 'long-text']);
    const { chromium, native, diff } = await sampleImages('defaults');
    for (const png of [chromium, native, diff]) expect([png.width, png.height]).toEqual([1200, 630]);
    // the gradient's corners: both engines drew the same colours there
    const corner = (p: DecodedPng) => p.mean(4, 4, 40, 40);
    chromium.mean(4, 4, 40, 40).forEach((v, i) => expect(Math.abs(v - corner(native)[i]!)).toBeLessThanOrEqual(6));
    expect(marked(diff)).toBeLessThan(0.05 * 1200 * 630);
    await page.$eval('.engine', (el: any) => el.scrollIntoView());
    await screenshot(page, 'engine-native');
  });

  test('a template kept on Chromium shows why: its long-text sample misses the threshold and its difference view says where', async () => {
    // the badge: its defaults match, but long text overflowing the rotated circle breaks lines differently (docs/engines.md)
    const badge = engineCorpus.find((t) => t.name === 'badge')!;
    const id = await create(badge.name, badge.html, badge.width, badge.height, badge.placeholders);
    expect(await open(id)).toEqual({ engine: 'chromium', reason: 'parity_below_threshold' });
    const meets = (sample: string) => page.$eval(`.parity-sample[data-sample="${sample}"]`, (el: any) => el.getAttribute('data-meets'));
    expect(await meets('defaults')).toBe('true');
    expect(await meets('long-text')).toBe('false');
    const defaults = await sampleImages('defaults');
    const longText = await sampleImages('long-text');
    for (const png of [defaults.diff, longText.diff]) expect([png.width, png.height]).toEqual([600, 600]);
    // the sample that fails marks far more of the canvas than the one that passes (whose marks are the rotated
    // circle's anti-aliased rim): measured 66,605 against 20,217 of 360,000 pixels
    expect(marked(longText.diff)).toBeGreaterThan(0.1 * 600 * 600);
    expect(marked(longText.diff)).toBeGreaterThan(2 * marked(defaults.diff));
    await page.$eval('.parity-sample[data-sample="long-text"]', (el: any) => el.scrollIntoView());
    await screenshot(page, 'engine-below-threshold');
  });

  test('a video template shows its decision and the frames compared at each instant, labelled by time', async () => {
    const t = ANIMATED_TEMPLATES.find((x) => x.name === 'lower-third')!;
    const video = { format: t.format, canvas_data: { duration_seconds: t.duration_seconds, fps: t.fps } };
    const id = await create(t.name, animatedTemplateHtml(t.name), t.width, t.height, t.placeholders, video);
    expect(await open(id)).toEqual(t.expected);
    const samples = await page.$$eval('.parity-sample', (els: any[]) =>
      els.map((e) => ({ sample: e.getAttribute('data-sample'), ms: e.getAttribute('data-instant-ms'), caption: e.querySelector('figcaption').textContent })));
    expect(samples.length).toBeGreaterThanOrEqual(3);
    for (const s of samples) {
      const ms = Number(/^t=(\d+)ms$/.exec(s.sample)![1]);
      expect(s.ms).toBe(String(ms));
      expect(s.caption.startsWith(`frame at ${Number((ms / 1000).toFixed(3))} s: SSIM`)).toBe(true);
    }
    expect(samples[0]!.sample).toBe('t=0ms');
    // the frames are the animation's: at 0 s the bar (#e11d48) is still off the canvas, at the last instant it is in,
    // and both engines drew it there
    const red = (p: DecodedPng) => {
      let n = 0;
      for (let y = 527; y < 600; y += 4) for (let x = 64; x < 360; x += 4) {
        const [r, g, b] = p.pixel(x, y);
        if (r > 180 && g < 80 && b < 120) n++;
      }
      return n;
    };
    const first = await sampleImages('t=0ms');
    const last = await sampleImages(samples[samples.length - 1]!.sample);
    for (const png of [first.chromium, first.native, last.chromium, last.native]) expect([png.width, png.height]).toEqual([t.width, t.height]);
    expect([red(first.chromium), red(first.native)]).toEqual([0, 0]);
    expect(red(last.chromium)).toBeGreaterThan(500);
    expect(Math.abs(red(last.native) - red(last.chromium))).toBeLessThan(0.1 * red(last.chromium));
    await page.$eval('.engine', (el: any) => el.scrollIntoView());
    await screenshot(page, 'engine-video');
  });

  test('a gated template shows its reason and no parity images', async () => {
    const scripted = engineCorpus.find((t) => t.name === 'scripted-counter')!;
    const res = await org.api.post('/v1/templates', { name: scripted.name, type: 'image', width: scripted.width, height: scripted.height, composition_html: scripted.html });
    expect(await open(res.body.id)).toEqual({ engine: 'chromium', reason: 'has_script' });
    expect(await page.$$('.parity-sample')).toHaveLength(0);
    expect(await page.$$('#save-warnings')).toHaveLength(0);
  });

  test('what the save found that will not load is shown above the engine, before any render', async () => {
    const html = '<style>@font-face{font-family:Brand;src:url(fonts/brand.woff2)}</style><img src="//:0" style="display:none"><p style="font-family:Brand,serif">Ada</p>';
    const res = await org.api.post('/v1/templates', { name: 'leftovers', type: 'image', width: 400, height: 200, composition_html: html, engine: 'chromium' });
    expect(res.status).toBe(201);
    await open(res.body.id);
    await page.waitForSelector('#save-warnings li');
    const shown = await page.$$eval('#save-warnings li', (items: any[]) => items.map((li) => [li.getAttribute('data-code'), li.textContent]));
    expect(shown.map(([code]) => code)).toEqual(['font_load_failed', 'image_failed']);
    expect(shown[1]![1]).toContain('it is not shown, so renders go on without it');
    await screenshot(page, 'engine-save-warnings');
  });
});
