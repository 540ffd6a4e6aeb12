import type { Context } from 'koa';

/** 201 with the new resource's address in `Location`, as every create route answers. */
export function created<T>(ctx: Context, location: string, body: T): T {
  ctx.status = 201;
  ctx.set('Location', location);
  return body;
}
