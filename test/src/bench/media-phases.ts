import { cardFixture, createVideoFixtureTemplate, VIDEO_FPS, VIDEO_SECONDS } from './bench-setup';
import type { PhaseContext } from './phase-context';
import { e2eImages, rawImageBaseline } from './image-bench';
import { startExtraWorker } from './stack-probe';
import { urlRenders } from './url-bench';
import { e2eVideo, rawVideo } from './video-bench';
import { formatVideos, pdfVsPng } from './formats-bench';

/** The card through the renderer alone (the floor), then through the whole stack. */
export async function imagesPhase({ run, args, settings, org, cardTemplateId }: PhaseContext): Promise<void> {
  const n = args.quick ? 20 : 60;
  const raw = await run.phase('images.raw', 150, (s) => rawImageBaseline(settings, n, s));
  // 180 renders, the floor taken next to them (bench/README.md)
  const e2e = await run.phase('images.e2e', 300, (s) =>
    e2eImages(
      org.api,
      cardTemplateId,
      { syncN: args.quick ? 10 : 30, n: args.quick ? 60 : 180, clients: args.clients, warmup: settings.poolSize * 2, floor: { settings, renders: n } },
      s,
    ),
  );
  run.result.images = { fixture: `card ${cardFixture.width}x${cardFixture.height} png`, raw, e2e };
}

export async function urlsPhase({ run, args, info, org, cardTemplateId }: PhaseContext): Promise<void> {
  const n = args.quick ? 10 : 30;
  run.result.urls = await run.phase('urls', 240, (s) => urlRenders(org.api, info.apiUrl, cardTemplateId, n, s));
}

const VIDEO_SIZES: [number, number][] = [
  [1280, 720],
  [1920, 1080],
];

/**
 * 720p and 1080p: the best single raw pipeline, then a 5 s video through the service with every default (one
 * chunk at the default VIDEO_CHUNK_FRAMES), then a video long enough for two chunks with a second worker running.
 */
export async function videosPhase({ run, settings, org }: PhaseContext): Promise<void> {
  const videos: Record<string, any> = {};
  const templates = new Map<string, string>();
  // two default chunks: the length at which a second worker has something to take
  const longSeconds = Math.ceil((2 * settings.videoChunkFrames) / VIDEO_FPS);
  for (const [w, h] of VIDEO_SIZES) {
    templates.set(`${w}x${h}`, await createVideoFixtureTemplate(org.api, w, h));
    templates.set(`${w}x${h}-long`, await createVideoFixtureTemplate(org.api, w, h, { seconds: longSeconds }));
  }
  for (const [w, h] of VIDEO_SIZES) {
    const key = `${w}x${h}`;
    videos[key] = { frames: VIDEO_FPS * VIDEO_SECONDS, fps: VIDEO_FPS, long_seconds: longSeconds };
    videos[key].raw = await run.phase(`videos.${key}.raw`, 180, () => rawVideo(settings, w, h));
    videos[key].e2e_one_worker = await run.phase(`videos.${key}.e2e-1-worker`, 240, (s) => e2eVideo(org.api, templates.get(key)!, s));
  }
  const stopWorker2 = await run.phase('videos.start-render-worker-2', 120, () => startExtraWorker('render-worker-2'));
  if (stopWorker2) {
    run.cleanups.push(stopWorker2);
    for (const [w, h] of VIDEO_SIZES) {
      const key = `${w}x${h}`;
      videos[key].e2e_two_workers = await run.phase(`videos.${key}.e2e-2-workers`, 240, (s) =>
        e2eVideo(org.api, templates.get(`${key}-long`)!, s, VIDEO_FPS, longSeconds),
      );
    }
    // collections and load are judged against one worker's RENDER_CONCURRENCY: stop the second one now
    await run.cleanups.pop()!();
    run.log('render-worker-2 stopped');
  }
  run.result.videos = videos;
}

/** 720p mp4 / webm / gif fps side by side, and seconds per PDF next to PNG, all from this run. */
export async function formatsPhase({ run, args, org }: PhaseContext): Promise<void> {
  const videos = await run.phase('formats.videos', 300, (s) => formatVideos(org.api, s));
  const pdf = await run.phase('formats.pdf', 120, (s) => pdfVsPng(org.api, args.quick ? 5 : 15, s));
  run.result.formats = { videos, pdf };
}
