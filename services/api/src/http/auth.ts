import type { Context, Next } from 'koa';
import { findOrgByKey, type Knex } from '@rp/db';
import { unauthorized } from '@rp/errors';

/** Bearer API keys. Keys are stored hashed; a missing, malformed, unknown or revoked key answers 401. */
export function authenticate(db: Knex) {
  return async (ctx: Context, next: Next) => {
    const header = ctx.get('authorization');
    const m = /^Bearer\s+(\S+)\s*$/i.exec(header);
    if (!m) throw unauthorized(header ? 'Authorization must be "Bearer <api key>"' : 'Missing Authorization header');
    const found = await findOrgByKey(db, m[1]!);
    if (!found) throw unauthorized('Invalid or revoked API key');
    ctx.state.orgId = found.orgId;
    ctx.state.keyId = found.keyId;
    await next();
  };
}
