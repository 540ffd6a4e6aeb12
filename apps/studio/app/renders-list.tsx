import { useState } from 'preact/hooks';
import { api } from './api';
import { ErrorBanner, fmtDate, isFinal, ListTable, SelectFilter, StatusBadge, usePolled } from './ui';

/** Images or videos, newest first, refreshed every 2 s so new renders and status changes show up. */
export function RendersList() {
  const [kind, setKind] = useState<'image' | 'video'>('image');
  const { data, error } = usePolled(() => api<any[]>('GET', `/v1/${kind}s?limit=50`), [kind], 2000);
  return (
    <section aria-labelledby="renders-title">
      <div class="toolbar">
        <h1 id="renders-title">Renders</h1>
        <SelectFilter id="render-kind" label="Kind" value={kind} onChange={(v) => setKind(v as 'image' | 'video')} options={[['image', 'images'], ['video', 'videos']]} />
      </div>
      <ErrorBanner error={error} />
      <ListTable
        id="renders-table"
        columns={['Thumbnail', 'Status', 'Template', 'Created', 'Result']}
        items={data ?? []}
        row={(r) => (
          <tr key={r.id} data-render-id={r.id} data-status={r.status}>
            <td>{r.thumbnail_url ? <img class="thumb" src={r.thumbnail_url} alt={`Thumbnail of ${kind} ${r.id}`} /> : <span class="thumb empty" aria-hidden="true" />}</td>
            <td>
              <StatusBadge status={r.status} />
              {r.error && <p class="render-error" role="note"><code>{r.error.code}</code> {r.error.message}</p>}
              {r.progress && !isFinal(r.status) && <progress max={100} value={r.progress.percent} aria-label="Video progress" />}
            </td>
            <td><a href={`#/templates/${r.template_id}`}>v{r.template_version}</a></td>
            <td>{fmtDate(r.created_at)}</td>
            <td>{r.result_url && <a href={r.result_url} target="_blank" rel="noopener">Open</a>}</td>
          </tr>
        )}
      />
      {data && data.length === 0 && <p>No {kind}s yet.</p>}
    </section>
  );
}
