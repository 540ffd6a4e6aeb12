import { provenanceSchema, warningsSchema } from './warnings';
import { AUDIO_LIMITS, GIF_LIMITS, MAX_IMAGE_URL_LENGTH, MAX_TEXT_LENGTH, RENDER_STATUSES, VIDEO_DEFAULTS, VIDEO_LIMITS } from '@rp/workflow-safe';
import { uuid, dateTime, nullable } from './common';

/** A modification (spec 2.4). `name` selects the placeholder; the value field must match its type. */
export const modificationSchema = {
  title: 'Modification',
  type: 'object',
  additionalProperties: false,
  required: ['name'],
  properties: {
    name: { type: 'string', minLength: 1, maxLength: 64, description: 'Placeholder name' },
    text: { type: 'string', maxLength: MAX_TEXT_LENGTH, description: 'For `text` placeholders' },
    image_url: {
      type: 'string',
      minLength: 1,
      maxLength: MAX_IMAGE_URL_LENGTH,
      description: 'For `image` placeholders: http(s) URL (public addresses only), data: URI or asset://<asset id>',
    },
    color: { type: 'string', minLength: 1, maxLength: 64, description: 'For `color` placeholders: a CSS colour' },
    number: { type: 'number', description: 'For `number` placeholders; formatted with the placeholder format' },
  },
} as const;

export const modificationsSchema = { type: 'array', maxItems: 100, items: modificationSchema } as const;

const metadataSchema = {
  type: 'object',
  description: 'Free-form client data echoed back on the record (max 16 KiB)',
} as const;

const webhookUrl = {
  type: 'string',
  format: 'uri',
  maxLength: 2048,
  pattern: '^https?://',
  description: 'Receives `image.completed`/`image.failed` (or video.*) as a signed delivery; see docs/webhooks.md',
} as const;

export const createImageBody = {
  type: 'object',
  additionalProperties: false,
  required: ['template_id'],
  properties: {
    template_id: uuid,
    modifications: modificationsSchema,
    webhook_url: webhookUrl,
    metadata: metadataSchema,
    cache: {
      type: 'boolean',
      description:
        'true: when the org has a completed render of the same template version with the same modifications (format and size follow the version), ' +
        'the new record reuses its stored result (`cached_from` names it) and completes without rendering. Default false.',
    },
    variants: {
      type: 'array',
      minItems: 1,
      maxItems: 10,
      items: { type: 'string', maxLength: 40 },
      description:
        'Size variants of the template (`canvas_data.variants`) to render, by name: one record with one entry in `outputs` per variant, in this order, all from the same bound values; `result_url` is the first one\'s.',
    },
  },
} as const;

const seconds = (description: string) => ({ type: 'number', minimum: 0, maximum: AUDIO_LIMITS.maxSeconds, description }) as const;

export const audioTrackSchema = {
  title: 'AudioTrack',
  type: 'object',
  additionalProperties: false,
  required: ['url'],
  description:
    `A soundtrack under the video (mp4: AAC, webm: Opus; a gif with audio answers 422). Cut or looped to the video's duration and mixed in after the chunks are joined. At most ${AUDIO_LIMITS.maxBytes} bytes are downloaded.`,
  properties: {
    url: {
      type: 'string',
      minLength: 1,
      maxLength: 2048,
      pattern: '^(https?://|asset://)',
      description: 'http(s) URL (public addresses only, no redirects) or `asset://<id>` of an uploaded audio asset (mp3, wav, ogg, m4a).',
    },
    volume: { type: 'number', minimum: 0, maximum: AUDIO_LIMITS.maxVolume, description: 'Gain; 1 (default) keeps the level, 0 is silence.' },
    start_at: seconds('Second of the video where the track starts (default 0); silence before. Must be less than the duration.'),
    fade_in: seconds('Fade-in length in seconds from start_at (default 0).'),
    fade_out: seconds("Fade-out length in seconds ending at the video's end (default 0)."),
    loop: { type: 'boolean', description: 'Repeat the track until the video ends (default false: silence after it).' },
  },
} as const;

export const createVideoBody = {
  type: 'object',
  additionalProperties: false,
  required: ['template_id'],
  properties: {
    template_id: uuid,
    modifications: modificationsSchema,
    duration_seconds: {
      type: 'number',
      minimum: VIDEO_LIMITS.duration_seconds.min,
      maximum: VIDEO_LIMITS.duration_seconds.max,
      description: `Defaults to the template canvas_data.duration_seconds, else ${VIDEO_DEFAULTS.duration_seconds}`,
    },
    fps: {
      type: 'integer',
      minimum: VIDEO_LIMITS.fps.min,
      maximum: VIDEO_LIMITS.fps.max,
      description: `Defaults to the template canvas_data.fps, else ${VIDEO_DEFAULTS.fps}. gif templates: at most ${GIF_LIMITS.maxFps}.`,
    },
    audio: audioTrackSchema,
    webhook_url: webhookUrl,
    metadata: metadataSchema,
  },
} as const;

