import { createApp } from '../app';
import { loadApiConfig } from '../config';
import type { ApiDeps } from '../deps';
import { fakeDb, silentLogger, withApp, type FakeDbHandler } from './fake-api-deps';

export const UNIT_ORG_ID = '00000000-0000-4000-8000-000000000001';
/** Any key with the rk_ prefix authenticates: the fake api_keys table knows every hash. */
export const UNIT_API_KEY = 'rk_unit-test-key';

export interface UnitApiOptions {
  /** Answers every query but api_keys lookups (which authenticate UNIT_API_KEY as UNIT_ORG_ID). */
  db?: FakeDbHandler;
  temporal?: Partial<ApiDeps['temporal']>;
  store?: Partial<ApiDeps['store']>;
  env?: NodeJS.ProcessEnv;
}

/** The real app (routes, validation, error handler) around stubbed dependencies, served on a loopback port. */
export async function withUnitApi<T>(opts: UnitApiOptions, fn: (request: UnitRequest) => Promise<T>): Promise<T> {
  const config = loadApiConfig({
    DATABASE_URL: 'postgres://unit@127.0.0.1:1/unit',
    MINIO_ACCESS_KEY: 'unit',
    MINIO_SECRET_KEY: 'unit-secret',
    FILE_URL_SECRET: 'unit-file-url-secret',
    ...opts.env,
  });
  const handler = opts.db ?? (() => undefined);
  const deps = {
    config,
    db: fakeDb((q) => (q.table === 'api_keys' ? { id: 'unit-key', org_id: UNIT_ORG_ID } : handler(q))),
    store: opts.store ?? {},
    temporal: opts.temporal ?? {},
    logger: silentLogger(),
    signUrl: (p: string) => `https://files.test/${p}`,
    // no NOTIFY without Postgres: a wait ends at once and the row is read as the fake db answers it
    finalRenders: { expect: () => ({ wait: async () => undefined, cancel: () => undefined }), waitFor: async () => undefined, close: async () => undefined },
    ssrfGuard: { check: async () => ({ url: new URL('http://x'), address: '203.0.113.1' }), isAllowedAddress: () => true },
  } as unknown as ApiDeps;
  const handle = createApp(deps).app.callback();
  return withApp((req, res) => void handle(req, res), (base) => fn(unitRequest(base)));
}

export interface UnitResponse {
  status: number;
  headers: Headers;
  body: any;
  text: string;
}
export type UnitRequest = (method: string, path: string, init?: { body?: string | Buffer; headers?: Record<string, string> }) => Promise<UnitResponse>;

function unitRequest(base: string): UnitRequest {
  return async (method, path, init = {}) => {
    const res = await fetch(base + path, {
      method,
      headers: { authorization: `Bearer ${UNIT_API_KEY}`, ...init.headers },
      body: init.body,
    });
    const text = await res.text();
    let body: unknown = null;
    try {
      body = JSON.parse(text);
    } catch {
      /* not JSON */
    }
    return { status: res.status, headers: res.headers, body, text };
  };
}
