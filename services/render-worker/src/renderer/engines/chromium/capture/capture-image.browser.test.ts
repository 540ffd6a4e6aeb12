import pino from 'pino';
import type { Modification, Placeholder } from '@rp/workflow-safe';
import { createSsrfGuard } from '@rp/net-guard';
import { createBrowserPool, type ManagedBrowserPool } from '../pool/browser-pool';
import { composeDocument } from '../../../compose-document';
import { decodePng, inkIn, jpegSize, pixel, solidPng, startServer, waitFor, type TestServer } from '@rp/test-kit';
import { cardFixture, chromiumPath } from '../../../../testing';
import { captureImage, type CaptureImageOptions } from './capture-image';
import { createRequestGuard } from '../../../request-guard';
import { RenderFailure } from '../../../types';
import { waitForPageReady } from '../pages/wait-for-page-ready';

const ASSET_ID = '3f2b8c1e-9a4d-4e6f-8b7a-1c2d3e4f5a6b';
const ssrfGuard = createSsrfGuard({ allowCidrs: '127.0.0.2/32' });

let pool: ManagedBrowserPool;
let server: TestServer;
let forbidden: TestServer;
/** The targets the pool's egress proxy refused (its warnings carry them). */
const proxyBlocked: string[] = [];
const assets = new Map([[ASSET_ID, { contentType: 'image/png', body: solidPng(8, 8, [255, 0, 255]) }]]);
const guard = createRequestGuard({ ssrfGuard, resolveAsset: async (id) => assets.get(id) ?? null });

beforeAll(async () => {
  server = await startServer('127.0.0.2', {
    '/blue.png': [200, 'image/png', solidPng(8, 8, [0, 0, 255])],
    '/missing.png': [404, 'text/plain', 'nope'],
  });
  forbidden = await startServer('127.0.0.1', { '/secret': [200, 'text/plain', 'secret'] });
  // ssrfGuard on the pool: browser traffic also goes through the egress proxy, whose refusals the logger collects
  const logger = pino({ level: 'warn' }, {
    write: (line: string) => {
      const { msg, target } = JSON.parse(line);
      if (msg === 'egress proxy blocked a browser connection') proxyBlocked.push(target);
    },
  });
  pool = await createBrowserPool({ executablePath: chromiumPath(), size: 2, recycleAfter: 50, ssrfGuard, logger });
});
afterAll(async () => {
  await pool?.close();
  await server?.close();
  await forbidden?.close();
});

const W = 200;
const H = 120;
const WHITE = [255, 255, 255];
const doc = (html: string, placeholders: Placeholder[] = [], modifications: Modification[] = [], width = W, height = H) =>
  composeDocument({ html, width, height, placeholders, modifications });
const render = (document: string, extra: Partial<CaptureImageOptions> = {}) =>
  captureImage(pool, { document, width: W, height: H, format: 'png', timeoutMs: 5_000, guard, orgId: 'org-a', ...extra });
const renderPng = async (document: string, extra: Partial<CaptureImageOptions> = {}) => decodePng((await render(document, extra)).image);
const failure = (code: string) => expect.objectContaining({ name: 'RenderFailure', code });
/** Run after a template's network attempts: a green page shows the attempts were made, not skipped by a failure. */
const TRIED = "; document.documentElement.style.background = '#00ff00'";
const GREEN = [0, 255, 0, 255];

