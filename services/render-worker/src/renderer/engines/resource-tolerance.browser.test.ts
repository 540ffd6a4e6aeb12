import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createSsrfGuard } from '@rp/net-guard';
import type { Modification, Placeholder, RenderWarning } from '@rp/workflow-safe';
import { decodeFrames, decodePng, diffPixels, inkIn, solidPng, startServer, type TestServer } from '@rp/test-kit';
import { chromiumPath } from '../../testing';
import { createBrowserPool, type ManagedBrowserPool } from './chromium/pool/browser-pool';
import { composeDocument } from '../compose-document';
import { createRequestGuard } from '../request-guard';
import { requiredUrls } from '../required-urls';
import type { RenderFailure } from '../types';
import { renderVideoChunk } from './chromium/capture/render-video-chunk';
import { createChromiumEngine } from './chromium/capture/chromium-engine';
import type { EngineAssets, EngineRenderInput, ImageEngine } from './image-engine';
import { createNativeEngine, type NativeEngine } from './native/image/native-engine';

// A browser's tolerance for the template's own resources, on both engines (docs/renders.md "Warnings"): a hidden image
// that does not load and an @font-face that does not load are warnings, and the render is what a browser shows; a
// shown image that does not load and a modification's image_url that does not load still fail the render.
// The native engine runs from dist: `npm run build` first.
const W = 240;
const H = 120;
const FONT = fs.readFileSync(path.join(__dirname, '../../../../../test/fixtures/fonts/LiberationMono-Regular.ttf'));
const FONT_ASSET = '5c1d7e2a-3b4f-4a6e-9d8c-7b6a5f4e3d2c';
const NOT_A_FONT = '6d2e8f3b-4c5a-4b7f-8e9d-8c7b6a5f4e3d';
const ssrfGuard = createSsrfGuard({ allowCidrs: '127.0.0.2/32' });
const resolveAsset = async (id: string) =>
  id === FONT_ASSET ? { contentType: 'font/ttf', body: FONT } : id === NOT_A_FONT ? { contentType: 'font/woff2', body: Buffer.from('wOF2 this is not a font at all') } : null;

let server: TestServer;
let pool: ManagedBrowserPool;
let native: NativeEngine;
const engines: Record<string, () => ImageEngine> = { chromium: () => createChromiumEngine(pool), native: () => native };

beforeAll(async () => {
  server = await startServer('127.0.0.2', {
    '/blue.png': [200, 'image/png', solidPng(8, 8, [0, 0, 255])],
    '/missing.png': [404, 'text/plain', 'nope'],
  });
  pool = await createBrowserPool({ executablePath: chromiumPath(), size: 1, recycleAfter: 50, ssrfGuard });
  native = createNativeEngine({ processes: 1 });
});
afterAll(async () => {
  await pool?.close();
  await native?.close();
  await server?.close();
});

/** A render of the template as an activity makes it: the modifications' images are required (assetsFor). */
function input(html: string, placeholders: Placeholder[] = [], modifications: Modification[] = []): EngineRenderInput {
  const required = requiredUrls(modifications);
  const assets: EngineAssets = { ssrfGuard, resolveAsset, required, guard: createRequestGuard({ ssrfGuard, resolveAsset, required }) };
  const document = composeDocument({ html, width: W, height: H, placeholders, modifications });
  return { document, width: W, height: H, format: 'png', orgId: 'org-tolerance', timeoutMs: 15_000, assets, warnFor: { text: [], image: [] } };
}
const codes = (warnings: RenderWarning[] | undefined) => (warnings ?? []).map((w) => w.code);
const failureOf = (p: Promise<unknown>) => p.then(() => null, (e: RenderFailure) => ({ code: e.code, message: e.message }));

const CARD = '<div style="position:absolute;left:20px;top:20px;width:80px;height:40px;background:#0a0"></div>';
/** What templates people copy carry: an image no one can load, hidden, and a web font with a relative source. */
const BROKEN_LEFTOVERS = '<img src="//:0" style="display:none"><style>@font-face{font-family:Brand;src:url(fonts/brand.woff2)}</style>';

