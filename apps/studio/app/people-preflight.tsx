import { useEffect, useState } from 'preact/hooks';
import { api, previewUrl } from './api';
import { ErrorBanner, usePolled } from './ui';

/** Previews of the first flagged items only: each is a render on the workers. */
const PREVIEWS = 6;

function ItemPreview({ templateId, modifications }: { templateId: string; modifications: unknown[] }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let url: string | null = null;
    previewUrl({ template_id: templateId, modifications })
      .then((u) => setSrc((url = u)))
      .catch(() => setSrc(null));
    return () => url && URL.revokeObjectURL(url);
  }, [templateId]);
  return src ? <img class="preflight-preview" src={src} alt="Preview" /> : <span class="thumb empty" aria-hidden="true" />;
}

/**
 * Preflight of a people collection (POST /v1/collections/from-people with `preflight: true`): every active person
 * laid out with the chosen template, and the items that need attention listed with their warnings and a preview.
 * Nothing is rendered for real or stored.
 */
export function PeoplePreflight({ people }: { people: any[] }) {
  const { data: templates } = usePolled(() => api<any[]>('GET', '/v1/templates?limit=100'), []);
  const [templateId, setTemplateId] = useState('');
  const [result, setResult] = useState<any>(null);
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    setError(null);
    try {
      setResult(await api('POST', '/v1/collections/from-people', { template_id: templateId, people: {}, mapping: { photo: '{photo}' }, preflight: true }));
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  };
  const nameOf = (personId: string) => {
    const p = people.find((x) => x.id === personId);
    return p ? `${p.first_name} ${p.last_name ?? ''}`.trim() : personId;
  };
  const flagged = (result?.items ?? []).filter((i: any) => i.warnings.length > 0 || i.error);
  return (
    <section aria-labelledby="preflight-title">
      <h2 id="preflight-title">Preflight</h2>
      <p>Lay every active person out with a template and list who needs attention, before the real run.</p>
      <label for="preflight-template">Template </label>
      <select id="preflight-template" value={templateId} onChange={(e) => setTemplateId((e.target as HTMLSelectElement).value)}>
        <option value="">choose…</option>
        {(templates ?? []).filter((t) => t.type === 'image').map((t) => <option key={t.id} value={t.id}>{t.name}</option>)}
      </select>{' '}
      <button id="preflight-run" disabled={!templateId || busy} onClick={run}>{busy ? 'Checking…' : 'Run preflight'}</button>
      <ErrorBanner error={error} />
      {result && (
        <p id="preflight-summary" data-flagged={flagged.length}>
          {flagged.length} of {result.total} need attention ({result.duration_ms} ms)
        </p>
      )}
      {flagged.length > 0 && (
        <table id="preflight-table">
          <thead><tr><th>Person</th><th>Warnings</th><th>Preview</th></tr></thead>
          <tbody>
            {flagged.map((i: any, n: number) => (
              <tr key={i.index} data-person-id={i.metadata.person_id}>
                <td>{nameOf(i.metadata.person_id)}</td>
                <td><ul>{i.warnings.map((w: any, k: number) => <li key={k} data-code={w.code}><code>{w.code}</code> {w.message}</li>)}{i.error && <li data-code={i.error.code}>{i.error.message}</li>}</ul></td>
                <td>{n < PREVIEWS ? <ItemPreview templateId={result.template_id} modifications={i.modifications} /> : ''}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
