import jsQR from 'jsqr';
import type { Browser, Page } from 'puppeteer';
import {
  closeTestDb, decodeFrames, fetchBytes, launchBrowser, newOrg, probeVideo, screenshot, solidPng, stackInfo, waitFor, waitForRender, withTempFile,
  type TestOrg,
} from '../index';
import { PROMO_BOXES, PROMO_FPS, PROMO_SIZE, PROMO_TITLE, PROMO_URL } from '../support/fixtures/designed-promo';

// The timeline of the visual editor in real Chromium against the real stack (docs/studio.md "Timeline"): a 5 s
// promo built from nothing, its motion set with mouse drags on the timeline (a title's slide-in bar moved to 0.5 s
// and lengthened, an image fading in, a QR code bound to `url`), keyframe diamonds added, dragged and undone, the
// canvas scrubbed; saved, decided `native` by auto with parity, rendered as MP4 and decoded frame by frame.
jest.setTimeout(10 * 60_000);

declare const document: any;
declare const location: any;

type Pt = { x: number; y: number };
// the design's boxes and values, shared with the native-video bench that renders the same document
const { width: W, height: H } = PROMO_SIZE;
const FPS = PROMO_FPS;
const { title: TITLE, photo: PHOTO, qr: QR } = PROMO_BOXES;
const URL_VALUE = PROMO_URL;
const URL_RENDERED = 'https://example.test/from-the-api';

/** The leftmost red pixel in the title's rows of an RGB24 frame (the title is red text), or -1. */
function redLeft(frame: Buffer): number {
  for (let x = 0; x < W; x++) for (let y = TITLE.y; y < TITLE.y + TITLE.height; y++) {
    const i = (y * W + x) * 3;
    if (frame[i]! > 150 && frame[i + 1]! < 90 && frame[i + 2]! < 90) return x;
  }
  return -1;
}
const rgbAt = (frame: Buffer, x: number, y: number) => [...frame.subarray((y * W + x) * 3, (y * W + x) * 3 + 3)];