describe.each(['chromium', 'native'])('the template\'s own resources on %s', (name) => {
  it('a hidden image that does not load is image_failed, and the image is the card without it', async () => {
    const broken =
      '<img src="//:0" style="display:none">' +
      `<div hidden><img src="${server.url}/missing.png"></div>` +
      `<img src="${server.url}/missing.png" width="0" height="0">` +
      `<style>.ghost{background:url(${server.url}/missing.png)}</style><div class="ghost" style="display:none;width:50px;height:50px"></div>`;
    const engine = engines[name]!();
    const out = await engine.render(input(`${CARD}${broken}`));
    // one warning per URL: the unparsable `//:0` and the image that answers 404 (two <img> and a background use it)
    expect(codes(out.warnings)).toEqual(['image_failed', 'image_failed']);
    expect(out.warnings!.map((w) => w.message).join('\n')).toContain('it is not shown, so the render goes on without it');
    const png = decodePng(out.image);
    const reference = decodePng((await engine.render(input(CARD))).image);
    expect(diffPixels(png, reference, 0)).toBe(0);
    expect(png.pixel(60, 40).slice(0, 3)).toEqual([0, 0xaa, 0]);
  });

  it('an @font-face that does not load falls through to the next family, with font_load_failed', async () => {
    const text = (family: string) => `<p style="margin:0;font:40px ${family};color:#000">Wing</p>`;
    const engine = engines[name]!();
    // a relative source: a template has no base URL, so no browser can load it
    const relative = await engine.render(input(`<style>@font-face{font-family:Brand;src:url(fonts/brand.woff2) format("woff2")}</style>${text("Brand, 'DejaVu Serif'")}`));
    // bytes that are not a font: Chromium's sanitizer and takumi refuse them
    const refused = await engine.render(input(`<style>@font-face{font-family:Brand;src:url(asset://${NOT_A_FONT})}</style>${text("Brand, 'DejaVu Serif'")}`));
    const direct = decodePng((await engine.render(input(text("'DejaVu Serif'")))).image);
    for (const out of [relative, refused]) {
      expect(codes(out.warnings)).toEqual(['font_load_failed']);
      expect(out.warnings![0]!.message).toContain('@font-face "Brand" could not be loaded');
      const png = decodePng(out.image);
      expect(inkIn(png, { x: 0, y: 0, w: W, h: 50 }, [255, 255, 255])).toBeGreaterThan(100);
      expect(diffPixels(png, direct, 0)).toBe(0);
    }
    // and the family the font would have drawn is another face: the fall-through is seen in the pixels
    const loaded = decodePng((await engine.render(input(`<style>@font-face{font-family:Brand;src:url(asset://${FONT_ASSET})}</style>${text("Brand, 'DejaVu Serif'")}`))).image);
    expect(diffPixels(loaded, direct, 0)).toBeGreaterThan(50);
  });

  it('a shown image of the template that does not load still fails the render, with its code', async () => {
    const html = `${CARD}<img src="${server.url}/missing.png" style="position:absolute;left:120px;top:20px;width:40px;height:40px">`;
    expect(await failureOf(engines[name]!().render(input(html)))).toEqual({ code: 'asset_unreachable', message: expect.stringContaining('missing.png') });
    expect(await failureOf(engines[name]!().render(input(`${CARD}<img src="fonts/logo.png" style="width:40px;height:40px">`)))).toMatchObject({ code: 'asset_unreachable' });
  });

  it('a modification\'s image_url that does not load fails the render, hidden or shown', async () => {
    const placeholders: Placeholder[] = [{ name: 'photo', type: 'image' }];
    const mods: Modification[] = [{ name: 'photo', image_url: `${server.url}/missing.png` }];
    for (const style of ['width:40px;height:40px', 'display:none']) {
      const html = `${CARD}<img data-placeholder="photo" style="${style}">`;
      expect(await failureOf(engines[name]!().render(input(html, placeholders, mods)))).toEqual({ code: 'asset_unreachable', message: expect.stringContaining('missing.png') });
    }
    // the same placeholder with an image that loads renders
    const html = `${CARD}<img data-placeholder="photo" style="position:absolute;left:150px;top:20px;width:40px;height:40px">`;
    const ok = decodePng((await engines[name]!().render(input(html, placeholders, [{ name: 'photo', image_url: `${server.url}/blue.png` }]))).image);
    expect(ok.pixel(170, 40).slice(0, 3)).toEqual([0, 0, 255]);
  });
});

describe('a lower third video with leftovers', () => {
  // a hidden image no one can load and a web font with a relative source: the chunk renders, as its image does
  const html = `${BROKEN_LEFTOVERS}<div style="position:absolute;left:0;bottom:0;width:${W}px;height:40px;background:#0a3d91;animation:in 0.3s both"></div>` +
    "<style>@keyframes in{from{transform:translateX(-240px)}to{transform:translateX(0)}}</style><p style=\"margin:0;font:24px Brand, 'DejaVu Sans'\">Ada</p>";
  const frames = { fps: 10, startFrame: 0, endFrame: 4, codec: 'h264' as const, loadTimeoutMs: 15_000, frameTimeoutMs: 15_000 };

  it.each(['chromium', 'native'])('renders its frames on %s', async (name) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rp-tolerance-'));
    try {
      const { document, assets } = input(html);
      const outputPath = path.join(dir, 'segment.mp4');
      const done = name === 'native'
        ? await native.renderVideoChunk({ document, width: W, height: H, ...frames, outputPath, assets })
        : await pool.withPage((page) => renderVideoChunk({ page, document, width: W, height: H, ...frames, strategy: 'screenshot', outputPath, guard: assets.guard }), { orgId: 'org-tolerance' });
      expect(done.frames).toBe(4);
      const decoded = await decodeFrames(outputPath, W, H);
      expect(decoded).toHaveLength(4);
      // the bar has slid in by frame 3 (0.3 s): its colour at the bottom left, within the encoder's error
      const last = decoded[3]!;
      const at = ((H - 20) * W + 10) * 3;
      expect(Math.abs(last[at]! - 0x0a) + Math.abs(last[at + 1]! - 0x3d) + Math.abs(last[at + 2]! - 0x91)).toBeLessThan(30);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
