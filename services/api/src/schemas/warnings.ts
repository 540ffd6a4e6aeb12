import { WARNING_CODES } from '@rp/workflow-safe';
import { nullable } from './common';

export const warningSchema = {
  title: 'RenderWarning',
  type: 'object',
  required: ['code', 'placeholder', 'message'],
  properties: {
    code: {
      type: 'string',
      enum: [...WARNING_CODES],
      description:
        'text_overflow: a text is clipped or overflows its box (also after text fit reached `data-fit-min`); image_missing: an image placeholder has no image; ' +
        'image_failed: an image could not be loaded: on a render, an image of the template itself that is not shown (hidden, display:none, zero size), which the render goes on without (a shown one, or a modification\'s image_url, fails it with asset_unreachable); in a preflight, any image; ' +
        'glyph_missing: characters no font the engine can use has (named): the installed fonts on Chromium, the registered faces on native, and the template\'s @font-face fonts on both; ' +
        'image_upscaled: an <img> drawn at more than 2x its natural size; ' +
        'font_load_failed: an @font-face font of the template could not be loaded or was refused; its text is drawn with the next family of its font-family list',
    },
    placeholder: { ...nullable({ type: 'string' }), description: 'The placeholder it concerns, or null' },
    message: { type: 'string' },
  },
} as const;

export const warningsSchema = {
  type: 'array',
  items: warningSchema,
  description: 'What the render noticed about its content (either engine; never fails a render). Null until completed; [] when nothing.',
} as const;

export const warningsCountSchema = {
  type: 'object',
  description: 'Warnings over all items, by code (codes with none are left out)',
  additionalProperties: { type: 'integer' },
} as const;

export const provenanceSchema = {
  title: 'Provenance',
  type: 'object',
  description: 'What made the render (docs/renders.md): equal `fingerprint` means made the same way.',
  properties: {
    template_id: { type: 'string' },
    template_version: { type: 'integer' },
    document_sha256: { type: 'string', description: 'sha256 of the bound document (template HTML with every value bound)' },
    engine: { type: 'string' },
    engine_version: { type: 'string' },
    chromium_version: nullable({ type: 'string' }),
    ffmpeg_version: nullable({ type: 'string' }),
    fonts: { type: 'object', additionalProperties: nullable({ type: 'string' }), description: 'dpkg versions of the font packages' },
    assets: {
      type: 'array',
      items: { type: 'object', properties: { url: { type: 'string' }, sha256: { type: 'string' } } },
      description: 'Every asset the render fetched, sorted by URL',
    },
    pinned: {
      type: 'array',
      items: { type: 'object', properties: { url: { type: 'string' }, sha256: nullable({ type: 'string' }) } },
      description: 'The version\'s pinned resources (docs/pinning.md), sorted by URL: the sha256 of the bytes the render used, null for one recorded unresolved. Absent when the version pinned nothing.',
    },
    fingerprint: { type: 'string', description: 'sha256 of the canonical JSON of every other field' },
  },
} as const;

export const preflightSchema = {
  title: 'CollectionPreflight',
  type: 'object',
  required: ['object', 'template_id', 'template_version', 'total', 'warnings_count', 'items_with_warnings', 'items'],
  properties: {
    object: { const: 'collection_preflight' },
    template_id: { type: 'string' },
    template_version: { type: 'integer' },
    total: { type: 'integer' },
    duration_ms: { type: 'integer', description: 'Time the render worker spent laying the items out' },
    warnings_count: warningsCountSchema,
    items_with_warnings: { type: 'array', items: { type: 'integer' }, description: 'Indexes of the items with warnings or an error' },
    items: {
      type: 'array',
      items: {
        title: 'PreflightItem',
        type: 'object',
        required: ['index', 'warnings'],
        properties: {
          index: { type: 'integer' },
          metadata: { type: 'object', description: 'The item metadata (from-people: `person_id`)' },
          modifications: { type: 'array', items: { type: 'object' }, description: 'The values the item renders with (from-people: mapped from the person); e.g. for POST /v1/previews' },
          warnings: { type: 'array', items: warningSchema },
          error: nullable({ type: 'object', description: 'A failure the real render would end with (e.g. render_timeout), else null' }),
        },
      },
    },
  },
} as const;

export const preflightFlag = {
  type: 'boolean',
  description:
    'Lay every item out (at each requested variant) and answer 200 with its warnings (CollectionPreflight) instead of starting the collection: no encode, no upload, no zip, no webhook, nothing stored.',
} as const;
