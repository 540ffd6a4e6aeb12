import { useState } from 'preact/hooks';
import { diffLines } from 'diff';
import { api, previewUrl } from './api';
import { ErrorBanner, fmtDate, usePolled } from './ui';
import { PinnedPanel } from './pinned-panel';

/** What a version renders from, as text to diff: size and format, the placeholders, then the HTML. */
function versionText(v: any): string {
  const head = `${v.type} ${v.width}x${v.height} ${v.format} ${v.video_strategy}`;
  const placeholders = v.placeholders.map((p: any) => `placeholder ${p.name} (${p.type}) default=${JSON.stringify(p.default)} format=${p.format ?? ''}`);
  return [head, ...placeholders, '', v.composition_html].join('\n') + '\n';
}

/** A line diff of what two versions render from. */
function VersionDiff({ a, b }: { a: any; b: any }) {
  return (
    <pre class="diff" id="version-diff" aria-label={`Changes from v${a.version} to v${b.version}`}>
      {diffLines(versionText(a), versionText(b)).map((part, i) => (
        <span key={i} class={part.added ? 'added' : part.removed ? 'removed' : 'same'}>
          {part.value.split('\n').slice(0, -1).map((line) => `${part.added ? '+ ' : part.removed ? '- ' : '  '}${line}\n`).join('')}
        </span>
      ))}
    </pre>
  );
}

export function VersionHistory({ templateId, current, onChange }: { templateId: string; current: number; onChange: (template: any) => void }) {
  const { data: versions, error } = usePolled(() => api<any[]>('GET', `/v1/templates/${templateId}/versions?limit=100`), [templateId, current]);
  const [from, setFrom] = useState(Math.max(1, current - 1));
  const [to, setTo] = useState(current);
  const [image, setImage] = useState<{ version: number; src: string } | null>(null);
  const [renderError, setRenderError] = useState<unknown>(null);
  const byVersion = new Map((versions ?? []).map((v) => [v.version, v]));
  const a = byVersion.get(from);
  const b = byVersion.get(to);

  async function renderVersion(version: number) {
    try {
      const src = await previewUrl({ template_id: templateId, version });
      setImage((old) => {
        if (old) URL.revokeObjectURL(old.src);
        return { version, src };
      });
      setRenderError(null);
    } catch (e) {
      setRenderError(e);
    }
  }

  const pick = (id: string, label: string, value: number, onChange: (n: number) => void) => (
    <label>
      {label}
      <select id={id} value={value} onChange={(e) => onChange(Number(e.currentTarget.value))}>
        {(versions ?? []).map((v) => <option key={v.version} value={v.version}>v{v.version} · {fmtDate(v.created_at)}</option>)}
      </select>
    </label>
  );
  return (
    <section class="versions" aria-labelledby="versions-title">
      <h2 id="versions-title">Version history</h2>
      <ErrorBanner error={error ?? renderError} />
      <ul class="version-list">
        {(versions ?? []).map((v) => (
          <li key={v.version}>
            v{v.version} <small>{fmtDate(v.created_at)}</small>{' '}
            <button type="button" class="render-version" data-version={v.version} onClick={() => renderVersion(v.version)}>
              Render this version<span class="sr-only"> (v{v.version})</span>
            </button>
          </li>
        ))}
      </ul>
      {image && <figure><img id="version-image" src={image.src} alt={`Version ${image.version} rendered`} /><figcaption>v{image.version}</figcaption></figure>}
      <div class="filters">{pick('diff-from', 'From', from, setFrom)}{pick('diff-to', 'To', to, setTo)}</div>
      {a && b && <VersionDiff a={a} b={b} />}
      {b && <PinnedPanel templateId={templateId} version={b} onRepinned={onChange} />}
    </section>
  );
}
