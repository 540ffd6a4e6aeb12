import crypto from 'node:crypto';
import type { Context } from 'koa';
import type { Knex } from '@rp/db';
import { conflict, validationFailed } from '@rp/errors';
import { canonicalJson } from '@rp/common';

export function idempotencyKey(ctx: Context): string | null {
  const key = ctx.req.headers['idempotency-key'];
  if (key === undefined) return null;
  // Sent but empty is a client bug (an unset variable), not a request to skip idempotency.
  if (typeof key !== 'string' || key.length < 1 || key.length > 255) {
    throw validationFailed([{ field: 'Idempotency-Key', message: 'must be 1 to 255 characters' }]);
  }
  return key;
}

/**
 * Idempotent create: the first request with a key creates the resource and records the key in the same
 * transaction; a repeat with the same body returns the original resource id; a different body answers 409.
 */
export async function createIdempotently(
  db: Knex,
  opts: { orgId: string; route: string; key: string | null; body: unknown; resourceType: string },
  create: (trx: Knex.Transaction) => Promise<string>,
): Promise<{ id: string; replayed: boolean }> {
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
    if ((e as { code?: string }).code === '23505' && opts.key) {
      const existing = await lookup();
      if (existing) return existing;
    }
    throw e;
  }
}
