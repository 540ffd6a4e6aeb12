import { decideParity } from './decide-parity';
import { measureVideoParity } from './measure-video-parity';
import { startParityEngines, type ParityEngines } from '../testing';

// Launches Chromium and native engine processes from dist (browser tier: `npm run build` first).
let e: ParityEngines;
beforeAll(async () => {
  e = await startParityEngines();
});
afterAll(() => e?.close());

const card = (css: string) => ({
  composition_html: `<style>
  @keyframes slide{from{transform:translateX(-100px)}to{transform:translateX(220px)}}
  @keyframes fade{from{opacity:0}to{opacity:1}}
  ${css}</style><div class="bar"></div><div class="dot"></div>`,
  width: 320,
  height: 180,
  placeholders: [],
  org_id: 'org-parity',
  fps: 30,
  totalFrames: 30,
  transparent: false,
});
const TWO_ANIMATIONS = `.bar{position:absolute;left:0;top:20px;width:100px;height:40px;background:#ee0000;animation:slide 1s linear both}
  .dot{position:absolute;left:200px;top:100px;width:60px;height:60px;background:#0000ee;animation:fade 500ms linear 500ms both}`;

describe('video parity', () => {
  it('compares Chromium and native frames at the start, middle, end and inside each animation, and passes a card both draw alike', async () => {
    const { samples, nativeVersion } = await measureVideoParity({ chromiumPool: e.pool, native: e.native }, card(TWO_ANIMATIONS), { assets: e.assets, timeoutMs: 30_000 });
    // frames 0, 14 (middle), 29 (last), 15 (the slide's midpoint) and 23 (the fade's: 750 ms)
    expect(samples.map((s) => s.figures.sample)).toEqual(['t=0ms', 't=467ms', 't=500ms', 't=767ms', 't=967ms']);
    const decision = decideParity(samples.map((s) => s.figures), nativeVersion);
    expect(decision).toMatchObject({ engine: 'native', reason: 'parity_passed' });
    expect(decision.parity?.native_version).toMatch(/^takumi /);
    // the frames are the instants, not the same picture five times: the bar moved between 0 and 500 ms
    const at = (name: string) => samples.find((s) => s.figures.sample === name)!.images.native;
    const red = (img: { data: Uint8Array; width: number }, x: number, y: number) => img.data[(y * img.width + x) * 4 + 1]! < 50;
    expect([red(at('t=0ms'), 110, 40), red(at('t=500ms'), 110, 40)]).toEqual([false, true]);
    expect(red(samples.find((s) => s.figures.sample === 't=500ms')!.images.chromium, 110, 40)).toBe(true);
  });

  it('decides Chromium when the frames part ways after the start (motion from a script, which the native engine does not run)', async () => {
    const v = card(`${TWO_ANIMATIONS} .late{position:absolute;inset:0;background:#000}`);
    v.composition_html += `<script>setTimeout(()=>{const d=document.createElement('div');d.className='late';document.body.appendChild(d)},300)</script>`;
    const { samples, nativeVersion } = await measureVideoParity({ chromiumPool: e.pool, native: e.native }, v, { assets: e.assets, timeoutMs: 30_000 });
    const figures = Object.fromEntries(samples.map((s) => [s.figures.sample, s.figures.ssim]));
    // at 0 ms both show the card; from 300 ms Chromium shows the script's black cover
    expect(figures['t=0ms']).toBeGreaterThan(0.95);
    expect(figures['t=500ms']).toBeLessThan(0.5);
    expect(decideParity(samples.map((s) => s.figures), nativeVersion)).toMatchObject({ engine: 'chromium', reason: 'parity_below_threshold' });
  });
});
