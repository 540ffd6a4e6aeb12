import { useState } from 'preact/hooks';
import { api } from './api';
import { ErrorBanner, fmtDate, ListTable, StatusBadge, usePolled } from './ui';

export function WebhooksList() {
  const { data, error } = usePolled(() => api<any[]>('GET', '/v1/webhooks?limit=100'), []);
  return (
    <section aria-labelledby="webhooks-title">
      <h1 id="webhooks-title">Webhooks</h1>
      <ErrorBanner error={error} />
      <ListTable
        id="webhooks-table"
        columns={['URL', 'Events', 'Enabled']}
        items={data ?? []}
        row={(w) => (
          <tr key={w.id}>
            <td><a href={`#/webhooks/${w.id}`}>{w.url}</a>{w.implicit && <small> (from a render webhook_url)</small>}</td>
            <td>{w.events.join(', ')}</td>
            <td>{w.enabled ? 'yes' : `no${w.disabled_reason ? `: ${w.disabled_reason}` : ''}`}</td>
          </tr>
        )}
      />
      {data && data.length === 0 && <p>No webhooks yet.</p>}
    </section>
  );
}

/** Every attempt of every series of one delivery, oldest first. */
function AttemptHistory({ delivery }: { delivery: any }) {
  return (
    <section class="attempts" aria-labelledby="attempts-title">
      <h2 id="attempts-title">Attempts of {delivery.event_type} (series {delivery.series})</h2>
      <ListTable
        id="attempts-table"
        columns={['Series', 'Attempt', 'HTTP', 'Error', 'ms', 'At']}
        items={delivery.attempt_history}
        row={(a: any) => (
          <tr key={`${a.series}-${a.attempt}`}>
            <td>{a.series}</td><td>{a.attempt}</td><td>{a.http_status ?? '—'}</td><td>{a.error ?? ''}</td><td>{a.duration_ms ?? ''}</td><td>{fmtDate(a.created_at)}</td>
          </tr>
        )}
      />
    </section>
  );
}

/** Deliveries of one webhook; a delivery opens its attempt history, and a finished one can be redelivered. */
export function WebhookDetail({ id }: { id: string }) {
  const [open, setOpen] = useState<string | null>(null);
  const [actionError, setActionError] = useState<unknown>(null);
  const { data, error, reload } = usePolled(() => api<any[]>('GET', `/v1/webhooks/${id}/deliveries?limit=50`), [id], 2000);
  const detail = usePolled(() => (open ? api('GET', `/v1/webhooks/${id}/deliveries/${open}`) : Promise.resolve(null)), [id, open], 2000);

  async function redeliver(deliveryId: string) {
    try {
      await api('POST', `/v1/webhooks/${id}/deliveries/${deliveryId}/redeliver`);
      setActionError(null);
      setOpen(deliveryId);
      reload();
      detail.reload();
    } catch (e) {
      setActionError(e);
    }
  }
  return (
    <section aria-labelledby="deliveries-title">
      <h1 id="deliveries-title">Deliveries</h1>
      <ErrorBanner error={error ?? actionError} />
      <ListTable
        id="deliveries-table"
        columns={['Event', 'Status', 'HTTP', 'Attempts', 'Created', <span class="sr-only">Actions</span>]}
        items={data ?? []}
        row={(d) => (
          <tr key={d.id} data-delivery-id={d.id} data-status={d.status}>
            <td><button type="button" class="link" onClick={() => setOpen(d.id)} aria-expanded={open === d.id}>{d.event_type}</button></td>
            <td><StatusBadge status={d.status} /></td>
            <td>{d.http_status ?? '—'}</td>
            <td>{d.attempts}</td>
            <td>{fmtDate(d.created_at)}</td>
            <td>
              {(d.status === 'failed' || d.status === 'succeeded') && (
                <button type="button" class="redeliver" onClick={() => redeliver(d.id)}>Redeliver<span class="sr-only"> {d.event_type}</span></button>
              )}
            </td>
          </tr>
        )}
      />
      {data && data.length === 0 && <p>No deliveries yet.</p>}
      {detail.data && <AttemptHistory delivery={detail.data} />}
    </section>
  );
}
