import type { Layer } from '@rp/design';
import { keyIfAnimated, keyInstants, keyPosition, movedKeyInstant, movedMotion, resizedMotion } from './timeline-model';

// The timeline's edits: bars stay inside the video and snap to 10 ms, a diamond moves every keyframe at its instant,
// a first x/y key makes a two-keyframe track, a canvas move keys only a layer already keyed.
const rect = (more: Partial<Layer> = {}) => ({ id: 'a', type: 'rect', x: 10, y: 20, width: 50, height: 50, ...more }) as Layer;

describe('timeline edits', () => {
  const m = { preset: 'fade' as const, start_ms: 0, duration_ms: 500 };
  it('moves a bar within the video, snapped to 10 ms', () => {
    expect(movedMotion(m, 503, 5000).start_ms).toBe(500);
    expect(movedMotion(m, 9000, 5000).start_ms).toBe(4500);
    expect(movedMotion(m, -20, 5000).start_ms).toBe(0);
  });
  it('resizes a bar: at least 10 ms, not past the end', () => {
    expect(resizedMotion(m, 96, 5000).duration_ms).toBe(600);
    expect(resizedMotion(m, -900, 5000).duration_ms).toBe(10);
    expect(resizedMotion({ ...m, start_ms: 4800 }, 900, 5000).duration_ms).toBe(200);
  });
  it('keys x/y: the first key makes two keyframes, the next one replaces at its instant', () => {
    const one = keyPosition(rect(), 1500, 5000);
    expect(one.keyframes?.x?.map((k) => [k.t_ms, k.value])).toEqual([[0, 10], [1500, 10]]);
    expect(keyPosition(rect(), 0, 5000).keyframes?.y?.map((k) => k.t_ms)).toEqual([0, 5000]);
    const moved = keyIfAnimated({ ...one, x: 90 } as Layer, 1500, 5000);
    expect(moved.keyframes?.x?.map((k) => [k.t_ms, k.value])).toEqual([[0, 10], [1500, 90]]);
    expect(keyIfAnimated(rect({ x: 90 }), 1500, 5000).keyframes).toBeUndefined();
  });
  it('drags a diamond: every property keyed at the instant moves; it does not land on another diamond', () => {
    const l = rect({ keyframes: { x: [{ t_ms: 0, value: 0 }, { t_ms: 1000, value: 5 }], opacity: [{ t_ms: 1000, value: 1 }, { t_ms: 2000, value: 0 }] } });
    expect(keyInstants(l)).toEqual([0, 1000, 2000]);
    const doc = movedKeyInstant({ layers: [l] }, 'a', 1000, 1496, 5000);
    expect(keyInstants(doc.layers[0]!)).toEqual([0, 1500, 2000]);
    expect(doc.layers[0]!.keyframes?.opacity).toEqual([{ t_ms: 1500, value: 1 }, { t_ms: 2000, value: 0 }]);
    expect(doc.layers[0]!.keyframes?.x).toEqual([{ t_ms: 0, value: 0 }, { t_ms: 1500, value: 5 }]);
    expect(movedKeyInstant({ layers: [l] }, 'a', 1000, 1996, 5000).layers[0]).toBe(l);
  });
});
