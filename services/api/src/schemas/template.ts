import { IMAGE_FORMATS, PLACEHOLDER_NAME_PATTERN, PLACEHOLDER_TYPES, TEMPLATE_TYPES, VIDEO_FORMATS, VIDEO_STRATEGIES } from '@rp/common';
import { dateTime, nullable, uuid } from './common';

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
    'Image templates may declare size variants, `variants: [{name, width, height, format?}]` (1-10, names a-z0-9_-, each within the size caps), which a render asks for by name (docs/renders.md).',
} as const;
const compositionHtml = {
  type: 'string',
  minLength: 1,
  description: 'The HTML document that is rendered; see docs/templates.md for the data-placeholder binding language.',
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

export const createTemplateBody = {
  type: 'object',
  additionalProperties: false,
  required: ['name', 'type', 'width', 'height', 'composition_html'],
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
    project_id: { ...uuid, description: 'Grouping key; defaults to the org id (the org\'s default project).' },
  },
} as const;

export const updateTemplateBody = {
  type: 'object',
  additionalProperties: false,
  description:
    'Every field is optional. A change to composition_html, canvas_data, placeholders, width, height, format or video_strategy creates a new version; a rename or project move does not. `type` cannot change.',
  properties: {
    name,
    width: dimension,
    height: dimension,
    canvas_data: canvasData,
    composition_html: compositionHtml,
    placeholders,
    format,
    video_strategy: videoStrategy,
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
} as const;

export const templateSchema = {
  title: 'Template',
  type: 'object',
  required: [
    'id', 'project_id', 'org_id', 'name', 'type', 'format', 'width', 'height', 'canvas_data', 'composition_html',
    'placeholders', 'is_published', 'current_version', 'created_at', 'updated_at', 'video_strategy',
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

export const templateVersionSchema = {
  title: 'TemplateVersion',
  type: 'object',
  description: 'Immutable snapshot of a template\'s rendering content; renders pin one.',
  required: [
    'template_id', 'org_id', 'version', 'type', 'format', 'width', 'height', 'canvas_data', 'composition_html',
    'placeholders', 'video_strategy', 'created_at',
  ],
  properties: {
    template_id: uuid,
    org_id: uuid,
    version: { type: 'integer', minimum: 1 },
    ...contentFields,
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
