import type { MeasuredNode } from '@takumi-rs/core';
import { BAND_MERGE_GAP, damagedRows, mergeRows } from './damaged-rows';

const box = (x: number, y: number, w: number, h: number, children: MeasuredNode[] = [], runs: MeasuredNode['runs'] = []): MeasuredNode =>
  ({ width: w, height: h, transform: [1, 0, 0, 1, x, y], children, runs });
const frame = (...children: MeasuredNode[]) => box(0, 0, 1280, 720, children);

describe('damagedRows', () => {
  it('is null when no box moved', () => {
    expect(damagedRows(frame(box(10, 20, 100, 50)), frame(box(10, 20, 100, 50)), 0, 720)).toBeNull();
  });

  it('covers where a moved box was and where it is, rounded out by a row', () => {
    expect(damagedRows(frame(box(10, 100, 100, 50)), frame(box(10, 110.5, 100, 50)), 0, 720)).toEqual([{ top: 99, bottom: 162 }]);
  });

  it('widens the rows by the paint overflow and clamps them to the frame', () => {
    expect(damagedRows(frame(box(0, 700, 1280, 12)), frame(box(0, 702, 1280, 12)), 30, 720)).toEqual([{ top: 669, bottom: 720 }]);
  });

  it('follows a rotation and a scale through the transform', () => {
    const before = { ...box(0, 0, 100, 100), transform: [0, 0, 0, 0, 500, 300] } as MeasuredNode;
    const after = { ...box(0, 0, 100, 100), transform: [0.7071, 0.7071, -0.7071, 0.7071, 500, 300] } as MeasuredNode;
    // the rotated square's corners reach y = 300 + 141.4
    expect(damagedRows(frame(before), frame(after), 0, 720)).toEqual([{ top: 299, bottom: 443 }]);
  });

  it('widens a text run by its own height above and below', () => {
    const run = (y: number) => [{ text: 'Jg', x: 0, y, width: 40, height: 20 }];
    const rows = damagedRows(frame(box(0, 200, 100, 20, [], run(0))), frame(box(0, 200, 100, 20, [], run(2))), 0, 720);
    expect(rows).toEqual([{ top: 179, bottom: 243 }]);
  });

  it('keeps far-apart damage as separate bands, and joins damage closer than BAND_MERGE_GAP', () => {
    const before = frame(box(0, 100, 100, 50), box(0, 700, 1280, 12), box(0, 300, 10, 10));
    const after = frame(box(0, 104, 100, 50), box(0, 702, 1280, 12), box(0, 300, 10, 10));
    expect(damagedRows(before, after, 0, 720)).toEqual([{ top: 99, bottom: 155 }, { top: 699, bottom: 715 }]);
    expect(mergeRows([{ top: 400, bottom: 420 }, { top: 99, bottom: 155 }, { top: 155 + BAND_MERGE_GAP - 1, bottom: 380 }])).toEqual([{ top: 99, bottom: 420 }]);
    // with no gap, only overlapping ranges join: [10,20) and [20,30) share no row
    expect(mergeRows([{ top: 10, bottom: 20 }, { top: 20, bottom: 30 }, { top: 31, bottom: 40 }, { top: 35, bottom: 38 }, { top: 25, bottom: 29 }], 0)).toEqual([{ top: 10, bottom: 20 }, { top: 20, bottom: 30 }, { top: 31, bottom: 40 }]);
  });

  it('counts the nodes at painted paths wherever they are, moved or not', () => {
    const still = () => frame(box(0, 100, 100, 50, [box(0, 110, 40, 20)]), box(0, 400, 10, 10));
    expect(damagedRows(still(), still(), 0, 720)).toBeNull();
    // the first child and what it holds, at path '.0' and '.0.0'
    expect(damagedRows(still(), still(), 2, 720, new Set(['.0']))).toEqual([{ top: 97, bottom: 153 }]);
    expect(damagedRows(still(), still(), 0, 720, new Set(['.1']))).toEqual([{ top: 399, bottom: 411 }]);
  });

  it('is the whole frame when the trees differ in shape, and null when only off-frame boxes moved', () => {
    expect(damagedRows(frame(box(0, 0, 10, 10)), frame(), 0, 720)).toEqual([{ top: 0, bottom: 720 }]);
    expect(damagedRows(frame(box(0, 800, 10, 10)), frame(box(0, 900, 10, 10)), 0, 720)).toBeNull();
  });
});