describe('captureImage', () => {
  it('renders the 1080x1080 card at its size with a 320 px JPEG thumbnail', async () => {
    const out = await captureImage(pool, { document: cardFixture.document, width: 1080, height: 1080, format: 'png', timeoutMs: 10_000, guard, orgId: 'org-a' });
    const png = decodePng(out.image);
    expect([png.width, png.height]).toEqual([1080, 1080]);
    expect(out.thumbnail.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
    expect(jpegSize(out.thumbnail)).toEqual({ width: 320, height: 320 });
    expect(out).toMatchObject({ width: 1080, height: 1080, format: 'png' });
  });

  it('encodes jpeg and webp', async () => {
    const jpeg = await render(doc('<p>x</p>'), { format: 'jpeg' });
    expect(jpegSize(jpeg.image)).toEqual({ width: W, height: H });
    const webp = await render(doc('<p>x</p>'), { format: 'webp' });
    expect(webp.image.subarray(8, 12).toString()).toBe('WEBP');
  });

  it('paints a color modification inside the placeholder box', async () => {
    const html = '<div data-placeholder="bg" data-placeholder-prop="background" style="position:absolute;left:20px;top:20px;width:60px;height:40px;background:#000"></div>';
    const png = await renderPng(doc(html, [{ name: 'bg', type: 'color', default: '#000000' }], [{ name: 'bg', color: '#00ff00' }]));
    expect(pixel(png, 50, 40)).toEqual([0, 255, 0, 255]);
    expect(pixel(png, 10, 10)).toEqual([255, 255, 255, 255]);
  });

  it('a text modification changes the pixels of the default text', async () => {
    const html = '<p data-placeholder="t" style="margin:0;font:32px sans-serif">Hello</p>';
    const placeholders: Placeholder[] = [{ name: 't', type: 'text', default: 'Hello' }];
    const a = await render(doc(html, placeholders));
    const b = await render(doc(html, placeholders, [{ name: 't', text: 'World!' }]));
    expect(inkIn(decodePng(a.image), { x: 0, y: 0, w: W, h: 40 }, WHITE)).toBeGreaterThan(50);
    expect(b.image.equals(a.image)).toBe(false);
  });

  it('renders a <script> in text as text, without running it', async () => {
    const html = '<p data-placeholder="t" style="margin:0;font:14px sans-serif;width:200px;height:40px">x</p>';
    const text = "<script>document.documentElement.style.background='red';document.body.style.background='red'</script>";
    const png = await renderPng(doc(html, [{ name: 't', type: 'text' }], [{ name: 't', text }]));
    expect(pixel(png, 150, 100)).toEqual([255, 255, 255, 255]); // background untouched
    expect(inkIn(png, { x: 0, y: 0, w: W, h: 40 }, WHITE)).toBeGreaterThan(50); // the markup shows as text
  });

  it.each([
    ['fetch() to a private address', `<script>fetch('http://127.0.0.1:1/').catch(() => {})</script>`],
    ['an <img> to the metadata service', '<img src="http://169.254.169.254/latest/meta-data/">'],
    ['an <img> from file:', '<img src="file:///etc/passwd">'],
    ['an iframe to a private address', '<iframe src="http://127.0.0.1:1/"></iframe>'],
  ])('blocks %s with ssrf_blocked', async (_label, html) => {
    await expect(render(doc(html))).rejects.toEqual(failure('ssrf_blocked'));
  });

  it('fetches allowed http images and paints them', async () => {
    const html = `<img src="${server.url}/blue.png" style="display:block;width:${W}px;height:${H}px">`;
    const png = await renderPng(doc(html));
    expect(pixel(png, 100, 60)).toEqual([0, 0, 255, 255]);
  });

  it('an image placeholder bound to an asset is answered by resolveAsset', async () => {
    const html = `<div data-placeholder="photo" style="width:${W}px;height:${H}px;background-size:cover"></div>`;
    const png = await renderPng(doc(html, [{ name: 'photo', type: 'image' }], [{ name: 'photo', image_url: `asset://${ASSET_ID}` }]));
    expect(pixel(png, 100, 60)).toEqual([255, 0, 255, 255]);
  });

  it.each([
    ['a missing asset', `<img src="asset://00000000-0000-4000-8000-000000000000">`],
    ['an image answering 404', '/missing.png'],
    ['an image on a host that does not resolve', '<img src="http://no-such-host.invalid/a.png">'],
    ['an undecodable data: image', '<img src="data:image/png;base64,AAAA">'],
  ])('fails %s with asset_unreachable', async (_label, html) => {
    const markup = html.startsWith('/') ? `<img src="${server.url}${html}">` : html;
    await expect(render(doc(markup))).rejects.toEqual(failure('asset_unreachable'));
  });

  it('stops an infinite loop with render_timeout and keeps serving', async () => {
    await expect(render(doc('<script>while (true) {}</script>'), { timeoutMs: 1_000 })).rejects.toEqual(failure('render_timeout'));
    await expect(render(doc('<script>setTimeout(() => { while (true) {} }, 0)</script>'), { timeoutMs: 1_000 })).rejects.toEqual(
      failure('render_timeout'),
    );
    const png = await renderPng(doc('<div style="width:100%;height:100%;background:#123456"></div>'));
    expect(pixel(png, 5, 5)).toEqual([0x12, 0x34, 0x56, 255]);
  });

  it('clips or shrinks overflowing text instead of failing', async () => {
    const html =
      '<div data-placeholder="long" style="position:absolute;top:0;left:0;width:200px;height:30px;font:24px sans-serif">x</div>' +
      '<div data-placeholder="head" data-fit="shrink" style="position:absolute;top:60px;left:0;width:200px;height:40px;font:24px sans-serif">x</div>';
    const placeholders: Placeholder[] = [{ name: 'long', type: 'text' }, { name: 'head', type: 'text' }];
    const document = doc(html, placeholders, [
      { name: 'long', text: 'An extremely long text that will never fit into such a small box '.repeat(100) },
      { name: 'head', text: 'A headline that has to shrink to fit its box' },
    ]);
    const png = await renderPng(document);
    expect(inkIn(png, { x: 0, y: 30, w: W, h: 30 }, WHITE)).toBe(0); // clipped at the box edge
    expect(inkIn(png, { x: 0, y: 60, w: W, h: 40 }, WHITE)).toBeGreaterThan(50);
    const fitted = (await pool.withPage(async (page) => {
      await page.setContent(document, { waitUntil: 'load' });
      await waitForPageReady(page);
      return page.evaluate(`(() => { const el = document.querySelector('[data-fit]');
        return { size: parseFloat(el.style.fontSize), fits: el.scrollHeight <= el.clientHeight + 1 && el.scrollWidth <= el.clientWidth + 1 }; })()`);
    }, { orgId: 'org-a' })) as { size: number; fits: boolean };
    expect(fitted.fits).toBe(true);
    expect(fitted.size).toBeLessThan(24);
    expect(fitted.size).toBeGreaterThan(6);
  });

  it('reports warnings read in the readiness evaluate, after shrink-to-fit, and none without warnFor', async () => {
    const html =
      '<div data-placeholder="long" style="position:absolute;top:0;left:0;width:200px;height:30px;font:24px sans-serif">x</div>' +
      '<div data-placeholder="head" data-fit="shrink" style="position:absolute;top:60px;left:0;width:200px;height:40px;font:24px sans-serif">x</div>';
    const placeholders: Placeholder[] = [{ name: 'long', type: 'text' }, { name: 'head', type: 'text' }];
    const document = doc(html, placeholders, [
      { name: 'long', text: 'An extremely long text that will never fit into such a small box '.repeat(20) },
      { name: 'head', text: 'A headline that has to shrink to fit its box' },
    ]);
    const out = await render(document, { warnFor: { text: ['long', 'head'], image: [] } });
    // the shrunk headline fits by the time the facts are read; the long text overflows its box
    expect(out.warnings?.map((w) => [w.code, w.placeholder])).toEqual([['text_overflow', 'long']]);
    expect(decodePng(out.image).width).toBe(W);
    expect((await render(document)).warnings).toBeUndefined();
  });

  it('keeps prefetches and WebSockets off the network (egress proxy + CSP)', async () => {
    const html =
      `<link rel="prefetch" href="${forbidden.url}/secret"><link rel="preconnect" href="${forbidden.url}">` +
      `<script>try { new WebSocket('${forbidden.url.replace('http', 'ws')}/secret') } catch (e) {}${TRIED}</script>`;
    // the render completes, and the script ran past its attempts (the page turns green after them)
    expect(pixel(await renderPng(doc(html)), W - 1, H - 1)).toEqual(GREEN);
    // the prefetch, which request interception never sees, was made and the egress proxy refused it
    await waitFor(async () => proxyBlocked.includes(`${forbidden.url}/secret`), { timeoutMs: 10_000, what: 'the proxy to refuse the prefetch' });
    expect(forbidden.hits).toEqual([]);
  });

  it('fails a template that navigates the page away with template_invalid', async () => {
    await expect(render(doc(`<script>location.href = '${server.url}/blue.png'</script>`))).rejects.toEqual(failure('template_invalid'));
  });

  it('never lets a popup reach the network: no window is made for it', async () => {
    // green only when window.open was refused at once (null: no window, so no request); the link's popup meets the
    // same switch (--block-new-web-contents), and the pool closes any popup target on sight besides
    const html = `<a id="a" target="_blank" href="${forbidden.url}/link">x</a><script>document.getElementById('a').click();` +
      `if (window.open('${forbidden.url}/popup') === null) document.documentElement.style.background = '#00ff00'</script>`;
    expect(pixel(await renderPng(doc(html)), W - 1, H - 1)).toEqual(GREEN);
    expect(forbidden.hits).toEqual([]);
  });

  it('refuses everything network-bound when no guard is given', async () => {
    const html = `<img src="${server.url}/blue.png">`;
    await expect(render(doc(html), { guard: undefined })).rejects.toEqual(failure('ssrf_blocked'));
  });

  it('renders transparent PNGs on request', async () => {
    const png = await renderPng(doc('<p>x</p>'), { transparent: true });
    expect(pixel(png, W - 1, H - 1)[3]).toBe(0);
  });

  it('cancels through the caller signal', async () => {
    const ctrl = new AbortController();
    const pending = render(doc('<img src="' + server.url + '/blue.png">'), { signal: ctrl.signal });
    ctrl.abort();
    await expect(pending).rejects.toEqual(failure('cancelled'));
  });

  it('rejects impossible sizes before touching the pool', async () => {
    await expect(captureImage(pool, { document: '', width: 0, height: 10, format: 'png', timeoutMs: 1000, orgId: 'org-a' })).rejects.toBeInstanceOf(RenderFailure);
  });
});
