import type { Browser, Page } from 'puppeteer';
import { compileDesign } from '@rp/design';
import {
  BIRTHDAY_BOXES, closeTestDb, decodePng, fetchBytes, launchBrowser, newOrg, screenshot, solidPng, stackInfo, waitFor, waitForRender,
  type TestOrg,
} from '../index';

// The visual editor in real Chromium against the real stack (docs/studio.md "Visual editor"): the birthday card is
// built from nothing with the mouse (handles found on the page, moves in steps), saved, decided by `auto` and
// rendered; the PNG is decoded to check where the boxes landed.
jest.setTimeout(10 * 60_000);

declare const document: any;
declare const location: any;

type Pt = { x: number; y: number };
const RED = [0xe9, 0x45, 0x60];
/** Each channel of `b` within `tol` of `a`'s (a decoded pixel has alpha; `b` may leave it out). */
const close = (a: number[], b: number[], tol = 40) => b.every((v, i) => Math.abs(a[i]! - v) <= tol);

describe('design editor', () => {
  let org: TestOrg;
  let browser: Browser;
  let page: Page;
  let templateId: string;

  beforeAll(async () => {
    org = await newOrg();
    // one image asset of the org: the editor's Image button places the newest
    const up = await org.api.request('POST', '/v1/assets', solidPng(64, 64, [0, 200, 0]), { 'content-type': 'image/png' });
    expect(up.status).toBe(201);
    browser = await launchBrowser();
    page = await browser.newPage();
    await page.setViewport({ width: 1900, height: 1500, deviceScaleFactor: 1 });
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

  /** Canvas px → page px, from the stage's place and zoom on the page. */
  const screen = async (p: Pt): Promise<Pt> => {
    const s = await page.$eval('#design-stage', (el: any) => ({ r: el.getBoundingClientRect().toJSON(), z: Number(el.getAttribute('data-zoom')) }));
    return { x: s.r.left + p.x * s.z, y: s.r.top + p.y * s.z };
  };
  const drag = async (from: Pt, to: Pt) => {
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    await page.mouse.move(to.x, to.y, { steps: 15 });
    await page.mouse.up();
  };
  const handle = async (name: string): Promise<Pt> => {
    const b = (await (await page.waitForSelector(`.handle[data-handle="${name}"]`))!.boundingBox())!;
    return { x: b.x + b.width / 2, y: b.y + b.height / 2 };
  };
  const box = async () => {
    const v = await Promise.all(['x', 'y', 'w', 'h'].map((k) => page.$eval(`#prop-${k}`, (el: any) => Number(el.value))));
    return { x: v[0]!, y: v[1]!, width: v[2]!, height: v[3]! };
  };
  const setValue = async (sel: string, value: string) => {
    await page.click(sel, { clickCount: 3 });
    await page.type(sel, value);
    await page.keyboard.press('Tab');
  };
  /** The selected layer's box by mouse: its `se` handle to the target size, then its body to the target place, then arrow nudges for what snapping or rounding left. */
  const place = async (target: { x: number; y: number; width: number; height: number }) => {
    const b0 = await box();
    const se = await handle('se');
    const corner = await screen({ x: b0.x + b0.width, y: b0.y + b0.height });
    const goal = await screen({ x: b0.x + target.width, y: b0.y + target.height });
    await drag(se, { x: se.x + goal.x - corner.x, y: se.y + goal.y - corner.y });
    const b1 = await box();
    const from = await screen({ x: b1.x + b1.width / 2, y: b1.y + b1.height / 2 });
    const to = await screen({ x: target.x + target.width / 2, y: target.y + target.height / 2 });
    await drag(from, to);
    const b2 = await box();
    await page.focus('.design-viewport');
    for (const [d, plus, minus] of [[target.x - b2.x, 'ArrowRight', 'ArrowLeft'], [target.y - b2.y, 'ArrowDown', 'ArrowUp']] as const) {
      for (let i = 0; i < Math.round(Math.abs(d)); i++) await page.keyboard.press(d > 0 ? plus : minus);
    }
    const b = await box();
    for (const k of ['x', 'y', 'width', 'height'] as const) expect(Math.abs(b[k] - target[k])).toBeLessThanOrEqual(2);
  };

  test('build the birthday card with the mouse, save it', async () => {
    await page.goto(`${stackInfo().apiUrl}/studio#/templates/new/design`, { waitUntil: 'domcontentloaded' });
    await page.waitForSelector('#design-stage');
    await page.click('#zoom-100');
    await page.select('#doc-background-kind', 'gradient');
    await setValue('#doc-background-angle', '160');
    await setValue('#doc-background-stop-0', '#1d2b64');
    await setValue('#doc-background-stop-1', '#f8cdda');

    // the round photo, bound to an image placeholder
    await page.waitForSelector('#add-image[data-assets="1"]');
    await page.click('#add-image');
    await place(BIRTHDAY_BOXES.photo);
    await setValue('#prop-radius', '150');
    await setValue('#bind-src', 'photo');

    // the name, bound to a text placeholder, fitted
    await page.click('#add-text');
    await place(BIRTHDAY_BOXES.name);
    await setValue('#prop-text', 'Anna');
    await setValue('#prop-font-size', '88');
    await page.select('#prop-font-weight', '700');
    await setValue('#prop-color', '#ffffff');
    await page.select('#prop-align', 'center');
    await page.select('#prop-overflow', 'fit');
    await setValue('#prop-fit-min', '28');
    await setValue('#bind-text', 'name');

    // the badge, rotated with its handle
    await page.click('#add-rect');
    await place(BIRTHDAY_BOXES.badge);
    await setValue('#prop-fill', '#e94560');
    await setValue('#prop-radius', '45');
    const b = BIRTHDAY_BOXES.badge;
    const centre = await screen({ x: b.x + b.width / 2, y: b.y + b.height / 2 });
    const rad = (12 * Math.PI) / 180;
    await drag(await handle('rotate'), { x: centre.x + 100 * Math.sin(rad), y: centre.y - 100 * Math.cos(rad) });
    const rotation = await page.$eval('#prop-rotation', (el: any) => Number(el.value));
    expect(Math.abs(rotation - 12)).toBeLessThanOrEqual(1);

    // the footer
    await page.click('#add-text');
    await place(BIRTHDAY_BOXES.footer);
    await setValue('#prop-text', 'with love from the team');
    await setValue('#prop-font-size', '30');
    await setValue('#prop-color', '#1d2b64');
    await setValue('#prop-letter-spacing', '4');
    await page.select('#prop-transform', 'uppercase');
    await page.select('#prop-align', 'center');

    // a snap guide shows while a layer is dragged near the canvas centre
    const f = await screen({ x: 540, y: 930 });
    await page.mouse.move(f.x, f.y);
    await page.mouse.down();
    await page.mouse.move(f.x + 3, f.y + 40, { steps: 5 });
    expect(await page.$$eval('.snap-guide[data-axis="x"]', (els: any[]) => els.length)).toBeGreaterThan(0);
    await page.keyboard.press('Escape');
    await page.mouse.up();
    // undo takes the drag back
    await page.focus('.design-viewport');
    await page.keyboard.down('Control');
    await page.keyboard.press('KeyZ');
    await page.keyboard.up('Control');
    await page.click('#layers-list .layer-row[data-layer] .layer-kind');
    await page.waitForSelector('#prop-x');

    await page.click('#save-design');
    await page.waitForFunction(() => /#\/templates\/[0-9a-f-]{36}\/design$/.test(location.hash), { timeout: 30_000 });
    templateId = page.url().split('#/templates/')[1]!.split('/')[0]!;
    await page.waitForSelector('#design-stage');
    await screenshot(page, 'design-editor');
  });

  test('saved as designed: the boxes, the bindings, the compiled HTML; auto decides native with parity', async () => {
    const t = (await org.api.get(`/v1/templates/${templateId}`)).body;
    expect(t.source).toBe('design');
    expect(t.composition_html).toBe(compileDesign(t.canvas_data));
    expect(t.placeholders.map((p: { name: string; type: string }) => [p.name, p.type])).toEqual([['photo', 'image'], ['name', 'text']]);
    const [photo, name, badge, footer] = t.canvas_data.layers;
    for (const [l, want] of [[photo, BIRTHDAY_BOXES.photo], [name, BIRTHDAY_BOXES.name], [badge, BIRTHDAY_BOXES.badge], [footer, BIRTHDAY_BOXES.footer]] as const) {
      for (const k of ['x', 'y', 'width', 'height'] as const) expect(Math.abs(l[k] - want[k])).toBeLessThanOrEqual(2);
    }
    expect(name.overflow).toEqual({ mode: 'fit', min_size: 28 });
    const decision = await waitFor(async () => {
      const d = (await org.api.get(`/v1/templates/${templateId}`)).body.engine_decision;
      return d.reason === 'parity_pending' ? null : d;
    }, { timeoutMs: 180_000, everyMs: 500, what: 'the engine decision' });
    expect({ engine: decision.engine, reason: decision.reason }).toEqual({ engine: 'native', reason: 'parity_passed' });
  });

  test('rendered through the API: boxes in place, the badge rotated, the long name fitted inside its box', async () => {
    const long = 'Happy birthday, Maximilian-Alexander Bartholomew!';
    const res = await org.api.post('/v1/images', { template_id: templateId, modifications: [{ name: 'name', text: long }] });
    expect(res.status).toBe(202);
    const done = await waitForRender(org.api, 'image', res.body.id);
    expect(done.status).toBe('completed');
    const png = decodePng((await fetchBytes(done.result_url)).body);
    const p = BIRTHDAY_BOXES.photo;
    // the photo (solid green) spans its box on the middle row and column, and its corners are cut round
    const green = (x: number, y: number) => close(png.pixel(x, y), [0, 200, 0], 30);
    const row = [...Array(1080).keys()].filter((x) => green(x, p.y + p.height / 2));
    const col = [...Array(1080).keys()].filter((y) => green(p.x + p.width / 2, y));
    expect(Math.abs(row[0]! - p.x)).toBeLessThanOrEqual(2);
    expect(Math.abs(row.at(-1)! - (p.x + p.width - 1))).toBeLessThanOrEqual(2);
    expect(Math.abs(col[0]! - p.y)).toBeLessThanOrEqual(2);
    expect(Math.abs(col.at(-1)! - (p.y + p.height - 1))).toBeLessThanOrEqual(2);
    expect(green(p.x + 5, p.y + 5)).toBe(false);
    // the badge: red where only the rotated box reaches, not where only the unrotated one does
    const b = BIRTHDAY_BOXES.badge;
    const at = (lx: number, ly: number) => {
      const r = (12 * Math.PI) / 180;
      const cx = b.x + b.width / 2;
      const cy = b.y + b.height / 2;
      return png.pixel(Math.round(cx + lx * Math.cos(r) - ly * Math.sin(r)), Math.round(cy + lx * Math.sin(r) + ly * Math.cos(r)));
    };
    expect(close(at(60, 40), RED)).toBe(true);
    expect(close(at(-60, -40), RED)).toBe(true);
    expect(close(png.pixel(925, 92), RED)).toBe(false);
    // the fitted name: white text inside its box, none in the bands just outside it
    const n = BIRTHDAY_BOXES.name;
    const white = (x0: number, y0: number, w: number, h: number) => {
      let c = 0;
      for (let y = y0; y < y0 + h; y++) for (let x = x0; x < x0 + w; x++) if (png.pixel(x, y).slice(0, 3).every((v) => v > 235)) c++;
      return c;
    };
    expect(white(n.x, n.y, n.width, n.height)).toBeGreaterThan(1000);
    expect(white(n.x, n.y - 20, n.width, 18) + white(n.x, n.y + n.height + 2, n.width, 18)).toBe(0);
    expect(white(n.x - 30, n.y, 28, n.height) + white(n.x + n.width + 2, n.y, 28, n.height)).toBe(0);
  });

  test('a hand-written template opens in the code editor with a message', async () => {
    const t = await org.api.post('/v1/templates', { name: 'hand', type: 'image', width: 100, height: 100, composition_html: '<p>x</p>' });
    await page.goto(`${stackInfo().apiUrl}/studio#/templates/${t.body.id}/design`, { waitUntil: 'domcontentloaded' });
    const msg = await page.waitForSelector('#not-designed');
    expect(await msg!.evaluate((el: any) => el.textContent)).toContain('written by hand');
    expect(await page.$eval('#not-designed a', (el: any) => el.getAttribute('href'))).toBe(`#/templates/${t.body.id}`);
  });
});

