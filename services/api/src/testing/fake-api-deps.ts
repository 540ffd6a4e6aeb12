import http from 'node:http';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import type { Knex } from '@rp/db';

/** One query as the fake database sees it: the table, every builder call in order, and the terminal one. */
export interface FakeQuery {
  table: string;
  calls: { method: string; args: unknown[] }[];
  /** The last call: first, insert, update, del, count, pluck... ('select' when awaited bare). */
  op: string;
}

/** Answers a query; throw to make it fail like a driver would. */
export type FakeDbHandler = (q: FakeQuery) => unknown;

const TERMINAL = new Set(['first', 'insert', 'update', 'del', 'delete', 'count', 'pluck', 'returning', 'select']);

/** A knex stand-in for unit tests: any chain of builder calls, answered by `handler` when awaited. */
export function fakeDb(handler: FakeDbHandler): Knex {
  const builder = (table: string) => {
    const calls: FakeQuery['calls'] = [];
    const proxy: object = new Proxy(
      {},
      {
        get(_t, prop) {
          if (prop === 'then') {
            const op = [...calls].reverse().find((c) => TERMINAL.has(c.method))?.method ?? 'select';
            const run = new Promise((resolve) => resolve(handler({ table, calls, op })));
            return run.then.bind(run);
          }
          if (prop === 'catch') return (fn: (e: unknown) => unknown) => Promise.resolve(proxy).catch(fn);
          return (...args: unknown[]) => {
            calls.push({ method: String(prop), args });
            return proxy;
          };
        },
      },
    );
    return proxy;
  };
  const db = Object.assign((table: string) => builder(table), {
    raw: (sql: string, bindings?: unknown[]) => ({ sql, bindings }),
    fn: { now: () => ({ sql: 'now()' }) },
    transaction: async (fn: (trx: unknown) => Promise<unknown>) => fn(db),
  });
  return db as unknown as Knex;
}

/** Serves an app callback on an ephemeral loopback port for the duration of `fn`. */
export async function withApp<T>(callback: http.RequestListener, fn: (baseUrl: string) => Promise<T>): Promise<T> {
  const server = http.createServer(callback);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    return await fn(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  } finally {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

export const silentLogger = () => pino({ level: 'silent' });
