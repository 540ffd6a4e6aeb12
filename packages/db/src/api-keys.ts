import crypto from 'node:crypto';
import type { Knex } from 'knex';

const KEY_PREFIX = 'rk_';

export const hashApiKey = (key: string) => crypto.createHash('sha256').update(key).digest('hex');

/** Creates a key and returns the plaintext once; only its SHA-256 is stored. */
export async function createApiKey(db: Knex, orgId: string, name = 'default'): Promise<{ id: string; key: string }> {
  const key = KEY_PREFIX + crypto.randomBytes(24).toString('base64url');
  const [row] = await db('api_keys')
    .insert({ org_id: orgId, name, prefix: key.slice(0, 10), key_hash: hashApiKey(key) })
    .returning(['id']);
  return { id: row.id, key };
}

export async function createOrg(db: Knex, name: string): Promise<{ id: string }> {
  const id = crypto.randomUUID();
  await db('orgs').insert({ id, org_id: id, name });
  return { id };
}

export async function findOrgByKey(db: Knex, key: string): Promise<{ orgId: string; keyId: string } | null> {
  if (!key.startsWith(KEY_PREFIX)) return null;
  const row = await db('api_keys').where({ key_hash: hashApiKey(key) }).whereNull('revoked_at').first('id', 'org_id');
  return row ? { orgId: row.org_id, keyId: row.id } : null;
}

export async function revokeApiKey(db: Knex, keyId: string): Promise<void> {
  await db('api_keys').where({ id: keyId }).update({ revoked_at: db.fn.now() });
}
