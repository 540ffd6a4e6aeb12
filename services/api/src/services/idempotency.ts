import crypto from 'node:crypto';
import { isUniqueViolation, type Knex } from '@rp/db';
import { conflict } from '@rp/errors';
import { canonicalJson } from '@rp/workflow-safe';

/**
 * Idempotent create: the first request with a key creates the resource and records the key in the same
 * transaction; a repeat with the same body returns the original resource id; a different body answers 409.
 * `oneStatement`: `create` is a single statement when it gets the plain connection (a render without a webhook_url):
 * without a key it runs as that autocommit statement, with no BEGIN and COMMIT around it.
 */
interface IdempotentCreate {
  orgId: string;
  route: string;
  key: string | null;
  body: unknown;
  resourceType: string;
}
export async function createIdempotently(
  db: Knex,
  opts: IdempotentCreate & { oneStatement: boolean },
  create: (q: Knex) => Promise<string>,
): Promise<{ id: string; replayed: boolean }>;
export async function createIdempotently(
  db: Knex,
  opts: IdempotentCreate,
  create: (trx: Knex.Transaction) => Promise<string>,
): Promise<{ id: string; replayed: boolean }>;
export async function createIdempotently(
  db: Knex,
  opts: IdempotentCreate & { oneStatement?: boolean },
  create: (q: Knex.Transaction) => Promise<string>,
): Promise<{ id: string; replayed: boolean }> {
  // (the first overload's callback takes any Knex; only a oneStatement create is ever given the plain connection)
  if (!opts.key && opts.oneStatement) return { id: await create(db as Knex.Transaction), replayed: false };
  const hash = crypto.createHash('sha256').update(canonicalJson(opts.body)).digest('hex');
  const lookup = async () => {
    const row = await db('idempotency_keys').where({ org_id: opts.orgId, route: opts.route, key: opts.key }).first();
    if (!row) return null;
    if (row.request_hash !== hash) {
      throw conflict('idempotency_key_reused', 'This Idempotency-Key was used with a different request body', [
        { field: 'Idempotency-Key', message: 'already used with a different body' },
      ]);
    }
    return { id: row.resource_id as string, replayed: true };
  };
  if (opts.key) {
    const existing = await lookup();
    if (existing) return existing;
  }
  try {
    const id = await db.transaction(async (trx) => {
      const newId = await create(trx);
      if (opts.key) {
        await trx('idempotency_keys').insert({
          org_id: opts.orgId,
          route: opts.route,
          key: opts.key,
          request_hash: hash,
          resource_type: opts.resourceType,
          resource_id: newId,
        });
      }
      return newId;
    });
    return { id, replayed: false };
  } catch (e) {
    // a concurrent request with the same key won the race: answer with its resource
    if (isUniqueViolation(e) && opts.key) {
      const existing = await lookup();
      if (existing) return existing;
    }
    throw e;
  }
}
