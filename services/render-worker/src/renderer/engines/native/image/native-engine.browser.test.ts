import sharp from 'sharp';
import { waitFor } from '@rp/test-kit';
import { createSsrfGuard } from '@rp/net-guard';
import { composeDocument } from '../../../compose-document';
import { createRequestGuard } from '../../../request-guard';
import type { RenderFailure } from '../../../types';
import { createNativeEngine, type NativeEngine } from './native-engine';
import type { EngineRenderInput } from '../../image-engine';

// Launches native engine processes from dist (browser tier: `npm run build` first).
let engine: NativeEngine;
beforeAll(() => {
  engine = createNativeEngine({ processes: 2 });
});
afterAll(() => engine.close());

const ssrfGuard = createSsrfGuard();
const resolveAsset = async () => null;
const assets = { ssrfGuard, resolveAsset, guard: createRequestGuard({ ssrfGuard, resolveAsset }) };
const doc = (html: string, width = 200, height = 100) => composeDocument({ html, width, height, placeholders: [], modifications: [] });
const input = (html: string, over: Partial<EngineRenderInput> = {}): EngineRenderInput => ({
  document: doc(html, over.width, over.height),
  width: 200,
  height: 100,
  format: 'png',
  orgId: 'org-a',
  timeoutMs: 15_000,
  assets,
  ...over,
});
const failure = (p: Promise<unknown>) => p.then(() => null, (err: RenderFailure) => ({ code: err.code, message: err.message }));
const pixel = async (image: Buffer, x: number, y: number) => {
  const { data, info } = await sharp(image).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const i = (y * info.width + x) * 4;
  return [data[i], data[i + 1], data[i + 2], data[i + 3]];
};

/** Pids of the engine processes once each has a job (they start on first use). */
const engineBusyPids = () =>
  waitFor(async () => {
    const pids = engine.pids();
    return pids.length === 2 ? pids : null;
  }, { timeoutMs: 15_000, everyMs: 10, what: 'both engine processes to start' });

