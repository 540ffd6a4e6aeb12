import type { RouteDef } from '../http/route';
import { errorSchema } from '../schemas/common';
import { errorExample } from './example-errors';

type Schema = Record<string, any>;

/**
 * Hoists every schema that has a `title` into components.schemas and replaces it with a $ref,
 * so the document reads like a hand-written one while coming from the very schemas ajv enforces.
 */
function hoist(schema: Schema, components: Record<string, Schema>, top = false): Schema {
  if (!schema || typeof schema !== 'object') return schema;
  if (Array.isArray(schema)) return schema.map((s) => hoist(s, components)) as unknown as Schema;
  const out: Schema = {};
  for (const [k, v] of Object.entries(schema)) {
    if (k === 'properties' || k === 'patternProperties' || k === '$defs') {
      out[k] = Object.fromEntries(Object.entries(v as Schema).map(([pk, pv]) => [pk, hoist(pv as Schema, components)]));
    } else if (k === 'items' || k === 'additionalProperties' || k === 'not' || k === 'if' || k === 'then' || k === 'else') {
      out[k] = typeof v === 'object' ? hoist(v as Schema, components) : v;
    } else if (k === 'anyOf' || k === 'oneOf' || k === 'allOf') {
      out[k] = (v as Schema[]).map((s) => hoist(s, components));
    } else out[k] = v;
  }
  if (!top && typeof schema.title === 'string') {
    components[schema.title] = out;
    return { $ref: `#/components/schemas/${schema.title}` };
  }
  return out;
}

function paramList(where: 'path' | 'query', schema: Schema | undefined, components: Record<string, Schema>) {
  if (!schema) return [];
  const required = new Set<string>(schema.required ?? []);
  return Object.entries(schema.properties ?? {}).map(([name, s]) => {
    const { description, ...rest } = s as Schema;
    return {
      name,
      in: where,
      required: where === 'path' || required.has(name),
      ...(description ? { description } : {}),
      schema: hoist(rest, components),
    };
  });
}

/** A route's own responses plus the error answers every route can give (with their shared error schema). */
function responsesOf(r: RouteDef, components: Record<string, Schema>, errorRef: unknown): Record<string, unknown> {
  const responses: Record<string, unknown> = {};
  for (const [status, res] of Object.entries(r.responses)) {
    const example = res.example ?? (res.schema === errorSchema ? errorExample(status) : undefined);
    const media = res.schema ? { schema: hoist(res.schema as Schema, components), ...(example !== undefined ? { example } : {}) } : undefined;
    responses[status] = {
      description: res.description,
      ...(res.headers ? { headers: res.headers } : {}),
      ...(media ? { content: Object.fromEntries([res.contentType ?? 'application/json'].flat().map((t) => [t, media])) } : {}),
    };
  }
  const errors: Record<string, string> = {
    '400': 'Malformed JSON or invalid UTF-8',
    '404': 'Not found (also for resources of another org)',
    '422': 'Validation failed; `details` names each field',
    '429': 'Rate limited; see RateLimit-* and Retry-After headers',
    '503': 'A dependency (database, workflow engine, storage) is unavailable',
  };
  if (r.auth !== false) errors['401'] = 'Missing, invalid or revoked API key';
  if (r.body) {
    errors['413'] = 'Body larger than the limit';
    errors['415'] = 'Body is not application/json';
  }
  for (const [s, d] of Object.entries(errors)) {
    responses[s] ??= { description: d, content: { 'application/json': { schema: errorRef, example: errorExample(s) } } };
  }
  return responses;
}

/** A multipart upload carries its bytes in the part named `file` (http/read-upload.ts); a form without it is refused. */
const multipartFile = { type: 'object', required: ['file'], properties: { file: { type: 'string', format: 'binary' } } };

function operationOf(r: RouteDef, components: Record<string, Schema>, errorRef: unknown): Record<string, unknown> {
  const op: Record<string, unknown> = {
    operationId: r.operationId,
    summary: r.summary,
    ...(r.description ? { description: r.description } : {}),
    tags: [r.tag],
    parameters: [
      ...paramList('path', r.params as Schema, components),
      ...paramList('query', r.query as Schema, components),
      ...(r.headers ?? []).map((h) => ({ name: h.name, in: 'header', required: !!h.required, description: h.description, schema: h.schema })),
    ],
    responses: responsesOf(r, components, errorRef),
  };
  if (r.auth === false) op.security = [];
  if (r.body) {
    // An absent body reads as {} (read-json-body), so a body that {} satisfies (no required field, no
    // minProperties) is optional on the wire; one that {} does not satisfy is required.
    const body = r.body as Schema;
    const required = (body.required ?? []).length > 0 || (body.minProperties ?? 0) > 0;
    const example = r.requestExample !== undefined ? { example: r.requestExample } : {};
    op.requestBody = { required, content: { 'application/json': { schema: hoist(r.body as Schema, components), ...example } } };
  }
  if (r.rawBody) {
    op.requestBody = {
      required: true,
      description: r.rawBody.description,
      content: Object.fromEntries(r.rawBody.contentTypes.map((t) => [t, { schema: t === 'multipart/form-data' ? multipartFile : { type: 'string', format: 'binary' } }])),
    };
  }
  return op;
}

export function buildOpenApi(routes: RouteDef[], serverUrl: string) {
  const components: Record<string, Schema> = {};
  const errorRef = hoist(errorSchema, components);
  const paths: Record<string, Record<string, unknown>> = {};
  for (const r of routes) (paths[r.path] ??= {})[r.method] = operationOf(r, components, errorRef);
  return {
    openapi: '3.1.0',
    info: {
      title: 'Render Platform API',
      version: '1.0.0',
      description:
        'Turns stored HTML templates plus per-request modifications into images and videos, renders collections, keeps people records, and reports completion through signed, retried webhooks.',
    },
    servers: [{ url: serverUrl }],
    security: [{ bearerAuth: [] }],
    paths,
    components: {
      securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', description: 'API key created with `npm run keys -- create --org NAME`' } },
      schemas: Object.fromEntries(Object.entries(components).sort(([a], [b]) => a.localeCompare(b))),
    },
  };
}
