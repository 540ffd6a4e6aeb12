import { staticGate } from '@rp/engine-gate';
import { PARITY_THRESHOLD } from '@rp/workflow-safe';
import { measureParity } from './measure-parity';
import { measureVideoParity } from './measure-video-parity';
import { startParityEngines, type ParityEngines } from '../testing';

// Browser tier (`npm run build` first: the native engine's processes run from dist). `::before` and `::after` boxes
// drawn as the elements that stand in for them (materializePseudoElements): an empty `content` that takumi draws no
// box for, keyframes on a pseudo-element that takumi does not apply (a video's frames), string content, and the
// paint order of a positioned box under positioned inline text (takumi paints the text in its line, under it). Checked the way the parity
// check decides: the gate passes the document, both engines' renders meet PARITY_THRESHOLD.
let e: ParityEngines;
beforeAll(async () => {
  e = await startParityEngines();
});
afterAll(() => e?.close());

const expectParity = (figures: { ssim: number; psnr: number }, what: string) => {
  expect({ what, ...figures, ssimMet: figures.ssim >= PARITY_THRESHOLD.ssim, psnrMet: figures.psnr >= PARITY_THRESHOLD.psnr }).toEqual({ what, ...figures, ssimMet: true, psnrMet: true });
};
/** The share of pixels of a colour (within 8 per channel) in a decoded render. */
const share = (img: { data: Uint8Array | Buffer }, rgb: number[]) => {
  let n = 0;
  for (let i = 0; i < img.data.length; i += 4) if (rgb.every((v, c) => Math.abs(img.data[i + c]! - v) <= 8)) n++;
  return n / (img.data.length / 4);
};

const FONT = 'font:700 40px "DejaVu Sans",sans-serif';
describe('::before and ::after on the native engine', () => {
  it.each([
    ['an accent bar under a title (`content: ""`, display block)', [225, 29, 72],
      `<style>h1{${FONT};margin:40px}h1::after{content:"";display:block;width:160px;height:12px;background:#e11d48;margin-top:16px}</style><h1>Quarterly report</h1>`],
    ['a shade over a background, text positioned above it', [15, 118, 110],
      `<style>.hero{position:relative;height:240px;background:#14b8a6;${FONT};color:#fff}.hero::before{content:"";position:absolute;inset:0 50% 0 0;background:rgba(0,0,0,.35)}.hero h1{position:relative;margin:0;padding:80px 40px}</style><div class="hero"><h1>Launch day</h1></div>`],
    ["a row's fill under its positioned inline-block text, and a shade ::after over half of it", [255, 255, 255],
      `<style>body{background:#0f0}.row{display:block;position:relative;overflow:hidden;margin:60px 40px;padding:14px 24px;${FONT};color:#fff}.row::before{content:"";position:absolute;inset:0;background:#ff2e63}.row::after{content:"";position:absolute;inset:0 50% 0 0;background:rgba(0,0,0,.3)}.row span{position:relative;z-index:1;display:inline-block}</style><span class="row"><span>Live News</span></span>`],
    ['quotation marks and a label from string content', [202, 138, 4],
      `<style>q{${FONT};display:block;margin:40px}q::before{content:"\\201C";color:#ca8a04}q::after{content:"\\201D" " \\2014  Ada";color:#ca8a04}</style><q>Ship it</q>`],
  ])('%s', async (what, rgb, html) => {
    expect(staticGate({ type: 'image', format: 'png', composition_html: html, placeholders: [] })).toBeNull();
    const version = { composition_html: html, width: 480, height: 240, placeholders: [], org_id: 'org-pseudo' };
    const [s] = (await measureParity(e.images, version, { assets: e.assets, timeoutMs: 30_000 })).samples;
    // decoded: the generated box's colour covers a part of both renders
    for (const img of [s!.images.chromium, s!.images.native]) expect(share(img, rgb)).toBeGreaterThan(0.002);
    expectParity({ ssim: s!.figures.ssim, psnr: s!.figures.psnr ?? Infinity }, what);
  });

  it("in a video's frames: a lower third's fill rolled in by keyframes on ::before", async () => {
    const html = `<style>body{background:#0f0}@keyframes fill{from{transform:scaleX(0)}to{transform:scaleX(1)}}
      .row{position:relative;overflow:hidden;margin:60px 40px;padding:14px 24px;width:360px;${FONT};color:#fff}
      .row::before{content:"";position:absolute;inset:0;background:#ff2e63;transform:scaleX(0);transform-origin:left center;animation:fill 600ms ease 100ms forwards}
      .row span{position:relative;display:block}</style><div class="row"><span>Live News</span></div>`;
    expect(staticGate({ type: 'video', format: 'mp4', composition_html: html, placeholders: [] })).toBeNull();
    const v = { composition_html: html, width: 480, height: 270, placeholders: [], org_id: 'org-pseudo', fps: 30, totalFrames: 30, transparent: false };
    const { samples } = await measureVideoParity({ chromiumPool: e.pool, native: e.native }, v, { assets: e.assets, timeoutMs: 30_000 });
    expect(samples.length).toBeGreaterThan(1);
    for (const s of samples) expectParity({ ssim: s.figures.ssim, psnr: s.figures.psnr ?? Infinity }, s.figures.sample);
  });
});
