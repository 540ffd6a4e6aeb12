import type { Context } from 'koa';
import type { Page } from '../services/keyset-page';

/** `limit` (1-100, default 20) and an opaque `cursor`: the same list parameters on every list route. */
export const listQuerySchema = {
  limit: { type: 'integer', minimum: 1, maximum: 100, default: 20, description: 'Page size (1-100).' },
  cursor: {
    type: 'string',
    maxLength: 200,
    description: 'Opaque cursor from the `Next-Cursor` header of the previous page; returns older items.',
  },
} as const;

/**
 * Lists answer a JSON array; when more items exist the `Next-Cursor` header carries the cursor for the next
 * page (and a `Link: rel="next"` with the same query plus that cursor).
 */
export function sendPage<T, R>(ctx: Context, page: Page<T>, serialize: (item: T) => R): R[] {
  if (page.nextCursor) {
    ctx.set('Next-Cursor', page.nextCursor);
    const url = new URL(ctx.href);
    url.searchParams.set('cursor', page.nextCursor);
    ctx.set('Link', `<${url.pathname}${url.search}>; rel="next"`);
  }
  return page.items.map(serialize);
}
