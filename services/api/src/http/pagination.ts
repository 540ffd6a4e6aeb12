import type { Context } from 'koa';
import type { Page } from '../services/keyset-page';

const UUID = '[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}';

/**
 * A list cursor is `<created_at in epoch milliseconds>_<id>` of the last item of the previous page: a shape the
 * document states as a pattern, so every value the schema allows is one the API accepts (it answers the items
 * older than that point). Treat it as opaque all the same; the shape may change with a new API version.
 */
export const KEYSET_CURSOR_PATTERN = `^[0-9]{1,13}_${UUID}$`;

const cursorSchema = (pattern: string, shape: string) =>
  ({
    type: 'string',
    pattern,
    description: `Cursor from the \`Next-Cursor\` header of the previous page; returns older items. Its shape is ${shape}.`,
  }) as const;

/** `limit` (1-100, default 20) and a `cursor`: the same list parameters on every list route. */
export const listQuerySchema = {
  limit: { type: 'integer', minimum: 1, maximum: 100, default: 20, description: 'Page size (1-100).' },
  cursor: cursorSchema(KEYSET_CURSOR_PATTERN, '`<created_at epoch ms>_<id>` of the last item seen'),
} as const;

/** Template versions page on the version number: the cursor is the last version seen. */
export const versionListQuerySchema = {
  ...listQuerySchema,
  cursor: cursorSchema('^[0-9]{1,9}$', 'the last version number seen (the page lists the versions below it)'),
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
