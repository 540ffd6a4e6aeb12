import { VIDEO_DEFAULTS, VIDEO_LIMITS } from './constants';
import { defaultVideoFps } from './output-formats';

export interface VideoSettings {
  duration_seconds: number;
  fps: number;
}

/**
 * The one rule for a video's length and frame rate, used by single renders, collections and the worker:
 * the request's value, else the template's canvas_data, else VIDEO_DEFAULTS (fps: defaultVideoFps of the format). `problems` names each field whose
 * effective value is out of VIDEO_LIMITS (a request value is checked by the body schema first, so a problem
 * here means the template's default is out of range).
 */
export function resolveVideoSettings(
  requested: { duration_seconds?: number | null; fps?: number | null },
  canvas: Record<string, unknown> | null | undefined,
  format = 'mp4',
): { settings: VideoSettings; problems: { field: string; message: string }[] } {
  const c = canvas ?? {};
  const duration = requested.duration_seconds ?? Number(c.duration_seconds ?? VIDEO_DEFAULTS.duration_seconds);
  const fps = requested.fps ?? Number(c.fps ?? defaultVideoFps(format));
  const d = VIDEO_LIMITS.duration_seconds;
  const f = VIDEO_LIMITS.fps;
  const problems: { field: string; message: string }[] = [];
  if (!(duration >= d.min && duration <= d.max)) {
    problems.push({ field: 'duration_seconds', message: `must be between ${d.min} and ${d.max} (template default out of range)` });
  }
  if (!(Number.isInteger(fps) && fps >= f.min && fps <= f.max)) {
    problems.push({ field: 'fps', message: `must be an integer between ${f.min} and ${f.max} (template default out of range)` });
  }
  return { settings: { duration_seconds: duration, fps }, problems };
}
