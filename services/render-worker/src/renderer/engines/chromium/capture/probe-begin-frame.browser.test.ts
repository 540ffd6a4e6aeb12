import { captureFrames } from './capture-frames';
import { animatedFixture } from '@rp/test-kit';
import { HEADLESS_SHELL, launchTestBrowser } from '../../../../testing';
import { probeBeginFrame } from './probe-begin-frame';

describe('probeBeginFrame', () => {
  // setup installs chromium-headless-shell (scripts/setup.sh, the render worker image): begin-frame is what `auto`
  // uses in production, so here it must be there
  it('chromium-headless-shell serves beginFrame with an image', async () => {
    await expect(probeBeginFrame(HEADLESS_SHELL)).resolves.toBe(true);
  });

  it('rejects for a browser that does not start, instead of answering "no"', async () => {
    await expect(probeBeginFrame('/nonexistent/chromium-headless-shell')).rejects.toThrow();
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
