import type Router from '@koa/router';
import type { Context, Middleware } from 'koa';
import { AppError, validationFailed } from '@rp/errors';
import { ajvErrorsToDetails, compileBody, compileParams } from './ajv';
import { readJsonBody } from './read-json-body';
import { findNul } from './find-nul';
import type { ApiDeps } from '../deps';

export type HttpMethod = 'get' | 'post' | 'patch' | 'put' | 'delete';

export interface ResponseDef {
  description: string;
  /** A JSON schema; a schema with `title` becomes a named component in the OpenAPI document. */
  schema?: object;
  /** Defaults to application/json; several when the body's type varies (a preview answers the template's format). */
  contentType?: string | string[];
  headers?: Record<string, { description: string; schema: object }>;
  /** Shown in the API reference; every response with a schema carries one, checked against the schema. */
  example?: unknown;
}

/** Request state a handler sees after validation. */
export interface RouteContext<P = any, Q = any, B = any> {
  ctx: Context;
  params: P;
  query: Q;
  body: B;
  orgId: string;
  deps: ApiDeps;
}

/**
 * One definition drives both the router and the OpenAPI document, so the two cannot drift.
 * `path` uses OpenAPI style (`/v1/templates/{template_id}`).
 */
export interface RouteDef {
  method: HttpMethod;
  path: string;
  operationId: string;
  summary: string;
  description?: string;
  tag: string;
  /** Defaults to true: every /v1 route needs a bearer key. */
  auth?: boolean;
  params?: object;
  query?: object;
  body?: object;
  /** A valid body for the API reference; required with `body` (openapi/examples.test.ts checks it against the schema). */
  requestExample?: unknown;
  /** Raw bodies (uploads) are read by the handler itself; the OpenAPI doc lists the media types. */
  rawBody?: { contentTypes: string[]; description: string };
  headers?: { name: string; description: string; schema: object; required?: boolean }[];
  responses: Record<number, ResponseDef>;
  handler: (rc: RouteContext) => Promise<unknown>;
}

export const koaPath = (p: string) => p.replace(/\{(\w+)\}/g, ':$1');

/**
 * The fixed paths a parametric route also matches (`/v1/collections/{collection_id}` matches `/v1/collections/from-people`),
 * with the methods they do have. A method the fixed path lacks must answer 405 there, not a 422 about a bad id.
 */
function shadowedPaths(def: RouteDef, defs: RouteDef[]): Map<string, string[]> {
  const mine = def.path.split('/');
  const out = new Map<string, string[]>();
  for (const other of defs) {
    const theirs = other.path.split('/');
    if (other.path.includes('{') || theirs.length !== mine.length) continue;
    if (mine.every((seg, i) => seg.startsWith('{') || seg === theirs[i])) {
      out.set(other.path, [...(out.get(other.path) ?? []), other.method.toUpperCase()]);
    }
  }
  return out;
}

/**
 * The router's own 405 (and OPTIONS) answers list every route that matches the path, so a fixed path that a
 * parametric route also matches (`POST /v1/collections/from-people`, `GET /v1/collections/{collection_id}`) would
 * advertise the parametric route's methods too. This middleware, placed before the router, puts the fixed path's own
 * methods in `Allow`.
 */
export function fixedPathAllow(defs: RouteDef[]): Middleware {
  const fixed = new Map<string, string[]>();
  for (const d of defs) if (!d.path.includes('{')) fixed.set(d.path, [...(fixed.get(d.path) ?? []), d.method.toUpperCase()]);
  return async (ctx, next) => {
    await next();
    const own = fixed.get(ctx.path);
    if (own && ctx.response.get('Allow')) ctx.set('Allow', [...own, ...(own.includes('GET') ? ['HEAD'] : [])].join(', '));
  };
}

export function mountRoutes(router: Router, defs: RouteDef[], deps: ApiDeps): void {
  for (const def of defs) {
    const shadowed = def.path.includes('{') ? shadowedPaths(def, defs) : new Map<string, string[]>();
    const vParams = def.params ? compileParams(def.params) : null;
    const vQuery = def.query ? compileParams(def.query) : null;
    const vBody = def.body ? compileBody(def.body) : null;
    router[def.method](def.operationId, koaPath(def.path), async (ctx: Context) => {
      const fixed = shadowed.get(ctx.path);
      if (fixed) {
        ctx.set('Allow', fixed.join(', '));
        throw new AppError(405, 'method_not_allowed', `${ctx.method} is not allowed on ${ctx.path}`);
      }
      const nulInQuery = findNul(ctx.query) ?? findNul(ctx.params);
      if (nulInQuery) throw validationFailed([{ field: nulInQuery, message: 'must not contain NUL characters' }]);
      const params = { ...ctx.params };
      if (vParams && !vParams(params)) throw validationFailed(ajvErrorsToDetails(vParams.errors), 'Invalid path parameter');
      const query: Record<string, unknown> = { ...(ctx.query as Record<string, unknown>) };
      if (vQuery && !vQuery(query)) throw validationFailed(ajvErrorsToDetails(vQuery.errors), 'Invalid query parameter');
      let body: unknown;
      if (vBody) {
        body = await readJsonBody(ctx, deps.config.BODY_LIMIT_BYTES);
        const nul = findNul(body);
        if (nul) throw validationFailed([{ field: nul, message: 'must not contain NUL characters' }]);
        if (!vBody(body)) throw validationFailed(ajvErrorsToDetails(vBody.errors));
      }
      const result = await def.handler({ ctx, params, query, body, orgId: ctx.state.orgId as string, deps });
      if (result !== undefined) ctx.body = result;
      if (!ctx.status || ctx.status === 404) {
        ctx.status = result === undefined ? 204 : Number(Object.keys(def.responses)[0] ?? 200);
      }
    });
  }
}