const renderErrorSchema = {
  title: 'RenderError',
  type: 'object',
  required: ['code', 'message'],
  properties: {
    code: {
      type: 'string',
      description:
        'template_invalid | asset_unreachable | ssrf_blocked | render_timeout | browser_crashed | engine_crashed | template_too_complex | encode_failed | font_load_failed | audio_invalid | asset_too_large | output_too_large | cancelled | internal_error',
    },
    message: { type: 'string' },
  },
} as const;

const renderCommon = {
  id: uuid,
  org_id: uuid,
  template_id: uuid,
  template_version: { type: 'integer' },
  status: { type: 'string', enum: [...RENDER_STATUSES] },
  modifications: { type: 'array', items: { type: 'object' } },
  // titled, so generators name it once: untitled, Python's generator calls it VideoMetadata, clashing with video_metadata's
  metadata: { title: 'RenderMetadata', type: 'object', description: 'Free-form client data echoed from the request' },
  result_url: nullable({ type: 'string' }),
  thumbnail_url: nullable({ type: 'string' }),
  error: nullable(renderErrorSchema),
  duration_ms: nullable({ type: 'integer' }),
  webhook_url: nullable({ type: 'string' }),
  webhook_id: nullable(uuid),
  collection_id: nullable(uuid),
  created_at: dateTime,
  started_at: nullable(dateTime),
  completed_at: nullable(dateTime),
} as const;

const required = ['id', 'org_id', 'template_id', 'template_version', 'status', 'modifications', 'created_at', 'object'];

export const imageSchema = {
  title: 'Image',
  type: 'object',
  required,
  properties: {
    ...renderCommon,
    object: { const: 'image' },
    cached_from: { ...nullable(uuid), description: 'The completed render whose stored result this record reuses (render cache), else null' },
    image_metadata: nullable({
      type: 'object',
      properties: {
        width: { type: 'integer' },
        height: { type: 'integer' },
        format: { type: 'string', description: 'png, jpeg, webp or pdf' },
        bytes: { type: 'integer' },
        sha256: { type: 'string' },
        pages: { type: 'integer', description: 'pdf only: always 1' },
        provenance: provenanceSchema,
        engine: { type: 'string', enum: ['chromium', 'native'], description: "the engine that drew it: the template version's decided engine (docs/engines.md)" },
        engine_version: { type: 'string', description: 'e.g. `takumi 2.16.3`, `chromium 142.0.7444.59`' },
      },
    }),
    warnings: nullable(warningsSchema),
    variants: { type: 'array', items: { type: 'string' }, description: 'Only on a render that asked for size variants: their names, in order' },
    outputs: nullable({
      type: 'array',
      description: 'Only on a render that asked for size variants: one output per variant (null until completed); result_url is the first one\'s',
      items: {
        title: 'VariantOutput',
        type: 'object',
        properties: {
          variant: { type: 'string' },
          width: { type: 'integer' },
          height: { type: 'integer' },
          format: { type: 'string' },
          bytes: { type: 'integer' },
          sha256: { type: 'string' },
          result_url: { type: 'string' },
          thumbnail_url: { type: 'string' },
        },
      },
    }),
  },
} as const;

export const videoSchema = {
  title: 'Video',
  type: 'object',
  required,
  properties: {
    ...renderCommon,
    object: { const: 'video' },
    duration_seconds: { type: 'number' },
    fps: { type: 'integer' },
    width: { type: 'integer' },
    height: { type: 'integer' },
    progress: nullable({
      title: 'VideoProgress',
      type: 'object',
      description: 'Frames encoded so far while rendering; percent is 0-100',
      properties: { frames_done: { type: 'integer' }, frames_total: { type: 'integer' }, percent: { type: 'integer' } },
    }),
    audio: nullable({ type: 'object', description: 'The audio track as requested (AudioTrack).' }),
    video_metadata: nullable({
      title: 'VideoMetadata',
      type: 'object',
      description: 'What the finished file is; null until completed.',
      properties: {
        format: { type: 'string', description: 'mp4, webm or gif' },
        width: { type: 'integer' },
        height: { type: 'integer' },
        fps: { type: 'integer' },
        frames: { type: 'integer' },
        duration_seconds: { type: 'number' },
        bytes: { type: 'integer' },
        alpha: { type: 'boolean', description: 'webm with a transparent background (yuva420p)' },
        audio: nullable({ type: 'object', description: 'The mixed track: codec (aac or opus) and the requested settings.' }),
        provenance: provenanceSchema,
      },
    }),
    warnings: nullable({ ...warningsSchema, description: 'What the completed video noticed, laid out at its first frame (docs/renders.md); null until completed' }),
  },
} as const;
