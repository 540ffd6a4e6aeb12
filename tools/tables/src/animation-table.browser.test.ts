import { NATIVE_ANIMATION_TABLE, type AnimationTable } from '@rp/workflow-safe';
import { HEADLESS_SHELL } from '@rp/render-worker/testing';
import { ANIMATION_CANDIDATES } from './animation-candidates';
import { measureAnimationTable, measureCandidateFrames } from './measure-animation-table';

// Browser tier (`npm run build` first). The animation table the static gate reads is a measurement: a fresh one on
// this platform gives the same verdict for every entry (`npm run animations:table` rewrites it), and the
// measurement can tell engines apart (a candidate really moves, a known difference really fails).
jest.setTimeout(300_000);

const verdicts = (t: AnimationTable) =>
  Object.fromEntries((['properties', 'timing', 'features'] as const).flatMap((k) => Object.entries(t[k]).map(([key, m]) => [`${k}/${key}`, m.passed])));

describe('the animation table', () => {
  it('lists every candidate once', () => {
    const keys = ANIMATION_CANDIDATES.map((c) => `${c.kind}/${c.key}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(Object.keys(verdicts(NATIVE_ANIMATION_TABLE)).sort()).toEqual([...keys].sort());
  });

  it('a fresh measurement gives the written verdicts', async () => {
    const fresh = await measureAnimationTable(HEADLESS_SHELL);
    expect(verdicts(fresh)).toEqual(verdicts(NATIVE_ANIMATION_TABLE));
    expect(fresh.engines.native).toBe(NATIVE_ANIMATION_TABLE.engines.native);
  });

  it('the slide moves in both engines, alike; clip-path differs beyond the threshold mid-wipe', async () => {
    const slide = ANIMATION_CANDIDATES.find((c) => c.key === 'transform:translate')!;
    const [start, middle] = await measureCandidateFrames(HEADLESS_SHELL, slide, [0, 500]);
    // the box (blue) is at x 40..120 at 0 ms and 120..200 at 500 ms, in both engines
    for (const f of [start!.chromium, start!.native]) expect(blueAt(f, 60, 90)).toBe(true);
    for (const f of [middle!.chromium, middle!.native]) expect([blueAt(f, 60, 90), blueAt(f, 160, 90)]).toEqual([false, true]);
    const wipe = ANIMATION_CANDIDATES.find((c) => c.key === 'clip-path')!;
    const [half] = await measureCandidateFrames(HEADLESS_SHELL, wipe, [500]);
    expect(half!.figures.ssim < 0.97 || half!.figures.psnr < 28).toBe(true);
  });
});

function blueAt(img: { data: Uint8Array; width: number }, x: number, y: number): boolean {
  const i = (y * img.width + x) * 4;
  return img.data[i]! < 60 && img.data[i + 2]! > 200;
}
