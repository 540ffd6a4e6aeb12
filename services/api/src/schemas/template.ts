import { ENGINE_MODES, ENGINE_REASON_CODES, ENGINES, IMAGE_FORMATS, PINNED_KINDS, PLACEHOLDER_NAME_PATTERN, PLACEHOLDER_TYPES, TEMPLATE_TYPES, VIDEO_FORMATS, VIDEO_STRATEGIES } from '@rp/workflow-safe';
import { designProperties, TEMPLATE_SOURCES } from '@rp/design';
import { MAX_GATE_FINDINGS } from '@rp/engine-gate';
import { dateTime, nullable, uuid } from './common';
import { parityOut } from './parity';
import { warningSchema } from './warnings';

// Bounds from spec section 8 (name 2-120, width/height 16-8192); they apply on create and update alike.
const name = { type: 'string', minLength: 2, maxLength: 120 } as const;
const dimension = { type: 'integer', minimum: 16, maximum: 8192 } as const;
const format = {
  type: 'string',
  enum: [...IMAGE_FORMATS, ...VIDEO_FORMATS],
  description:
    'png, jpeg, webp or pdf (one vector page of the template size, text selectable) for image templates; mp4 (H.264), webm (VP9, with alpha when canvas_data.transparent) or gif (at most 25 fps and 1280 px on each edge) for video templates.',
} as const;
const videoStrategy = {
  type: 'string',
  enum: [...VIDEO_STRATEGIES],
  description:
    'How video frames are captured: `auto` (default: `begin-frame` where the render worker supports it, else `screenshot`), `screenshot` (portable) or `begin-frame` (the compositor draws only on command; fastest).',
} as const;
const canvasData = {
  type: 'object',
  description:
    'Free-form editor data. For video templates `duration_seconds` (0.5-60) and `fps` (integer 10-60; gif at most 25) are the defaults a video request falls back to (else 5 s and 30 fps). `transparent: true` keeps the page background transparent (png, webp, webm only; webm then carries alpha as yuva420p). ' +
    'Image templates may declare size variants, `variants: [{name, width, height, format?}]` (1-10, names a-z0-9_-, each within the size caps), which a render asks for by name (docs/renders.md). ' +
    'With `layers` it is a design document (docs/templates.md "Designed templates"): the template is designed, and its composition_html and placeholders are compiled from it at save.',
  properties: designProperties,
} as const;
const compositionHtml = {
  type: 'string',
  minLength: 1,
  description:
    'The HTML document that is rendered; see docs/templates.md for the data-placeholder binding language. Required unless canvas_data has `layers`: a designed template\'s HTML is compiled from them (leave it out; one sent must equal the compiled HTML).',
} as const;

export const placeholderSchema = {
  title: 'Placeholder',
  type: 'object',
  additionalProperties: false,
  required: ['name', 'type'],
  properties: {
    name: { type: 'string', pattern: PLACEHOLDER_NAME_PATTERN, description: 'Unique within the template.' },
    type: { type: 'string', enum: [...PLACEHOLDER_TYPES] },
    default: {
      description:
        'Value used when a render gives none: text -> string, image -> http(s) URL / data:image URL / asset://<uuid>, color -> CSS color, number -> finite number; null for none.',
    },
    format: { type: ['string', 'null'], maxLength: 200, description: 'Free-form formatting hint for the renderer (e.g. a number format).' },
  },
} as const;

const placeholders = { type: 'array', maxItems: 200, items: placeholderSchema } as const;

const engine = {
  type: 'string',
  enum: [...ENGINE_MODES],
  description:
    'Which engine renders the template (docs/engines.md). `auto` (default for new templates): the platform decides per version; a static gate sends it to Chromium with a reason code when it has what the native engine does not draw, else a parity check renders it through both engines and keeps the native engine only when every sample meets the threshold. `chromium` or `native` force one; `native` answers 422 (field `engine`) naming the reason when the static gate rules it out. A change creates a new version.',
} as const;

