import { dateTime, date, nullable, uuid } from './common';
import { mappingSchema, peopleFilterSchema } from './collection';

const at = {
  type: 'string',
  pattern: '^([01]\\d|2[0-3]):[0-5]\\d$',
  description: 'Local time of the daily run, HH:MM (24 h) in `timezone`.',
} as const;
const timezone = { type: 'string', minLength: 1, maxLength: 64, description: 'IANA time zone name, e.g. `Europe/Berlin`.' } as const;
const name = { type: 'string', minLength: 1, maxLength: 200 } as const;
const metadata = { type: 'object', description: 'Free-form client data, copied onto every collection the schedule makes' } as const;

const properties = {
  name,
  template_id: uuid,
  people: peopleFilterSchema("the run's date in the schedule's time zone"),
  mapping: mappingSchema,
  at,
  timezone,
  enabled: { type: 'boolean', description: 'false: the Temporal Schedule is paused (as by /pause). Default true.' },
  metadata,
};

export const createScheduleBody = {
  type: 'object',
  additionalProperties: false,
  required: ['name', 'template_id', 'people', 'at', 'timezone'],
  properties,
} as const;

export const updateScheduleBody = {
  type: 'object',
  additionalProperties: false,
  minProperties: 1,
  properties,
} as const;

export const scheduleSchema = {
  title: 'Schedule',
  type: 'object',
  required: ['id', 'org_id', 'name', 'template_id', 'people', 'mapping', 'at', 'timezone', 'enabled', 'metadata', 'created_at', 'updated_at'],
  properties: {
    id: uuid,
    org_id: uuid,
    name: { type: 'string' },
    template_id: uuid,
    people: { type: 'object' },
    mapping: { type: 'object' },
    at: { type: 'string' },
    timezone: { type: 'string' },
    enabled: { type: 'boolean' },
    metadata: { type: 'object' },
    temporal_schedule_id: { type: 'string', description: 'Its Temporal Schedule (Temporal UI → Schedules)' },
    next_run_at: { ...nullable(dateTime), description: 'GET of one schedule only: the next timetable run, null when paused' },
    created_at: dateTime,
    updated_at: dateTime,
  },
} as const;

export const scheduleRunSchema = {
  title: 'ScheduleRun',
  type: 'object',
  required: ['id', 'schedule_id', 'kind', 'local_date', 'status', 'collection_id', 'matched', 'error', 'scheduled_at', 'created_at'],
  properties: {
    id: uuid,
    schedule_id: uuid,
    kind: { type: 'string', enum: ['daily', 'trigger'], description: 'daily: the timetable run (at most one per local date); trigger: POST /trigger' },
    local_date: { ...date, description: "The run's date in the schedule's time zone: what `today` meant" },
    status: {
      type: 'string',
      enum: ['created', 'skipped', 'failed'],
      description: 'created: a collection was made; skipped: nobody matched; failed: template deleted (`template_not_found`) or over the size caps (`template_too_large`), too many people (`too_many_people`), a mapped value invalid (`invalid_mapping`), or the items would take the org past MAX_PENDING_RENDERS_PER_ORG (`too_many_pending_renders`; nothing is stored, trigger it again once renders drain)',
    },
    collection_id: nullable(uuid),
    matched: { type: 'integer', description: 'People matched' },
    error: nullable({ type: 'object' }),
    workflow_id: { type: 'string', description: 'The Temporal workflow of this run' },
    scheduled_at: dateTime,
    created_at: dateTime,
  },
} as const;

export const triggerSchema = {
  title: 'ScheduleTrigger',
  type: 'object',
  required: ['schedule_id', 'triggered_at'],
  properties: { schedule_id: uuid, triggered_at: dateTime },
} as const;
