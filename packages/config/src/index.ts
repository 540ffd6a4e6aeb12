import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { temporalTlsEnv } from './temporal-tls';
import type { FragmentConfig } from './config-of';

export { temporalTlsEnv, temporalTls, type TemporalTlsConfig, type TemporalTlsOptions } from './temporal-tls';
export type { ConfigOf, FragmentConfig } from './config-of';

export class ConfigError extends Error {
  constructor(readonly variables: string[], reasons: string[]) {
    super(`Invalid configuration: ${reasons.join('; ')}`);
    this.name = 'ConfigError';
  }
}

export interface EnvSchema {
  type: 'object';
  properties: Record<string, object>;
  required?: readonly string[];
}

/**
 * Parses process.env once against a JSON schema. Values are coerced (numbers, booleans) and defaults
 * applied. On failure it names the offending variables and never prints their values, since many are secrets.
 */
export function loadConfig<T>(schema: EnvSchema, env: NodeJS.ProcessEnv = process.env): T {
  const ajv = new Ajv({ coerceTypes: true, useDefaults: true, allErrors: true, removeAdditional: false });
  addFormats(ajv);
  const keys = Object.keys(schema.properties);
  const input: Record<string, unknown> = {};
  for (const k of keys) {
    const v = env[k];
    if (v !== undefined && v !== '') input[k] = v;
  }
  const validate = ajv.compile({ ...schema, additionalProperties: false });
  if (validate(input)) return input as T;
  const vars = new Set<string>();
  const reasons: string[] = [];
  for (const e of validate.errors ?? []) {
    const name =
      e.keyword === 'required'
        ? String((e.params as { missingProperty: string }).missingProperty)
        : e.instancePath.replace(/^\//, '');
    if (vars.has(name)) continue;
    vars.add(name);
    reasons.push(e.keyword === 'required' ? `${name} is required` : `${name} ${e.message ?? 'is invalid'}`);
  }
  throw new ConfigError([...vars], reasons);
}

/**
 * A service's start: its config, or exit 78 (EX_CONFIG) naming the bad variables, so a supervisor does not
 * restart-loop on a bad configuration. Anything but a ConfigError is a bug and propagates.
 */
export function loadConfigOrExit<T>(service: string, load: () => T): T {
  try {
    return load();
  } catch (e) {
    if (!(e instanceof ConfigError)) throw e;
    process.stderr.write(`${service}: ${e.message}\n`);
    return process.exit(78);
  }
}

/** The env variable names a schema reads: the Helm chart test compares these with the chart. */
export function envKeys(schema: { properties: object }): string[] {
  return Object.keys(schema.properties).sort();
}

/**
 * Shared fragments so every service spells a variable the same way. Each service reads only the fragments it uses,
 * so it is never handed a secret it has no use for (docs/security.md): the render worker has no FILE_URL_SECRET,
 * the webhook worker no MinIO keys.
 */
export const commonEnv = {
  DATABASE_URL: { type: 'string', pattern: '^postgres(ql)?://' },
  TEMPORAL_ADDRESS: { type: 'string', default: '127.0.0.1:7233' },
  TEMPORAL_NAMESPACE: { type: 'string', default: 'default' },
  LOG_LEVEL: { type: 'string', enum: ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], default: 'info' },
  SSRF_ALLOW_CIDRS: { type: 'string', default: '' },
  ...temporalTlsEnv,
} as const;

/** Object storage (MinIO): the API and the render worker. */
export const storageEnv = {
  MINIO_ENDPOINT: { type: 'string', format: 'uri', default: 'http://127.0.0.1:9000' },
  MINIO_ACCESS_KEY: { type: 'string', minLength: 3 },
  MINIO_SECRET_KEY: { type: 'string', minLength: 8 },
  MINIO_BUCKET: { type: 'string', pattern: '^[a-z0-9][a-z0-9.-]{2,62}$', default: 'renders' },
} as const;

/** Signed file URLs: the API (signs and verifies) and the webhook worker (signs the URLs in event payloads). */
export const fileUrlEnv = {
  PUBLIC_API_URL: { type: 'string', format: 'uri', default: 'http://127.0.0.1:8080' },
  FILE_URL_SECRET: { type: 'string', minLength: 16 },
} as const;

export const workerEnv = {
  HEALTH_PORT: { type: 'integer', minimum: 0, maximum: 65535, default: 0 },
  SHUTDOWN_GRACE_MS: { type: 'integer', minimum: 0, default: 30000 },
  /** Prometheus port for the Temporal core's own metrics (Runtime telemetry); 0 disables it. */
  TEMPORAL_METRICS_PORT: { type: 'integer', minimum: 0, maximum: 65535, default: 0 },
  /** Temporal's worker tuner (docs/deploy.md "Worker slots"): fixed-size slot suppliers, or resource-based up to the same counts. */
  WORKER_TUNER: { type: 'string', enum: ['fixed', 'resource-based'], default: 'fixed' },
  /** resource-based only: the CPU and memory use (0-1) under which the tuner hands out more slots. */
  WORKER_TUNER_TARGET_CPU: { type: 'number', minimum: 0.05, maximum: 1, default: 0.8 },
  WORKER_TUNER_TARGET_MEMORY: { type: 'number', minimum: 0.05, maximum: 1, default: 0.8 },
} as const;

/** Read by the API (new collections) and the render worker (its sweeper restarts orphaned ones). */
export const collectionEnv = {
  COLLECTION_CONCURRENCY: { type: 'integer', minimum: 1, maximum: 500, default: 50 },
} as const;

/**
 * Size and share caps (docs/security.md): read by the API (templates, renders, collections, render URLs) and the
 * render worker (collections that schedules create), so both admit by the same values.
 */
export const capsEnv = {
  /** Largest width x height of an image or a video frame (default 4096 x 4096). */
  MAX_IMAGE_PIXELS: { type: 'integer', minimum: 1, default: 16777216 },
  /** Largest width x height x frames of a video (default 1920 x 1080 at 30 fps for 60 s). */
  MAX_VIDEO_PIXEL_FRAMES: { type: 'integer', minimum: 1, default: 3732480000 },
  /** Renders of one org not yet final; at least the largest collection (500 items). */
  MAX_PENDING_RENDERS_PER_ORG: { type: 'integer', minimum: 500, default: 1000 },
} as const;

/** Typed views of the fragments (config-of.ts): what a function reading only that part of a config takes. */
export type CapsConfig = FragmentConfig<typeof capsEnv>;
export type CommonConfig = FragmentConfig<typeof commonEnv>;
export type StorageConfig = FragmentConfig<typeof storageEnv>;
export type FileUrlConfig = FragmentConfig<typeof fileUrlEnv>;
export type WorkerConfig = CommonConfig & FragmentConfig<typeof workerEnv>;
export * from './service-node-options';
export * from './memory-limit';
