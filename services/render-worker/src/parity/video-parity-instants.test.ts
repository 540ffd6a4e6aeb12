import { animationTimings, MAX_VIDEO_PARITY_SAMPLES, videoParityInstants } from './video-parity-instants';

describe('animationTimings', () => {
  it('reads the shorthand (duration, then delay) and the longhands, each animation of a list', () => {
    const css = `
      .a { animation: slide 1s cubic-bezier(0.1, 0.7, 1, 0.1) 250ms both, fade .5s linear }
      .b { animation-name: grow; animation-duration: 2s, 400ms; animation-delay: 1s }
      .c { color: red }
      @keyframes slide { from { left: 0 } to { left: 10px } }`;
    expect(animationTimings([css])).toEqual([
      { durationMs: 1000, delayMs: 250 },
      { durationMs: 500, delayMs: 0 },
      { durationMs: 2000, delayMs: 1000 },
      { durationMs: 400, delayMs: 1000 },
    ]);
  });

  it('lets a longhand override the shorthand before it, reads inline styles, and skips what does not parse', () => {
    expect(animationTimings(['.a{animation:x 1s;animation-delay:2s}', '.b{'], ['animation: y 300ms 100ms'])).toEqual([
      { durationMs: 1000, delayMs: 2000 },
      { durationMs: 300, delayMs: 100 },
    ]);
  });
});

describe('videoParityInstants', () => {
  it('samples the start, middle and end, and each animation inside its easing, as frames of the render', () => {
    const s = videoParityInstants([{ delayMs: 500, durationMs: 1000 }], { fps: 30, totalFrames: 90 });
    expect(s).toEqual([
      { name: 't=0ms', frame: 0, timeMs: 0 },
      { name: 't=1000ms', frame: 30, timeMs: 1000 },
      { name: 't=1467ms', frame: 44, timeMs: 44000 / 30 },
      { name: 't=2967ms', frame: 89, timeMs: 89000 / 30 },
    ]);
  });

  it('counts an instant once, clamps to the video and caps the samples', () => {
    const many = Array.from({ length: 10 }, (_, i) => ({ delayMs: i * 100, durationMs: 100 }));
    const s = videoParityInstants(many, { fps: 10, totalFrames: 20 });
    expect(s).toHaveLength(MAX_VIDEO_PARITY_SAMPLES);
    expect(new Set(s.map((x) => x.frame)).size).toBe(s.length);
    expect(videoParityInstants([{ delayMs: 9000, durationMs: 1000 }], { fps: 10, totalFrames: 20 }).map((x) => x.frame)).toEqual([0, 9, 19]);
    expect(videoParityInstants([], { fps: 30, totalFrames: 1 })).toEqual([{ name: 't=0ms', frame: 0, timeMs: 0 }]);
  });
});
