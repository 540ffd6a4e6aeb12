import { staticGate } from '@rp/engine-gate';
import { PARITY_THRESHOLD } from '@rp/workflow-safe';
import { measureParity } from './measure-parity';
import { startParityEngines, type ParityEngines } from '../testing';

// Browser tier (`npm run build` first: the native engine's processes run from dist). Text inside an inline `<svg>`
// (drawn natively by resvg as one image) in the faces Chromium draws for its font families (svg-font-families.ts):
// a stats card's stack of families the platform does not have, ending in a generic, from a `<style>` `font`
// shorthand, a `font-family` attribute and a `style` attribute. Checked the way the parity check decides.
let e: ParityEngines;
beforeAll(async () => {
  e = await startParityEngines();
});
afterAll(() => e?.close());

const svg = (inner: string) => `<body style="margin:0"><svg width="400" height="200" viewBox="0 0 400 200" xmlns="http://www.w3.org/2000/svg">${inner}</svg></body>`;

describe('text inside an inline SVG on the native engine', () => {
  it.each([
    ['a <style> font shorthand', svg("<style>.t{font:600 28px 'Segoe UI', Ubuntu, Sans-Serif;fill:#2f80ed}</style><text class='t' x='20' y='60'>Wakatime Stats</text><text class='t' x='20' y='140'>Python 12 hrs 40 mins</text>")],
    ['a font-family attribute', svg('<text x="20" y="80" font-family="Helvetica Neue, Arial, sans-serif" font-size="30" font-weight="700">Weekly coding time</text>')],
    ['a style attribute', svg('<text x="20" y="80" style="font-family: \'Fira Sans\', sans-serif; font-size: 30px">Most used languages</text>')],
  ])('%s', async (what, html) => {
    expect(staticGate({ type: 'image', format: 'png', composition_html: html, placeholders: [] })).toBeNull();
    const version = { composition_html: html, width: 400, height: 200, placeholders: [], org_id: 'org-svg-font' };
    const [s] = (await measureParity(e.images, version, { assets: e.assets, timeoutMs: 30_000 })).samples;
    // decoded: both renders drew text (some pixel is not the white page)
    for (const img of [s!.images.chromium, s!.images.native]) expect(img.data.some((v, i) => i % 4 !== 3 && v < 128)).toBe(true);
    const figures = { ssim: s!.figures.ssim, psnr: s!.figures.psnr ?? Infinity };
    expect({ what, ...figures, met: figures.ssim >= PARITY_THRESHOLD.ssim && figures.psnr >= PARITY_THRESHOLD.psnr }).toEqual({ what, ...figures, met: true });
  });
});
