import { api } from './api';
import { ErrorBanner, fmtDate, isFinal, ListTable, StatusBadge, usePolled } from './ui';

export function CollectionsList() {
  const { data, error } = usePolled(() => api<any[]>('GET', '/v1/collections?limit=50'), [], 2000);
  return (
    <section aria-labelledby="collections-title">
      <h1 id="collections-title">Collections</h1>
      <ErrorBanner error={error} />
      <ListTable
        id="collections-table"
        columns={['Name', 'Status', 'Progress', 'Created']}
        items={data ?? []}
        row={(c) => (
          <tr key={c.id} data-collection-id={c.id}>
            <td><a href={`#/collections/${c.id}`}>{c.name ?? c.id.slice(0, 8)}</a></td>
            <td><StatusBadge status={c.status} /></td>
            <td>{c.completed + c.failed} / {c.total}</td>
            <td>{fmtDate(c.created_at)}</td>
          </tr>
        )}
      />
      {data && data.length === 0 && <p>No collections yet.</p>}
    </section>
  );
}

/** One collection, polled every second until it is final: the counter and the items update live. */
export function CollectionDetail({ id }: { id: string }) {
  const { data: c, error } = usePolled(() => api('GET', `/v1/collections/${id}`), [id], 1000, (d) => !isFinal(d.status));
  if (!c) return <ErrorBanner error={error} />;
  const done = c.completed + c.failed;
  return (
    <section aria-labelledby="collection-title">
      <h1 id="collection-title">Collection {c.name ?? c.id}</h1>
      <ErrorBanner error={error} />
      <p>
        <StatusBadge status={c.status} />{' '}
        <span id="collection-counter" aria-live="polite" data-done={done} data-total={c.total}>{done} of {c.total} done</span>
        {c.failed > 0 && <span> ({c.failed} failed)</span>}
      </p>
      <progress id="collection-progress" max={c.total} value={done} aria-label="Collection progress" />
      {c.zip_url && <p><a href={c.zip_url}>Download zip</a></p>}
      <ul class="items">
        {(c.items ?? []).map((it: any) => (
          <li key={it.index} data-status={it.status}>
            {it.result_url && c.type === 'image' ? <img class="thumb" src={it.result_url} alt={`Item ${it.index + 1}`} /> : <span class="thumb empty" aria-hidden="true" />}
            <span>#{it.index + 1}</span> <StatusBadge status={it.status} />
            {it.error && <span class="render-error"> {it.error.code}: {it.error.message}</span>}
          </li>
        ))}
      </ul>
    </section>
  );
}
