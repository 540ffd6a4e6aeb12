import { staticGate } from '@rp/engine-gate';
import { PARITY_THRESHOLD } from '@rp/workflow-safe';
import { measureParity } from './measure-parity';
import { measureVideoParity } from './measure-video-parity';
import { startParityEngines, type ParityEngines } from '../testing';

// Browser tier (`npm run build` first: the native engine's processes run from dist). The root background's
// propagation to the canvas (CSS Backgrounds 3 §2.11.2; propagate-root-background.ts): html's background, or body's
// when html's is transparent, paints the whole canvas. Each document's body box leaves part of the canvas (a child's
// margin collapsing through body's top), where Chromium paints the background and takumi alone would not. Checked
// the way the parity check decides: the gate passes the document, and both engines' renders meet PARITY_THRESHOLD.
let e: ParityEngines;
beforeAll(async () => {
  e = await startParityEngines();
});
afterAll(() => e?.close());

const GRID = "url(\"data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' width='20' height='20'%3E%3Crect width='10' height='10' fill='%23c00'/%3E%3C/svg%3E\")";
/** A box whose top margin collapses through body's top edge: body's box starts 80 px down in both engines. */
const BOX = '<div style="margin:80px auto;width:100px;height:60px;background:#fff"></div>';

const expectParity = (figures: { ssim: number; psnr: number }, what: string) => {
  expect({ what, ...figures, ssimMet: figures.ssim >= PARITY_THRESHOLD.ssim, psnrMet: figures.psnr >= PARITY_THRESHOLD.psnr }).toEqual({ what, ...figures, ssimMet: true, psnrMet: true });
};

describe('the root background paints the whole canvas on the native engine', () => {
  it.each([
    ["body's background colour, from a stylesheet", `<style>body{background:dodgerblue}</style>${BOX}`],
    ["body's background colour, inline", `<body style="background-color:#2a7">${BOX}</body>`],
    ["body's background image, tiled from the canvas's origin", `<style>body{background:#eee ${GRID}}</style>${BOX}`],
    ["html's background, with body's own painted in body's box", `<style>html{background:#234}body{background:#fc0}</style>${BOX}`],
    ["body's background under a later body rule that overrides it", `<style>body{background:red}body{background-color:#639}</style>${BOX}`],
  ])('%s', async (what, html) => {
    expect(staticGate({ type: 'image', format: 'png', composition_html: html, placeholders: [] })).toBeNull();
    const version = { composition_html: html, width: 320, height: 240, placeholders: [], org_id: 'org-root-bg' };
    const [s] = (await measureParity(e.images, version, { assets: e.assets, timeoutMs: 30_000 })).samples;
    // decoded: the canvas's top-left pixel is the propagated background in both renders, not the default white
    for (const img of [s!.images.chromium, s!.images.native]) expect([...img.data.subarray(0, 3)]).not.toEqual([255, 255, 255]);
    expect([...s!.images.native.data.subarray(0, 4)]).toEqual([...s!.images.chromium.data.subarray(0, 4)]);
    expectParity({ ssim: s!.figures.ssim, psnr: s!.figures.psnr ?? Infinity }, what);
  });

  it("in a video's frames: a loader on body's background", async () => {
    const html = `<style>body{background:dodgerblue}@keyframes s{from{transform:translateX(0)}to{transform:translateX(100px)}}
      .l{margin:60px 20px;width:40px;height:40px;background:#fff;animation:s 1s linear both}</style><div class="l"></div>`;
    expect(staticGate({ type: 'video', format: 'mp4', composition_html: html, placeholders: [] })).toBeNull();
    const v = { composition_html: html, width: 320, height: 180, placeholders: [], org_id: 'org-root-bg', fps: 30, totalFrames: 30, transparent: false };
    const { samples } = await measureVideoParity({ chromiumPool: e.pool, native: e.native }, v, { assets: e.assets, timeoutMs: 30_000 });
    expect(samples.length).toBeGreaterThan(1);
    for (const s of samples) expectParity({ ssim: s.figures.ssim, psnr: s.figures.psnr ?? Infinity }, s.figures.sample);
  });
});
