import fs from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { Renderer, type ImageSource } from '@takumi-rs/core';
import { createSsrfGuard } from '@rp/net-guard';
import { cssAnimatedCard, maxAbsDiff, teeingFfmpeg } from '@rp/test-kit';
import { composeDocument } from '../../../compose-document';
import { createRequestGuard } from '../../../request-guard';
import { createNativeEngine } from '../image/native-engine';
import { backgroundLayer, BACKGROUND_LAYER_PREFIX } from './background-layer';
import { nativeUaStylesheet } from '../image/native-ua-stylesheet';
import { prepareNativeDocument } from '../image/prepare-native-document';
import { rawFrameBytes } from './raw-frame-writer';
import { SYSTEM_FACES } from '../process/system-fonts';

// Browser tier (the native engine with the system fonts, ffmpeg, engine processes from dist: `npm run build` first): frames drawn over the cached background
// layer against the same frames drawn whole, at instants inside and after each animation: equal byte for byte.
const INSTANTS = [0, 400, 1000, 1500, 2300, 4900];
const IMAGE_SRC = 'https://assets.example.test/tile.png';

/** A 40x30 tile with a colour ramp and half-transparent pixels, so misplaced or rescaled pixels would show. */
async function tile(): Promise<Buffer> {
  const raw = Buffer.alloc(40 * 30 * 4);
  for (let i = 0; i < 40 * 30; i++) raw.set([(i * 7) % 256, (i * 3) % 256, 200, i % 2 ? 255 : 128], i * 4);
  return sharp(raw, { raw: { width: 40, height: 30, channels: 4 } }).png().toBuffer();
}

const animatedChildren = `Loose text in body<div class="a">Hello there</div><img class="d" src="${IMAGE_SRC}" width="80" height="60"><p class="b">A line of text</p><span class="c"></span>
  <style>.a{position:absolute;left:40px;top:60px;font:bold 48px Arial;color:#fff;animation:in 1s ease-out both}
  .b{margin:200px 0 0 60px;font-size:28px;animation:fade 2s linear both}
  .c{position:absolute;right:30px;bottom:30px;width:80px;height:80px;border-radius:50%;background:#ff0;box-shadow:0 6px 18px rgba(0,0,0,.4);animation:spin 3s linear infinite}
  .d{position:absolute;left:300px;top:40px;animation:fade 1.5s ease-in both}
  @keyframes in{from{transform:translateX(-300px);opacity:0}to{transform:none;opacity:1}}
  @keyframes fade{from{opacity:0;color:#f00}to{opacity:1;color:#0f0}}
  @keyframes spin{to{transform:rotate(360deg) scale(1.4)}}</style>`;
const page = (css: string, w: number, h: number) =>
  `<!doctype html><html><head><style>html,body{margin:0;width:${w}px;height:${h}px;overflow:hidden}${css}</style></head><body>${animatedChildren}</body></html>`;

interface Case {
  name: string;
  html: string;
  width: number;
  height: number;
  transparent?: boolean;
}

const CACHED: Case[] = [
  { name: 'promo card 720p', html: cssAnimatedCard({ width: 1280, height: 720 }), width: 1280, height: 720 },
  {
    name: 'radial gradient under a tiled image',
    html: page(`body{background:url(${IMAGE_SRC}) 13px 7px / 40px 30px repeat,radial-gradient(circle at 30% 40%,#f90,#036 70%)}`, 640, 360),
    width: 640, height: 360,
  },
  {
    name: 'transparent canvas, half-transparent body gradient (webm alpha)',
    html: page('body{background:linear-gradient(90deg,rgba(0,80,160,.25),rgba(200,40,0,.8))}', 640, 360),
    width: 640, height: 360, transparent: true,
  },
];

/** A template as a render composes it: the canvas rule fixes html and a flex body, so a child's margin and a width may move. */
const composedTitle = composeDocument({
  html: `<style>body{display:flex;flex-direction:column;background:linear-gradient(135deg,#1d2b64,#f8cdda);font-family:Georgia,serif;color:#fff}
  h1{font-size:64px;margin:80px 0 0 40px;animation:settle 1s ease-out both}.rule{height:6px;width:240px;margin:24px 40px;background:#fff;animation:grow .8s ease .2s both}
  @keyframes settle{from{margin-top:160px;opacity:0}to{margin-top:80px;opacity:1}}@keyframes grow{from{width:0}to{width:240px}}</style>
  <h1>Season Two</h1><div class="rule"></div><p style="margin-left:40px">Coming this spring</p>`,
  width: 640, height: 360, placeholders: [], modifications: [],
});
CACHED.push({ name: 'composed title card, margins and widths animated', html: composedTitle, width: 640, height: 360 });

