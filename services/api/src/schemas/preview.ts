import { uuid } from './common';
import { modificationsSchema } from './render';
import { createTemplateBody } from './template';

// An unsaved template: the content fields of POST /v1/templates, with the same bounds (no name, no project).
const { name: _name, project_id: _project, ...content } = createTemplateBody.properties;
const unsavedTemplate = {
  title: 'PreviewTemplate',
  type: 'object',
  additionalProperties: false,
  required: ['type', 'width', 'height'],
  properties: content,
} as const;

export const createPreviewBody = {
  type: 'object',
  additionalProperties: false,
  description: 'Either `template` (unsaved content) or `template_id` (a saved template, optionally at `version`).',
  properties: {
    template: unsavedTemplate,
    template_id: { ...uuid, description: 'A saved template of this org.' },
    version: { type: 'integer', minimum: 1, maximum: 2147483647, description: 'With template_id: the version to preview (default: current).' },
    modifications: modificationsSchema,
    time_seconds: {
      type: 'number',
      minimum: 0,
      maximum: 60,
      description: 'Video templates only: the frame shown at this time (default 0); must lie inside the template duration.',
    },
  },
} as const;

export const previewImageSchema = { type: 'string', format: 'binary' } as const;
