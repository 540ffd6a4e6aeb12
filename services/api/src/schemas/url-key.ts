import { dateTime, nullable, uuid } from './common';

export const createUrlKeyBody = {
  type: 'object',
  additionalProperties: false,
  properties: { name: { type: 'string', minLength: 1, maxLength: 200, description: 'A label for the key; default `default`' } },
} as const;

export const urlKeySchema = {
  title: 'UrlKey',
  type: 'object',
  required: ['id', 'org_id', 'name', 'created_at', 'revoked_at'],
  properties: {
    id: { ...uuid, description: 'The `key_id` of render URLs signed with this key' },
    org_id: uuid,
    name: { type: 'string' },
    created_at: dateTime,
    revoked_at: nullable(dateTime),
  },
} as const;

export const urlKeyWithSecretSchema = {
  title: 'UrlKeyWithSecret',
  type: 'object',
  required: [...urlKeySchema.required, 'secret'],
  properties: {
    ...urlKeySchema.properties,
    secret: { type: 'string', description: 'HMAC-SHA256 key for signing render URLs. Shown only in this answer.' },
  },
} as const;

export const renderUrlParams = {
  type: 'object',
  required: ['key_id', 'template_file'],
  properties: {
    key_id: uuid,
    template_file: {
      type: 'string',
      pattern: '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}\\.(png|jpg|jpeg|webp)$',
      description: "`<template_id>.<ext>`; the extension must match the template's format (png, jpg/jpeg, webp)",
    },
  },
} as const;

export const renderUrlQuery = {
  type: 'object',
  required: ['sig'],
  properties: {
    sig: { type: 'string', description: 'Hex HMAC-SHA256 of the canonical URL (docs/render-urls.md) under the URL key secret' },
    exp: { type: 'string', pattern: '^\\d{1,12}$', description: 'Optional expiry, unix seconds; covered by the signature' },
  },
  additionalProperties: { type: 'string', description: 'Every other parameter sets the placeholder of its name' },
} as const;
