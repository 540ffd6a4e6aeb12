import { middleFrameOf } from './middle-frame-of';

describe('middleFrameOf', () => {
  it('finds frame ⌊total/2⌋ in the segment holding it, timed from that segment start', () => {
    expect(middleFrameOf([75, 75], 30)).toEqual({ segment: 1, atSeconds: 0 });
    expect(middleFrameOf([150], 30)).toEqual({ segment: 0, atSeconds: 74.5 / 30 });
    expect(middleFrameOf([40, 40, 40, 30], 30)).toEqual({ segment: 1, atSeconds: 34.5 / 30 });
    expect(middleFrameOf([1], 24)).toEqual({ segment: 0, atSeconds: 0 });
    expect(middleFrameOf([2, 1], 10)).toEqual({ segment: 0, atSeconds: 0.05 });
  });

  it('refuses a video without frames', () => {
    expect(() => middleFrameOf([], 30)).toThrow(/no middle frame/);
    expect(() => middleFrameOf([0, 0], 30)).toThrow(/no middle frame/);
  });
});
