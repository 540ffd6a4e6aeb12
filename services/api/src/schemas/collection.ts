import { dateTime, nullable, uuid } from './common';
import { modificationsSchema } from './render';

export const createCollectionBody = {
  type: 'object',
  additionalProperties: false,
  required: ['template_id', 'items'],
  properties: {
    template_id: uuid,
    items: {
      type: 'array',
      minItems: 1,
      maxItems: 500,
      items: {
        title: 'CollectionItemInput',
        type: 'object',
        additionalProperties: false,
        properties: {
          modifications: modificationsSchema,
          metadata: {
            type: 'object',
            description: 'Echoed on the item; `filename` (if a string) names the item in the zip',
          },
        },
      },
    },
    name: { anyOf: [{ type: 'string', maxLength: 200 }, { type: 'null' }] },
    metadata: { type: 'object', description: 'Free-form client data echoed on the collection' },
  },
} as const;

export const collectionItemSchema = {
  title: 'CollectionItem',
  type: 'object',
  required: ['index', 'render_id', 'status'],
  properties: {
    index: { type: 'integer' },
    render_id: uuid,
    status: { type: 'string', enum: ['pending', 'rendering', 'completed', 'failed'] },
    result_url: nullable({ type: 'string' }),
    error: nullable({ type: 'object' }),
    metadata: { type: 'object' },
  },
} as const;

export const collectionSchema = {
  title: 'Collection',
  type: 'object',
  required: ['id', 'org_id', 'name', 'type', 'status', 'total', 'completed', 'failed', 'zip_url', 'zip_storage_path', 'created_at', 'completed_at'],
  properties: {
    id: uuid,
    org_id: uuid,
    template_id: uuid,
    template_version: { type: 'integer' },
    name: nullable({ type: 'string' }),
    type: { type: 'string', enum: ['image', 'video'] },
    status: {
      type: 'string',
      enum: ['pending', 'rendering', 'completed', 'completed_with_errors', 'failed'],
      description: 'completed: every item completed; completed_with_errors: some failed; failed: none completed',
    },
    total: { type: 'integer' },
    completed: { type: 'integer' },
    failed: { type: 'integer' },
    zip_url: nullable({ type: 'string' }),
    zip_storage_path: nullable({ type: 'string' }),
    created_at: dateTime,
    completed_at: nullable(dateTime),
    metadata: { type: 'object' },
    items: { type: 'array', items: collectionItemSchema },
  },
} as const;
