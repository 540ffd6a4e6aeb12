import { cssAnimatedCard } from '@rp/test-kit';
import { NATIVE_FRAME_COST, nativeFrameWeights } from './native-frame-weights';
import { planNativeChunks } from './plan-native-chunks';

const chunking = { totalFrames: 150, fps: 30, chunkFrames: 150, engineProcesses: 2 };

describe('nativeFrameWeights', () => {
  it('weighs frames in bands over what named keyframes fade, in a band while only boxes move, held once all has ended', () => {
    // the promo card: fades until 1.6 s, boxes and its bar move until the end (its bound, 6.5 s, is past it)
    const promo = nativeFrameWeights(cssAnimatedCard({ width: 1280, height: 720 }), 150, 30);
    expect(promo[0]).toBe(NATIVE_FRAME_COST.whole);
    expect(promo.slice(1, 49)).toEqual(Array(48).fill(NATIVE_FRAME_COST.paint));
    expect(promo.slice(49)).toEqual(Array(101).fill(NATIVE_FRAME_COST.band));
    // a transition is no keyframes: what it changes is not known, and its frames are drawn whole
    const transition = nativeFrameWeights('<style>.a{transition:opacity 1s}</style><div class="a">x</div>', 10, 30);
    expect(transition.slice(1, 10)).toEqual(Array(9).fill(NATIVE_FRAME_COST.whole));
    const settles = nativeFrameWeights('<style>.a{animation:s 1s both}@keyframes s{to{transform:translateX(9px)}}</style><div class="a">x</div>', 60, 30);
    expect(settles.slice(31)).toEqual(Array(29).fill(NATIVE_FRAME_COST.held));
  });
});

describe('planNativeChunks', () => {
  it('shares a short video between the engine processes by expected cost', () => {
    const plan = planNativeChunks(cssAnimatedCard({ width: 1280, height: 720 }), chunking);
    expect(plan).toHaveLength(2);
    // 49 frames whole or over fades and 101 in a band: the first chunk is shorter than half
    expect(plan[0]!.endFrame).toBeLessThan(75);
    expect(plan[1]).toMatchObject({ startFrame: plan[0]!.endFrame, endFrame: 150 });
  });

  it('cuts a long video into chunks of chunkFrames, and a document it cannot read into equal shares', () => {
    expect(planNativeChunks(cssAnimatedCard({ width: 640, height: 360 }), { ...chunking, totalFrames: 600 }).map((c) => c.endFrame - c.startFrame)).toEqual([150, 150, 150, 150]);
    const tooMany = `<div>${'<i></i>'.repeat(100_000)}</div>`;
    expect(planNativeChunks(tooMany, chunking).map((c) => c.endFrame - c.startFrame)).toEqual([75, 75]);
  });
});
