export type RenderKind = 'image' | 'video';

export const RENDER_STATUSES = ['pending', 'rendering', 'completed', 'failed'] as const;
export type RenderStatus = (typeof RENDER_STATUSES)[number];

export const COLLECTION_STATUSES = ['pending', 'rendering', 'completed', 'completed_with_errors', 'failed'] as const;
export type CollectionStatus = (typeof COLLECTION_STATUSES)[number];

export const DELIVERY_STATUSES = ['pending', 'retrying', 'succeeded', 'failed'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

export const EVENT_TYPES = [
  'image.completed',
  'image.failed',
  'video.completed',
  'video.failed',
  'collection.completed',
  'person.created',
  'person.updated',
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

export const TEMPLATE_TYPES = ['image', 'video'] as const;
export const IMAGE_FORMATS = ['png', 'jpeg', 'webp', 'pdf'] as const;
export type ImageOutputFormat = (typeof IMAGE_FORMATS)[number];
export const VIDEO_FORMATS = ['mp4', 'webm', 'gif'] as const;
export type VideoFormat = (typeof VIDEO_FORMATS)[number];
/**
 * `auto` (the default) captures with begin-frame wherever the worker's start-up probe found a headless shell that
 * supports it, and by screenshot elsewhere; the two others force one strategy.
 */
export const VIDEO_STRATEGIES = ['auto', 'screenshot', 'begin-frame'] as const;
export type VideoStrategy = (typeof VIDEO_STRATEGIES)[number];
/** How frames are really captured: what `auto` resolves to on a worker. */
export type CaptureStrategy = Exclude<VideoStrategy, 'auto'>;
export const PLACEHOLDER_TYPES = ['text', 'image', 'color', 'number'] as const;
export type PlaceholderType = (typeof PLACEHOLDER_TYPES)[number];

/** Video defaults when neither the request nor the template's canvas_data names them. */
export const VIDEO_DEFAULTS = { duration_seconds: 5, fps: 30 } as const;

/** What a video may ask for: the request schema and resolveVideoSettings both read these. */
export const VIDEO_LIMITS = { duration_seconds: { min: 0.5, max: 60 }, fps: { min: 10, max: 60 } } as const;

/** Error codes recorded on failed renders (`error.code`). */
export const RENDER_ERROR_CODES = {
  TEMPLATE_INVALID: 'template_invalid',
  ASSET_UNREACHABLE: 'asset_unreachable',
  SSRF_BLOCKED: 'ssrf_blocked',
  TIMEOUT: 'render_timeout',
  CANCELLED: 'cancelled',
  ENCODE_FAILED: 'encode_failed',
  FONT_LOAD_FAILED: 'font_load_failed',
  AUDIO_INVALID: 'audio_invalid',
  ASSET_TOO_LARGE: 'asset_too_large',
  OUTPUT_TOO_LARGE: 'output_too_large',
  INTERNAL: 'internal_error',
} as const;

/** The error a cancelled render ends with, whether its workflow was cancelled or it was cancelled before starting. */
export const RENDER_CANCELLED = { code: RENDER_ERROR_CODES.CANCELLED, message: 'The render was cancelled' } as const;

/**
 * Temporal task priorities of render work (lower runs first; the server's default is 3). A single render goes ahead of
 * collection items, whoever asked, and within a level the org is the fairness key, so one org's 200-item collection
 * neither delays another org's single renders nor takes every slot from another org's collection. Child workflows
 * and activities inherit their workflow's priority. Needs the server's matching.enableFairness (docs/security.md).
 */
export const RENDER_PRIORITY = { SINGLE: 2, COLLECTION: 4 } as const;

export function renderPriority(orgId: string, source: 'single' | 'collection') {
  return { priorityKey: source === 'single' ? RENDER_PRIORITY.SINGLE : RENDER_PRIORITY.COLLECTION, fairnessKey: orgId };
}