const engineDecision = {
  type: 'object',
  description: 'What renders of this version use and why (reason codes in docs/engines.md).',
  required: ['engine', 'reason', 'parity'],
  properties: {
    engine: { type: 'string', enum: [...ENGINES] },
    reason: nullable({
      type: 'string',
      description: `A reason code, some with a detail after a colon (\`unsupported_css:mask-image\`, \`unsupported_animation:clip-path\`). Codes: ${ENGINE_REASON_CODES.map((c) => `\`${c}\``).join(', ')}.`,
    }),
    parity: nullable(parityOut),
  },
} as const;

export const createTemplateBody = {
  type: 'object',
  additionalProperties: false,
  required: ['name', 'type', 'width', 'height'],
  properties: {
    name,
    type: { type: 'string', enum: [...TEMPLATE_TYPES] },
    format: { ...format, description: `${format.description} Defaults to png (image) or mp4 (video).` },
    width: dimension,
    height: dimension,
    composition_html: compositionHtml,
    canvas_data: canvasData,
    placeholders,
    video_strategy: videoStrategy,
    engine: { ...engine, description: `${engine.description} Defaults to auto.` },
    project_id: { ...uuid, description: 'Grouping key; defaults to the org id (the org\'s default project).' },
  },
} as const;

export const updateTemplateBody = {
  type: 'object',
  additionalProperties: false,
  description:
    'Every field is optional. A change to composition_html, canvas_data, placeholders, width, height, format, video_strategy or engine creates a new version; a rename or project move does not. `type` cannot change.',
  properties: {
    name,
    width: dimension,
    height: dimension,
    canvas_data: canvasData,
    composition_html: compositionHtml,
    placeholders,
    format,
    video_strategy: videoStrategy,
    engine,
    project_id: uuid,
  },
} as const;

const placeholderOut = {
  type: 'object',
  required: ['name', 'type', 'default', 'format'],
  properties: {
    name: { type: 'string' },
    type: { type: 'string', enum: [...PLACEHOLDER_TYPES] },
    default: {},
    format: nullable({ type: 'string' }),
  },
} as const;

const contentFields = {
  type: { type: 'string', enum: [...TEMPLATE_TYPES] },
  format: { type: 'string', enum: [...IMAGE_FORMATS, ...VIDEO_FORMATS] },
  width: { type: 'integer' },
  height: { type: 'integer' },
  canvas_data: { type: 'object' },
  composition_html: { type: 'string' },
  placeholders: { type: 'array', items: placeholderOut },
  video_strategy: { type: 'string', enum: [...VIDEO_STRATEGIES] },
  engine: { type: 'string', enum: [...ENGINE_MODES], description: 'The engine the author asked for (`auto`, `chromium`, `native`).' },
  engine_decision: engineDecision,
  warnings: {
    type: 'array',
    items: warningSchema,
    description:
      'What the save noticed about the template\'s own images and fonts that will not load (docs/templates.md "Warnings at save"), judged from the HTML and the pinned resources: `image_failed` for an image that cannot load (a relative URL, one not pinned), saying whether renders go on without it (it is hidden) or fail (it is shown); `font_load_failed` for an @font-face none of whose sources can load, whose text renders in the next family of its font-family list. A template\'s are its current version\'s; [] for versions saved before these were recorded.',
  },
  source: {
    type: 'string',
    enum: [...TEMPLATE_SOURCES],
    readOnly: true,
    description: '`design`: canvas_data holds a design document and composition_html is compiled from it (the studio\'s visual editor opens it); `html`: composition_html is written by hand.',
  },
} as const;

export const templateSchema = {
  title: 'Template',
  type: 'object',
  required: [
    'id', 'project_id', 'org_id', 'name', 'type', 'format', 'width', 'height', 'canvas_data', 'composition_html',
    'placeholders', 'is_published', 'current_version', 'created_at', 'updated_at', 'video_strategy', 'engine', 'engine_decision', 'warnings', 'source',
  ],
  properties: {
    id: uuid,
    project_id: uuid,
    org_id: uuid,
    name: { type: 'string' },
    ...contentFields,
    is_published: { type: 'boolean' },
    current_version: { type: 'integer', minimum: 1 },
    created_at: dateTime,
    updated_at: dateTime,
  },
} as const;

const pinnedResource = {
  type: 'object',
  required: ['url', 'kind', 'status', 'asset_key', 'sha256', 'bytes', 'content_type', 'error', 'gate'],
  properties: {
    url: { type: 'string', description: 'Absolute URL as the template (or a pinned stylesheet, against its own URL) names it.' },
    kind: { type: 'string', enum: [...PINNED_KINDS] },
    status: { type: 'string', enum: ['pinned', 'unresolved'], description: '`unresolved`: fetching failed at save; renders of this version fail with `error.code` at once, without fetching.' },
    asset_key: nullable({ type: 'string', description: 'Where the bytes are stored, content-addressed within the org.' }),
    sha256: nullable({ type: 'string', pattern: '^[0-9a-f]{64}$' }),
    bytes: nullable({ type: 'integer', minimum: 0 }),
    content_type: nullable({ type: 'string' }),
    error: nullable({
      type: 'object',
      required: ['code', 'message'],
      properties: { code: { type: 'string', enum: ['asset_unreachable', 'ssrf_blocked', 'asset_too_large'] }, message: { type: 'string' } },
    }),
    gate: nullable({
      type: 'object',
      required: ['findings', 'rules', 'unmatched_rules'],
      description: `A pinned stylesheet only: the static gate's verdict of it, judged when it was pinned (docs/pinning.md). \`findings\`: the reasons it gives the native engine, each with the selector of the rule carrying it (null: whatever the document), only those whose selector matches an element of the version's HTML (at most ${MAX_GATE_FINDINGS}); the gate refuses the native engine only on a finding whose selector matches. \`rules\`: its style rules; \`unmatched_rules\`: those that match no element and so decide nothing.`,
      properties: {
        findings: {
          type: 'array',
          items: { type: 'object', required: ['reason', 'selector'], properties: { reason: { type: 'string' }, selector: nullable({ type: 'string' }) } },
        },
        rules: { type: 'integer', minimum: 0 },
        unmatched_rules: { type: 'integer', minimum: 0 },
      },
    }),
  },
} as const;

export const templateVersionSchema = {
  title: 'TemplateVersion',
  type: 'object',
  description: 'Immutable snapshot of a template\'s rendering content; renders pin one.',
  required: [
    'template_id', 'org_id', 'version', 'type', 'format', 'width', 'height', 'canvas_data', 'composition_html',
    'placeholders', 'video_strategy', 'engine', 'engine_decision', 'warnings', 'pinned_resources', 'source', 'created_at',
  ],
  properties: {
    template_id: uuid,
    org_id: uuid,
    version: { type: 'integer', minimum: 1 },
    ...contentFields,
    pinned_resources: {
      type: 'array',
      items: pinnedResource,
      description: 'What the version loads from elsewhere, fetched and stored when it was saved (docs/pinning.md); renders use these bytes and never fetch the URLs again.',
    },
    created_at: dateTime,
  },
} as const;

export const templateListQuery = {
  type: 'object',
  properties: {
    project_id: { ...uuid, description: 'Only templates of this project.' },
    type: { type: 'string', enum: [...TEMPLATE_TYPES], description: 'Only image or only video templates.' },
    is_published: { type: 'boolean', description: 'Only published (true) or unpublished (false) templates.' },
  },
} as const;

export { versionParitySchema } from './parity';