describe('native engine', () => {
  it('draws boxes where Chromium would (content-box sizing, white canvas) and records itself', async () => {
    const out = await engine.render(
      input('<div style="margin:10px;width:50px;height:30px;padding:5px;border:5px solid #0000ff;background:#ff0000"></div>'),
    );
    expect(out).toMatchObject({ engine: 'native', width: 200, height: 100, format: 'png' });
    expect(out.engineVersion).toMatch(/^takumi \d+\.\d+\.\d+$/);
    const meta = await sharp(out.image).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 200, 100]);
    // content-box: border 10-15, padding 15-20, content 20-70, padding 70-75, border 75-80
    expect(await pixel(out.image, 12, 12)).toEqual([0, 0, 255, 255]);
    expect(await pixel(out.image, 40, 30)).toEqual([255, 0, 0, 255]);
    expect(await pixel(out.image, 77, 30)).toEqual([0, 0, 255, 255]);
    expect(await pixel(out.image, 85, 30)).toEqual([255, 255, 255, 255]);
    const thumb = await sharp(out.thumbnail!).metadata();
    expect([thumb.format, thumb.width, thumb.height]).toEqual(['jpeg', 200, 100]);
  });

  it('encodes jpeg and webp itself, and keeps a transparent canvas transparent', async () => {
    for (const format of ['jpeg', 'webp'] as const) {
      const out = await engine.render(input('<div style="width:100%;height:100%;background:#00ff00"></div>', { format, quality: 90 }));
      const meta = await sharp(out.image).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual([format, 200, 100]);
      const [r, g, b] = await pixel(out.image, 100, 50);
      expect(r).toBeLessThan(8);
      expect(g).toBeGreaterThan(247);
      expect(b).toBeLessThan(8);
    }
    const clear = await engine.render(input('<div style="width:20px;height:20px;background:#000"></div>', { transparent: true }));
    expect((await pixel(clear.image, 150, 50))[3]).toBe(0);
    expect((await pixel(clear.image, 5, 5))[3]).toBe(255);
  });

  it('draws a wide thumbnail small from the tree, 320 px wide', async () => {
    const out = await engine.render(input('<div style="width:100%;height:100%;background:#123456"></div>', { width: 1280, height: 640 }));
    const meta = await sharp(out.thumbnail!).metadata();
    expect([meta.width, meta.height]).toEqual([320, 160]);
  });

  it('fetches nothing itself: file:, a private address and a local path in an SVG never draw', async () => {
    expect(await failure(engine.render(input('<img src="file:///usr/share/icons/hicolor/48x48/apps/chromium.png">')))).toMatchObject({ code: 'ssrf_blocked' });
    expect(await failure(engine.render(input('<div style="background-image:url(http://169.254.169.254/latest)"></div>')))).toMatchObject({ code: 'ssrf_blocked' });
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="48" height="48"><image href="/usr/share/icons/hicolor/48x48/apps/chromium.png" width="48" height="48"/></svg>',
    ).toString('base64');
    const out = await engine.render(input(`<img src="data:image/svg+xml;base64,${svg}" style="width:48px;height:48px">`, { transparent: true }));
    const stats = await sharp(out.image).stats();
    expect(stats.channels[3]!.max).toBe(0);
  });

  it('caps a 100,000-node template with template_too_complex', async () => {
    expect(await failure(engine.render(input('<i>x</i>'.repeat(100_000))))).toMatchObject({ code: 'template_too_complex' });
  });

  it('a killed engine process costs no render: the one it drew is drawn again on a fresh process, others go on', async () => {
    const heavy = input('<div style="width:100%;height:100%;background:linear-gradient(#f00,#00f);filter:blur(30px)"></div>', { width: 3000, height: 3000 });
    const small = input('<div style="width:10px;height:10px;background:#f00"></div>');
    const inFlight = [engine.render(heavy), engine.render(small), engine.render(small)];
    const victims = await engineBusyPids();
    for (const pid of victims) process.kill(pid, 'SIGKILL');
    const outs = await Promise.all(inFlight);
    expect(outs.map((o) => o.width)).toEqual([3000, 200, 200]);
    expect(await pixel(outs[1]!.image, 5, 5)).toEqual([255, 0, 0, 255]);
    for (const pid of engine.pids()) expect(victims).not.toContain(pid);
  });

  it('a render whose engine process dies twice fails with engine_crashed', async () => {
    const heavy = engine.render(input('<div style="width:100%;height:100%;filter:blur(40px);background:#f0f"></div>', { width: 4000, height: 4000 }));
    let settled = false;
    const outcome = heavy.then(() => 'done', (err: RenderFailure) => err.code).finally(() => (settled = true));
    // keep killing every engine process until the render gives up (a fresh one starts for its second try)
    while (!settled) {
      for (const pid of engine.pids()) process.kill(pid, 'SIGKILL');
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(await outcome).toBe('engine_crashed');
    const after = await engine.render(input('<div style="width:10px;height:10px;background:#f00"></div>'));
    expect(await pixel(after.image, 5, 5)).toEqual([255, 0, 0, 255]);
  });

  it('kills a render past its deadline (render_timeout) and draws the next one on a fresh process', async () => {
    // no machine draws a blurred 3000 px canvas in 5 ms, however idle
    const slow = input('<div style="width:100%;height:100%;filter:blur(60px);background:#00f"></div>', { width: 3000, height: 3000, timeoutMs: 5 });
    expect(await failure(engine.render(slow))).toMatchObject({ code: 'render_timeout' });
    const after = await engine.render(input('<div style="width:10px;height:10px;background:#0f0"></div>'));
    expect(await pixel(after.image, 5, 5)).toEqual([0, 255, 0, 255]);
  });

  it('refuses a canvas past the renderer cap and pdf', async () => {
    const canvas = { ...input('<div></div>'), width: 9000 };
    expect(await failure(engine.render(canvas))).toMatchObject({ code: 'template_invalid' });
    expect(await failure(engine.render(input('<div></div>', { format: 'pdf' })))).toMatchObject({ code: 'template_invalid' });
  });
});