describe('design editor timeline', () => {
  let org: TestOrg;
  let browser: Browser;
  let page: Page;
  let templateId: string;

  beforeAll(async () => {
    org = await newOrg();
    const up = await org.api.request('POST', '/v1/assets', solidPng(64, 64, [0, 200, 0]), { 'content-type': 'image/png' });
    expect(up.status).toBe(201);
    browser = await launchBrowser();
    page = await browser.newPage();
    await page.setViewport({ width: 1600, height: 1400, deviceScaleFactor: 1 });
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

  const drag = async (from: Pt, to: Pt) => {
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    await page.mouse.move(to.x, to.y, { steps: 12 });
    await page.mouse.up();
  };
  const setValue = async (sel: string, value: string) => {
    await page.click(sel, { clickCount: 3 });
    await page.type(sel, value);
    await page.keyboard.press('Tab');
  };
  const setBox = async (b: { x: number; y: number; width: number; height: number }) => {
    for (const [k, v] of [['w', b.width], ['h', b.height], ['x', b.x], ['y', b.y]] as const) await setValue(`#prop-${k}`, String(v));
  };
  /** The timeline scrolled into the window (the mouse reaches only what is shown). */
  const showTimeline = () => page.$eval('.timeline', (el: any) => el.scrollIntoView({ block: 'end' }));
  /** The page x of an instant on the timeline's ruler. */
  const rulerX = async (ms: number) => {
    await showTimeline();
    const r = (await (await page.$('#tl-ruler'))!.boundingBox())!;
    return { x: r.x + (r.width * ms) / 5000, y: r.y + r.height / 2 };
  };
  const centre = async (sel: string): Promise<Pt> => {
    await showTimeline();
    const b = (await (await page.waitForSelector(sel))!.boundingBox())!;
    return { x: b.x + b.width / 2, y: b.y + b.height / 2 };
  };
  const attr = (sel: string, name: string) => page.$eval(sel, (el: any, n: any) => el.getAttribute(n), name);
  const selectedId = () => page.$eval('#layers-list .layer-row[aria-selected="true"]', (el: any) => el.getAttribute('data-layer'));

  test('build the promo with the timeline, scrub, undo, save', async () => {
    await page.goto(`${stackInfo().apiUrl}/studio#/templates/new/design`, { waitUntil: 'domcontentloaded' });
    await page.waitForSelector('#design-stage');
    await page.select('#design-kind', 'video');
    await setValue('#design-width', String(W));
    await setValue('#design-height', String(H));
    await setValue('#design-fps', String(FPS));
    expect(await page.$eval('#design-duration', (el: any) => el.value)).toBe('5');
    await page.waitForSelector('#tl-ruler');

    // the title: red text, a slide from the left whose bar is dragged to start at 0.5 s and lengthened to 0.6 s
    await page.click('#add-text');
    const title = await selectedId();
    await setBox(TITLE);
    await setValue('#prop-text', PROMO_TITLE.text);
    await setValue('#prop-font-size', String(PROMO_TITLE.font_size));
    await page.select('#prop-font-weight', String(PROMO_TITLE.font_weight));
    await setValue('#prop-color', PROMO_TITLE.color);
    await page.select('#tl-enter-preset', 'slide');
    const bar = `.tl-bar[data-layer="${title}"][data-end="enter"]`;
    expect([await attr(bar, 'data-start-ms'), await attr(bar, 'data-duration-ms')]).toEqual(['0', '500']);
    const from = await centre(bar);
    await drag(from, { x: from.x + (await rulerX(500)).x - (await rulerX(0)).x, y: from.y });
    expect(await attr(bar, 'data-start-ms')).toBe('500');
    const end = await centre(`${bar} .tl-resize`);
    await drag(end, { x: end.x + (await rulerX(100)).x - (await rulerX(0)).x, y: end.y });
    expect([await attr(bar, 'data-start-ms'), await attr(bar, 'data-duration-ms')]).toEqual(['500', '600']);
    // undo and redo cover the timeline: the resize undone, then redone
    await page.click('#undo');
    expect(await attr(bar, 'data-duration-ms')).toBe('500');
    await page.click('#redo');
    expect(await attr(bar, 'data-duration-ms')).toBe('600');

    // the playhead scrubs the canvas: the title's element drawn 160 px (its width) further left before its slide
    const titleLeft = () => page.$eval(`#design-stage [id="l-${title}"]`, (el: any) => el.getBoundingClientRect().left - document.querySelector('#design-stage').getBoundingClientRect().left);
    const zoom = Number(await attr('#design-stage', 'data-zoom'));
    await page.mouse.click((await rulerX(250)).x, (await rulerX(250)).y);
    expect(Number(await attr('#tl-playhead', 'data-t-ms'))).toBeCloseTo(250, -1);
    const before = await titleLeft();
    await page.mouse.click((await rulerX(1500)).x, (await rulerX(1500)).y);
    const after = await titleLeft();
    expect(Math.abs(after - before - TITLE.width * zoom)).toBeLessThanOrEqual(2);
    // and back into the slide (an animation paused past its end comes back with the playhead)
    await page.mouse.click((await rulerX(800)).x, (await rulerX(800)).y);
    const mid = await titleLeft();
    expect(mid).toBeGreaterThan(before + 10);
    expect(mid).toBeLessThan(after - 10);

    // the photo fades in over the first half second
    await page.waitForSelector('#add-image[data-assets="1"]');
    await page.click('#add-image');
    await setBox(PHOTO);
    await page.select('#tl-enter-preset', 'fade');

    // the QR code, bound to `url`
    await page.click('#add-qr');
    const qr = await selectedId();
    await setBox(QR);
    await setValue('#prop-qr-value', URL_VALUE);
    await page.select('#prop-qr-level', 'Q');
    await setValue('#bind-value', 'url');

    // keyframes: x/y keyed at the playhead (0.8 s; the first key also keys 0 s), a diamond dragged to 2 s, both undone
    await page.click('#tl-key-xy');
    const diamonds = () => page.$$eval(`.tl-key[data-layer="${qr}"]`, (els: any[]) => els.map((e) => Number(e.getAttribute('data-t-ms'))));
    expect(await diamonds()).toEqual([0, 800]);
    await drag(await centre(`.tl-key[data-layer="${qr}"][data-t-ms="800"]`), await rulerX(2000));
    expect(await diamonds()).toEqual([0, 2000]);
    await page.click('#undo');
    expect(await diamonds()).toEqual([0, 800]);
    await page.click('#undo');
    expect(await diamonds()).toEqual([]);

    // play runs the playhead from where it is; pause stops it
    await page.mouse.click((await rulerX(0)).x, (await rulerX(0)).y);
    await page.click('#tl-play');
    await page.waitForFunction(() => Number(document.querySelector('#tl-playhead').getAttribute('data-t-ms')) > 200);
    await page.click('#tl-play');
    expect(await attr('#tl-play', 'aria-pressed')).toBe('false');
    await page.mouse.click((await rulerX(750)).x, (await rulerX(750)).y);
    await page.click(`#layers-list .layer-row[data-layer="${title}"] .layer-kind`);
    const shown = await titleLeft();
    expect(shown).toBeGreaterThan(before + 10);
    expect(shown).toBeLessThan(after - 10);
    await screenshot(page, 'design-timeline');

    await page.click('#save-design');
    await page.waitForFunction(() => /#\/templates\/[0-9a-f-]{36}\/design$/.test(location.hash), { timeout: 30_000 });
    templateId = page.url().split('#/templates/')[1]!.split('/')[0]!;
    await page.waitForSelector('.timeline');
  });

  test('saved motion as dragged; auto decides native with parity', async () => {
    const t = (await org.api.get(`/v1/templates/${templateId}`)).body;
    expect({ type: t.type, format: t.format, duration: t.canvas_data.duration_seconds, fps: t.canvas_data.fps }).toEqual({ type: 'video', format: 'mp4', duration: 5, fps: FPS });
    const [titleL, photoL, qrL] = t.canvas_data.layers;
    expect(titleL.enter).toMatchObject({ preset: 'slide', start_ms: 500, duration_ms: 600 });
    expect(photoL.enter).toMatchObject({ preset: 'fade', start_ms: 0, duration_ms: 500 });
    expect(qrL).toMatchObject({ type: 'qr', value: URL_VALUE, error_correction: 'Q', bindings: { value: 'url' } });
    expect(qrL.keyframes).toBeUndefined();
    expect(t.placeholders.map((p: { name: string }) => p.name)).toContain('url');
    const decision = await waitFor(async () => {
      const d = (await org.api.get(`/v1/templates/${templateId}`)).body.engine_decision;
      return d.reason === 'parity_pending' ? null : d;
    }, { timeoutMs: 240_000, everyMs: 500, what: 'the engine decision' });
    expect({ engine: decision.engine, reason: decision.reason }).toEqual({ engine: 'native', reason: 'parity_passed' });
  });

  test('rendered as MP4: the title at its start and end places at the right instants, the photo faded in, the QR code reads the value', async () => {
    const res = await org.api.post('/v1/videos', { template_id: templateId, modifications: [{ name: 'url', text: URL_RENDERED }] });
    expect(res.status).toBe(202);
    const done = await waitForRender(org.api, 'video', res.body.id);
    expect(done.status).toBe('completed');
    expect(done.video_metadata.provenance.engine).toBe('native');
    const file = await fetchBytes(done.result_url);
    const { probe, frames } = await withTempFile(file.body, 'mp4', async (path) => ({ probe: await probeVideo(path), frames: await decodeFrames(path, W, H) }));
    expect(probe).toMatchObject({ width: W, height: H, frames: 5 * FPS, fps: FPS });
    // frame n is the instant n / fps: before 0.5 s the title waits a width to the left, from 1.1 s it is in place
    const start = redLeft(frames[4]!);
    const endAt = redLeft(frames[11]!);
    expect(endAt).toBeGreaterThanOrEqual(TITLE.x);
    expect(endAt).toBeLessThan(TITLE.x + 20);
    expect(Math.abs(endAt - start - TITLE.width)).toBeLessThanOrEqual(2);
    expect(Math.abs(redLeft(frames[0]!) - start)).toBeLessThanOrEqual(1);
    expect(Math.abs(redLeft(frames[40]!) - endAt)).toBeLessThanOrEqual(1);
    const mid = redLeft(frames[8]!);
    expect(mid).toBeGreaterThan(start + 5);
    expect(mid).toBeLessThan(endAt - 5);
    // the photo: white at 0 s (opacity 0), green from 0.5 s
    const cx = PHOTO.x + PHOTO.width / 2;
    const cy = PHOTO.y + PHOTO.height / 2;
    expect(rgbAt(frames[0]!, cx, cy).every((v) => v > 235)).toBe(true);
    const g = rgbAt(frames[10]!, cx, cy);
    expect(g[1]! > 170 && g[0]! < 40 && g[2]! < 40).toBe(true);
    // the QR code in a frame decodes to the value the render gave its placeholder
    const rgba = new Uint8ClampedArray(W * H * 4);
    for (let i = 0; i < W * H; i++) rgba.set([...frames[20]!.subarray(i * 3, i * 3 + 3), 255], i * 4);
    expect(jsQR(rgba, W, H)?.data).toBe(URL_RENDERED);
  });
});
