import { captureFrames } from './capture-frames';
import { animatedFixture, HEADLESS_SHELL, launchTestBrowser } from '@rp/test/support';
import { probeBeginFrame } from './probe-begin-frame';

describe('probeBeginFrame', () => {
  it('reports whether chromium-headless-shell serves beginFrame (logged; begin-frame tests depend on it)', async () => {
    const available = await probeBeginFrame(HEADLESS_SHELL);
    console.log(`begin-frame available with ${HEADLESS_SHELL}: ${available}`);
    expect(typeof available).toBe('boolean');
  });

  it('is false for a missing executable', async () => {
    await expect(probeBeginFrame('/nonexistent/chromium-headless-shell', { timeoutMs: 5000 })).resolves.toBe(false);
  });

  it('a browser without begin-frame control falls back to screenshot whatever was requested', async () => {
    const tb = await launchTestBrowser('screenshot');
    try {
      const res = await tb.withPage((page) =>
        captureFrames(page, {
          document: animatedFixture({ width: 64, height: 36, seconds: 1 }),
          width: 64, height: 36, fps: 10, startFrame: 0, endFrame: 3, strategy: 'begin-frame', onFrame: () => undefined,
        }),
      );
      expect(res).toEqual({ frames: 3, strategy: 'screenshot' });
    } finally {
      await tb.close();
    }
  });
});