const REFUSED: Array<[string, string, string]> = [
  ['composed block body whose first child\'s margin moves', composedTitle.replace('display:flex;flex-direction:column;', ''), 'layout_animation:margin-top'],
  ['body with a box-shadow', page('body{background:#123;box-shadow:inset 0 0 40px #000}', 640, 360), 'root_property:box-shadow'],
  [
    'body with an animated background-color',
    page('body{background-color:#123;animation:flash 2s linear infinite}@keyframes flash{to{background-color:#fc0}}', 640, 360),
    'root_property:animation',
  ],
];

describe('backgroundLayer', () => {
  let renderer: Renderer;
  let images: ImageSource[];
  beforeAll(async () => {
    renderer = new Renderer();
    for (const f of SYSTEM_FACES) {
      if (fs.existsSync(f.file)) await renderer.registerFont({ data: fs.readFileSync(f.file), name: f.name, weight: f.weight, style: f.style, ...(f.generic ? { generic: f.generic } : {}) });
    }
    images = [{ src: IMAGE_SRC, data: await tile() }];
  });

  it.each(CACHED)('$name: frames over the cached layer equal the whole frames', async (c) => {
    const doc = prepareNativeDocument(c.html);
    const opts = { width: c.width, height: c.height, css: [nativeUaStylesheet({ transparent: c.transparent === true }), ...doc.css], images };
    const layer = await backgroundLayer(renderer, doc.node, opts);
    if (!layer.applied) throw new Error(`the cache was refused: ${layer.reason}`);
    const raster = layer.images.find((i) => i.src.startsWith(BACKGROUND_LAYER_PREFIX))!;
    const meta = await sharp(Buffer.from(raster.data as Uint8Array)).metadata();
    expect([meta.width, meta.height]).toEqual([c.width, c.height]);
    const whole: Buffer[] = [];
    for (const timeMs of INSTANTS) {
      const plain = await renderer.render(doc.node, { ...opts, format: 'raw', timeMs });
      const cached = await renderer.render(layer.node, { ...opts, images: layer.images, format: 'raw', timeMs });
      expect(cached.length).toBe(plain.length);
      expect(maxAbsDiff(cached, plain)).toBe(0);
      whole.push(plain);
    }
    // the instants differ (the animations are drawn), and the background is drawn (not the empty canvas)
    expect(maxAbsDiff(whole[0]!, whole[2]!)).toBeGreaterThan(0);
    expect(whole[2]!.some((v, i) => i % 4 === 3 && v > 0)).toBe(true);
  });

  it.each(REFUSED)('%s: no cache', async (_name, html, reason) => {
    const doc = prepareNativeDocument(html);
    const layer = await backgroundLayer(renderer, doc.node, { width: 640, height: 360, css: [nativeUaStylesheet({ transparent: false }), ...doc.css], images });
    expect(layer).toEqual({ applied: false, reason });
  });
});

describe('a native video chunk over the cached layer', () => {
  const [width, height, frames] = [320, 180, 12];
  const dir = fs.mkdtempSync(join(tmpdir(), 'rp-background-layer-'));
  const engine = createNativeEngine({ processes: 1 });
  afterAll(async () => {
    await engine.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('writes into ffmpeg exactly the frames the image path draws whole (engine processes from dist)', async () => {
    const ffmpegPath = teeingFfmpeg(dir);
    const ssrfGuard = createSsrfGuard();
    const resolveAsset = async () => null;
    const assets = { ssrfGuard, resolveAsset, guard: createRequestGuard({ ssrfGuard, resolveAsset }) };
    const document = cssAnimatedCard({ width, height });
    const outputPath = join(dir, 'chunk.mp4');
    const out = await engine.renderVideoChunk({
      document, width, height, fps: 10, startFrame: 0, endFrame: frames, codec: 'h264', outputPath, ffmpegPath, assets, loadTimeoutMs: 15_000, frameTimeoutMs: 15_000,
    });
    expect(out).toMatchObject({ frames, timing: { backgroundLayer: 'cached' } });
    const raw = fs.readFileSync(join(dir, 'chunk.mp4.rgba'));
    // an H.264 chunk writes each frame as yuv420p (raw-frame-format.ts): compared with the whole frame converted so
    const asWritten = (rgba: Uint8Array) => rawFrameBytes('h264', width, height, Buffer.from(rgba));
    const frame = (width * height * 3) / 2;
    expect(raw.length).toBe(frames * frame);
    expect(raw.subarray(0, frame).equals(raw.subarray(11 * frame))).toBe(false);
    for (const i of [0, 5, 11]) {
      const whole = await engine.drawFrame({ document, width, height, timeMs: i * 100, timeoutMs: 15_000, assets });
      expect(maxAbsDiff(raw.subarray(i * frame, (i + 1) * frame), asWritten(whole.data))).toBe(0);
    }
  });
});
