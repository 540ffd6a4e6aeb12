import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

export interface RenderMetrics {
  registry: Registry;
  renderDuration: Histogram<'kind' | 'outcome'>;
  framesRendered: Counter<'strategy'>;
  captureFps: Histogram<'strategy'>;
}

export function createRenderMetrics(): RenderMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  return {
    registry,
    renderDuration: new Histogram({
      name: 'render_duration_seconds',
      help: 'Render activity duration by kind (image, video_chunk, video_concat) and outcome',
      labelNames: ['kind', 'outcome'],
      buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300],
      registers: [registry],
    }),
    framesRendered: new Counter({
      name: 'render_video_frames_total',
      help: 'Video frames captured and encoded',
      labelNames: ['strategy'],
      registers: [registry],
    }),
    captureFps: new Histogram({
      name: 'render_video_frames_per_second',
      help: 'Frames per second of each video chunk (capture + encode)',
      labelNames: ['strategy'],
      buckets: [1, 5, 10, 20, 30, 45, 60, 90, 120, 200],
      registers: [registry],
    }),
  };
}
