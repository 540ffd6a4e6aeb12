import type { ImageOutputFormat, VideoFormat } from './constants';

/** What a stored result is: its MIME type and file extension, per template format. */
export const OUTPUT_FILES: Record<ImageOutputFormat | VideoFormat, { contentType: string; ext: string }> = {
  png: { contentType: 'image/png', ext: 'png' },
  jpeg: { contentType: 'image/jpeg', ext: 'jpg' },
  webp: { contentType: 'image/webp', ext: 'webp' },
  pdf: { contentType: 'application/pdf', ext: 'pdf' },
  mp4: { contentType: 'video/mp4', ext: 'mp4' },
  webm: { contentType: 'video/webm', ext: 'webm' },
  gif: { contentType: 'image/gif', ext: 'gif' },
};

/**
 * GIF caps. A GIF stores every frame as indexed pixels, so size grows with fps x area x duration; beyond these it is
 * the wrong format (use webm or mp4). Frame delays are whole centiseconds, so 25 fps (4 cs) is exact.
 */
export const GIF_LIMITS = {
  maxFps: 25,
  maxEdge: 1280,
  /** A finished GIF larger than this fails the render with `output_too_large`. */
  maxBytes: 50 * 1024 * 1024,
} as const;

/** Formats that keep an alpha channel when the template asks for a transparent background. */
export const ALPHA_FORMATS: readonly string[] = ['png', 'webp', 'webm'];

/** Video formats that may carry an audio track, and the codec it is encoded with. */
export const AUDIO_CODECS: Partial<Record<VideoFormat, 'aac' | 'opus'>> = { mp4: 'aac', webm: 'opus' };

/** Audio track of a video render (request field `audio`). Times are seconds of the video's timeline. */
export interface AudioTrack {
  /** http(s) URL (public addresses only) or `asset://<id>` of an uploaded audio asset. */
  url: string;
  /** Gain, 0-2 (1 = unchanged). */
  volume?: number;
  /** Where in the video the track starts; silence before. */
  start_at?: number;
  fade_in?: number;
  /** Fade at the end of the video. */
  fade_out?: number;
  /** Repeat the track until the video ends. */
  loop?: boolean;
}

/** Bounds of the audio fields (the API schema and the worker both use them). */
export const AUDIO_LIMITS = {
  maxVolume: 2,
  maxSeconds: 60,
  /** Largest audio file a render downloads (URL or asset). */
  maxBytes: 25 * 1024 * 1024,
} as const;

/** fps a video falls back to when neither the request nor the template names one: gif stays within its cap. */
export const defaultVideoFps = (format: string): number => (format === 'gif' ? GIF_LIMITS.maxFps : 30);
