/** What every generated list call answers (with the client's throwOnError): the page and the raw response. */
interface ListResult<T> {
  data: T[];
  response: Response;
}

/**
 * Iterates every item of a list, newest first, following the `Next-Cursor` header page by page. `list` is a
 * generated list call bound to the options it needs; it gets each page's `cursor` and the page size.
 *
 *   for await (const person of paginate((query) => listPeople({ client, query: { ...query, status: 'active' } }))) ...
 */
export async function* paginate<T>(
  list: (query: { cursor?: string; limit: number }) => Promise<ListResult<T>>,
  pageSize = 100,
): AsyncGenerator<T, void, undefined> {
  let cursor: string | undefined;
  do {
    const { data, response } = await list({ limit: pageSize, ...(cursor ? { cursor } : {}) });
    yield* data;
    cursor = response.headers.get('Next-Cursor') ?? undefined;
  } while (cursor);
}
