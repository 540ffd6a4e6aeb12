import crypto from 'node:crypto';
import { NOW_MS_SQL, type Knex, type UrlKeyRow } from '@rp/db';
import { iso } from '@rp/serializers';
import { conflict, notFound } from '@rp/errors';
import { keysetPage, type Page, type PageQuery } from './keyset-page';

/** Live (unrevoked) URL keys an org may hold: enough to rotate, few enough to audit. */
export const URL_KEY_LIMIT_PER_ORG = 20;

/** The secret is shown once, in the answer to its creation; every other answer leaves it out. */
export function serializeUrlKey(r: UrlKeyRow, withSecret = false) {
  return {
    id: r.id,
    org_id: r.org_id,
    name: r.name,
    created_at: iso(r.created_at),
    revoked_at: iso(r.revoked_at),
    ...(withSecret ? { secret: r.secret } : {}),
  };
}

/** The org row lock serialises concurrent creates, so the limit cannot be raced past. */
export async function createUrlKey(db: Knex, orgId: string, name: string): Promise<UrlKeyRow> {
  return db.transaction(async (trx) => {
    await trx('orgs').where({ id: orgId }).forUpdate().first('id');
    const [{ count }] = await trx('url_keys').where({ org_id: orgId }).whereNull('revoked_at').count<{ count: string }[]>('* as count');
    if (Number(count) >= URL_KEY_LIMIT_PER_ORG) {
      throw conflict('url_key_limit_reached', `An org can have at most ${URL_KEY_LIMIT_PER_ORG} live URL keys; revoke one first`, [
        { field: 'name', message: `the org already has ${URL_KEY_LIMIT_PER_ORG} live URL keys` },
      ]);
    }
    const secret = `uk_${crypto.randomBytes(32).toString('base64url')}`;
    const [row] = await trx('url_keys').insert({ org_id: orgId, name, secret }).returning('*');
    return row as UrlKeyRow;
  });
}

export function listUrlKeys(db: Knex, orgId: string, q: PageQuery): Promise<Page<UrlKeyRow>> {
  return keysetPage<UrlKeyRow>(db('url_keys').where({ org_id: orgId }), q);
}

/** Revoking twice keeps the first time; another org's key answers 404. */
export async function revokeUrlKey(db: Knex, orgId: string, id: string): Promise<void> {
  const n = await db('url_keys')
    .where({ id, org_id: orgId })
    .update({ revoked_at: db.raw(`coalesce(revoked_at, ${NOW_MS_SQL})`) });
  if (!n) throw notFound('URL key');
}

/** Any org's key by id (a render URL names its key, and the key names the org); undefined when there is none. */
export async function findUrlKey(db: Knex, id: string): Promise<UrlKeyRow | undefined> {
  return db('url_keys').where({ id }).first();
}
