import { COLLECTION_STATUSES, RENDER_STATUSES, TEMPLATE_TYPES } from '@rp/workflow-safe';
import { dateTime, nullable, uuid } from './common';
import { modificationsSchema } from './render';
import { CALENDAR_DAY, personListQuery } from './person';
import { PERSON_FIELDS } from '@rp/people';
import { preflightFlag, warningsCountSchema, warningsSchema } from './warnings';

const collectionVariants = {
  type: 'array',
  minItems: 1,
  maxItems: 10,
  items: { type: 'string', maxLength: 40 },
  description: 'Size variants of the template (`canvas_data.variants`) every item renders; the zip holds one folder per variant (`story/007.png`). A preflight lays each item out at every variant asked for (the message of a warning starts with its variant, `[story] ...`), else at the template size.',
} as const;

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
    preflight: preflightFlag,
    variants: collectionVariants,
  },
} as const;

const dayOrToday = (what: string, today: string) => ({
  type: 'string',
  pattern: `^(today|${CALENDAR_DAY})$`,
  description: `People whose ${what} falls on this day: \`today\` (${today}), MM-DD (in today's year) or YYYY-MM-DD.`,
});

/** The people filter of from-people and of schedules; `today` says which day `"today"` is. */
export const peopleFilterSchema = (today: string) => ({
  type: 'object',
  additionalProperties: false,
  description: 'Which people get an item: the filters of GET /v1/people, combined with AND. `status` defaults to active.',
  properties: {
    ...personListQuery.properties,
    birthday: dayOrToday('birthday (birth_date month and day)', today),
    hire_anniversary: dayOrToday('hire anniversary (hire_date month and day)', today),
  },
});

export const mappingSchema = {
  type: 'object',
  maxProperties: 100,
  additionalProperties: { type: 'string', maxLength: 2048 },
  description:
    'Placeholder name → text in which `{field}` is replaced by the person\'s value. Fields: ' +
    `${PERSON_FIELDS.join(', ')}, custom_fields.<key>. \`{photo}\` is \`asset://<photo_asset_id>\` (for image placeholders). ` +
    'Placeholders not in the mapping but named after a field (e.g. `first_name`) get that field; the rest keep their defaults.',
} as const;

export const createFromPeopleBody = {
  type: 'object',
  additionalProperties: false,
  required: ['template_id', 'people'],
  properties: {
    template_id: uuid,
    people: peopleFilterSchema('the current UTC day'),
    mapping: mappingSchema,
    name: { anyOf: [{ type: 'string', maxLength: 200 }, { type: 'null' }] },
    metadata: { type: 'object', description: 'Free-form client data echoed on the collection' },
    preflight: preflightFlag,
    variants: collectionVariants,
  },
} as const;

export const collectionItemSchema = {
  title: 'CollectionItem',
  type: 'object',
  required: ['index', 'render_id', 'workflow_id', 'status'],
  properties: {
    index: { type: 'integer' },
    render_id: uuid,
    workflow_id: {
      type: 'string',
      description:
        "The item's child workflow in Temporal (`collection-<id>-item-<index>`): its attempts and its error are in that workflow's history (docs/operations.md). " +
        'Items of image collections created before item workflows rendered inside their collection workflow (`collection-<id>`) and have no workflow of their own.',
    },
    status: { type: 'string', enum: [...RENDER_STATUSES] },
    result_url: nullable({ type: 'string' }),
    error: nullable({ type: 'object' }),
    metadata: { type: 'object' },
    warnings: nullable(warningsSchema),
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
    type: { type: 'string', enum: [...TEMPLATE_TYPES] },
    status: {
      type: 'string',
      enum: [...COLLECTION_STATUSES],
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
    schedule_id: { ...nullable(uuid), description: 'The schedule whose run made this collection, else null' },
    items: { type: 'array', items: collectionItemSchema },
    warnings_count: { ...warningsCountSchema, description: 'With items (GET by id): warnings of the completed items, by code' },
    items_with_warnings: { type: 'array', items: { type: 'integer' }, description: 'With items (GET by id): indexes of the items that have warnings' },
  },
} as const;
