import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSsrfGuard } from '@rp/net-guard';
import { composeDocument, createNativeEngine, createRequestGuard, type NativeEngine } from '@rp/render-worker/renderer';
import { probeVideo } from '@rp/test-kit';
import { ANIMATED_TEMPLATES, animatedTemplateHtml } from '../../fixtures/animated-templates/animated-templates';

// Smoke test of the native video phase (no server): the corpus's title card (CSS-animated, decided native by auto)
// drawn as one 720p30 5 s chunk by the native engine, its throughput and where the time went logged. The bench
// phase renders the same template through the API; this one times the engine alone.
let engine: NativeEngine;
let dir: string;
beforeAll(() => {
  engine = createNativeEngine({ processes: 1 });
  dir = mkdtempSync(join(tmpdir(), 'rp-native-video-bench-'));
});
afterAll(async () => {
  await engine.close();
  rmSync(dir, { recursive: true, force: true });
});

it('draws the title card as 150 frames of 720p native video and logs the frame rate and where the time went', async () => {
  const t = ANIMATED_TEMPLATES.find((x) => x.name === 'title-card')!;
  const document = composeDocument({ html: animatedTemplateHtml(t.name), width: t.width, height: t.height, placeholders: t.placeholders, modifications: [] });
  const ssrfGuard = createSsrfGuard();
  const resolveAsset = async () => null;
  const assets = { ssrfGuard, resolveAsset, guard: createRequestGuard({ ssrfGuard, resolveAsset }) };
  const chunk = (outputPath: string, endFrame: number) =>
    engine.renderVideoChunk({ document, width: t.width, height: t.height, fps: 30, startFrame: 0, endFrame, codec: 'h264', outputPath, assets, loadTimeoutMs: 30_000, frameTimeoutMs: 30_000 });
  await chunk(join(dir, 'warm.mp4'), 3); // the engine process's start and font registration are not the chunk's
  const started = process.hrtime.bigint();
  const out = await chunk(join(dir, 'chunk.mp4'), 150);
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  console.log('native video chunk, 720p30, 150 frames', { seconds: +seconds.toFixed(2), fps: +(150 / seconds).toFixed(1), ...out.timing, drawMsPerFrame: +(out.timing.drawMs / 150).toFixed(1) });
  expect((await probeVideo(out.segmentPath)).frames).toBe(150);
  // the logged figures are one chunk's, consistent: the engine process sets up, then draws one frame at a time, and
  // its loop waits for draws and for ffmpeg, all within the time the chunk took
  const wallMs = seconds * 1000;
  expect(out.timing.setupMs + out.timing.drawMs).toBeLessThanOrEqual(wallMs);
  expect(out.timing.setupMs + out.timing.waitDrawMs + out.timing.waitEncodeMs).toBeLessThanOrEqual(wallMs);
});
