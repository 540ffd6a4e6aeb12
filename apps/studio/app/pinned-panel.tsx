import { useState } from 'preact/hooks';
import { api } from './api';
import { ErrorBanner, ListTable } from './ui';
import { SaveWarnings } from './save-warnings';

const kb = (bytes: number | null) => (bytes == null ? '' : `${(bytes / 1024).toFixed(1)} KB`);

/**
 * A version's pinned resources (docs/pinning.md): each URL it loads from elsewhere, whether its bytes are stored
 * (sha256, size, type) or could not be fetched at save (the error renders of it answer), what its save found that
 * will not load (SaveWarnings), and a button that pins the current content again as a new version.
 */
export function PinnedPanel({ templateId, version, onRepinned }: { templateId: string; version: any; onRepinned: (template: any) => void }) {
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const resources: any[] = version.pinned_resources ?? [];
  async function repin() {
    setBusy(true);
    try {
      onRepinned(await api('POST', `/v1/templates/${templateId}/repin`));
      setError(null);
    } catch (e) {
      setError(e);
    } finally {
      setBusy(false);
    }
  }
  return (
    <div class="pinned" aria-labelledby="pinned-title">
      <h3 id="pinned-title">Pinned resources of v{version.version}</h3>
      <ErrorBanner error={error} />
      <SaveWarnings id="version-warnings" version={version.version} warnings={version.warnings} />
      {resources.length === 0 ? (
        <p class="meta" id="pinned-none">This version loads nothing from elsewhere.</p>
      ) : (
        <ListTable
          id="pinned-resources"
          columns={['URL', 'Kind', 'Status', 'sha256', 'Size', 'Type']}
          items={resources}
          row={(r) => (
            <tr key={r.url} class={r.status}>
              <td><code>{r.url}</code></td>
              <td>{r.kind}</td>
              <td>{r.status === 'pinned' ? 'pinned' : <span title={r.error?.message}>unresolved: {r.error?.code}</span>}</td>
              <td><code>{r.sha256 ? r.sha256.slice(0, 12) : ''}</code></td>
              <td>{kb(r.bytes)}</td>
              <td>{r.content_type ?? ''}</td>
            </tr>
          )}
        />
      )}
      <button type="button" id="repin" disabled={busy} onClick={() => void repin()}>
        {busy ? 'Pinning…' : 'Pin again as a new version'}
      </button>
    </div>
  );
}
