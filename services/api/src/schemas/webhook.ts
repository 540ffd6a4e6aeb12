import { DELIVERY_STATUSES, EVENT_TYPES } from '@rp/workflow-safe';
import { dateTime, nullable, uuid } from './common';

const webhookUrl = {
  type: 'string',
  format: 'uri',
  maxLength: 2048,
  pattern: '^[Hh][Tt][Tt][Pp][Ss]?://',
  description: 'http(s) address that receives the signed POSTs (at most 2048 characters).',
} as const;

const events = {
  type: 'array',
  minItems: 1,
  maxItems: EVENT_TYPES.length + 1,
  uniqueItems: true,
  items: { type: 'string', enum: [...EVENT_TYPES, '*'] },
  description: 'Event types to receive, or ["*"] for all.',
} as const;

const description = nullable({ type: 'string', maxLength: 500 });

const webhookProperties = {
  id: uuid,
  org_id: uuid,
  url: { type: 'string' },
  events: { type: 'array', items: { type: 'string' } },
  description: nullable({ type: 'string' }),
  enabled: { type: 'boolean' },
  implicit: {
    type: 'boolean',
    description: 'true for the record that serves a render `webhook_url`; it only receives the events of renders that named it.',
  },
  disabled_reason: nullable({ type: 'string' }),
  created_at: dateTime,
  updated_at: dateTime,
} as const;
const webhookRequired = Object.keys(webhookProperties);

export const webhookSchema = {
  title: 'Webhook',
  type: 'object',
  required: webhookRequired,
  properties: webhookProperties,
} as const;

export const webhookWithSecretSchema = {
  title: 'WebhookWithSecret',
  type: 'object',
  required: [...webhookRequired, 'secret'],
  properties: {
    ...webhookProperties,
    secret: {
      type: 'string',
      description: 'Standard Webhooks signing secret (`whsec_` + base64). Shown only on creation and rotation.',
    },
  },
} as const;

export const createWebhookBody = {
  title: 'WebhookCreate',
  type: 'object',
  additionalProperties: false,
  required: ['url'],
  properties: {
    url: webhookUrl,
    events: { ...events, default: ['*'] },
    description,
    enabled: { type: 'boolean', default: true },
  },
} as const;

export const updateWebhookBody = {
  title: 'WebhookUpdate',
  type: 'object',
  additionalProperties: false,
  minProperties: 1,
  properties: { url: webhookUrl, events, description, enabled: { type: 'boolean' } },
} as const;

export const deliverySchema = {
  title: 'WebhookDelivery',
  type: 'object',
  required: [
    'id', 'webhook_id', 'event_type', 'status', 'http_status', 'attempts',
    'next_retry_at', 'delivered_at', 'created_at', 'payload', 'response_body',
  ],
  properties: {
    id: uuid,
    webhook_id: uuid,
    event_type: { type: 'string', enum: [...EVENT_TYPES] },
    status: {
      type: 'string',
      enum: [...DELIVERY_STATUSES],
      description: 'pending (no attempt yet), retrying (an attempt failed, another is planned), succeeded (2xx), failed (attempts exhausted, 410, blocked target or disabled webhook).',
    },
    http_status: nullable({ type: 'integer', description: 'Status of the latest attempt; null when no response arrived.' }),
    attempts: { type: 'integer', description: 'Attempts made in the current series.' },
    next_retry_at: nullable({ ...dateTime, description: 'When the next attempt is due; null when none is planned.' }),
    delivered_at: nullable(dateTime),
    created_at: dateTime,
    payload: {
      type: 'object',
      description: 'The exact JSON sent: {type, timestamp, data}.',
      required: ['type', 'timestamp', 'data'],
      properties: { type: { type: 'string' }, timestamp: dateTime, data: { type: 'object' } },
    },
    response_body: nullable({ type: 'string', description: 'First 4 KiB of the latest answer; null when none.' }),
  },
} as const;

export const attemptSchema = {
  title: 'WebhookAttempt',
  type: 'object',
  required: ['series', 'attempt', 'http_status', 'response_body', 'error', 'duration_ms', 'created_at'],
  properties: {
    series: { type: 'integer', description: '1, then +1 per redelivery.' },
    attempt: { type: 'integer' },
    http_status: nullable({ type: 'integer' }),
    response_body: nullable({ type: 'string' }),
    error: nullable({ type: 'string', description: 'Why no response was recorded (timeout, connection error, ssrf_blocked, ...).' }),
    duration_ms: nullable({ type: 'integer' }),
    created_at: dateTime,
  },
} as const;

export const deliveryDetailSchema = {
  title: 'WebhookDeliveryDetail',
  type: 'object',
  required: [...deliverySchema.required, 'series', 'attempt_history'],
  properties: {
    ...deliverySchema.properties,
    series: { type: 'integer', description: 'Current attempt series (bumped by redeliver).' },
    attempt_history: { type: 'array', items: attemptSchema, description: 'Every attempt of every series, oldest first.' },
  },
} as const;

export const deliveryListQuery = {
  status: { type: 'string', enum: [...DELIVERY_STATUSES], description: 'Only deliveries in this status.' },
} as const;
