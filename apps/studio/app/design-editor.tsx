import { useEffect, useRef, useState } from 'preact/hooks';
import { compileDesign, designPlaceholders, isDesignDocument } from '@rp/design';
import { api, ApiError } from './api';
import { useHistory } from './design-history';
import { DesignCanvas } from './design-canvas';
import { LayersPanel } from './layers-panel';
import { PaintInput, PropertiesPanel } from './layer-properties';
import { DesignToolbar } from './design-toolbar';
import { LivePreview } from './live-preview';
import { EnginePanel } from './engine-panel';
import { useDesignKeys } from './design-keys';
import { TimelinePanel } from './timeline-panel';
import { timelineMs } from './timeline-model';
import { ErrorBanner } from './ui';
import type { Doc, Meta } from './design-model';

const INSTALLED_FAMILIES = ['DejaVu Sans', 'DejaVu Serif', 'DejaVu Sans Mono', 'Liberation Sans', 'Liberation Serif', 'Liberation Mono'];
const EMPTY: Doc = { layers: [], background: '#ffffff' };

interface Asset { id: string; filename: string; content_type: string; url: string }

/** The template behind the editor: a saved one (designed or not) or a new one. */
function useTemplate(id: string | null) {
  const [tpl, setTpl] = useState<any>(null);
  const [error, setError] = useState<unknown>(null);
  useEffect(() => {
    if (id) api('GET', `/v1/templates/${id}`).then(setTpl, setError);
  }, [id]);
  return { tpl, setTpl, error };
}

/** The org's image and font assets, with their download URLs (the canvas shows asset:// images through them). */
function useAssets() {
  const [assets, setAssets] = useState<Asset[]>([]);
  const reload = () => api<Asset[]>('GET', '/v1/assets?limit=100').then(setAssets, () => undefined);
  useEffect(() => void reload(), []);
  return { assets, reload };
}

/** Save: PATCH a saved template, or POST a new one and open its editor; the notice or the API's error. */
function useDesignSave(tpl: any, setTpl: (t: any) => void, meta: Meta, doc: Doc) {
  const [notice, setNotice] = useState('');
  const [error, setError] = useState<unknown>(null);
  async function save() {
    try {
      const t = tpl
        ? await api('PATCH', `/v1/templates/${tpl.id}`, { name: meta.name, width: meta.width, height: meta.height, canvas_data: doc, engine: meta.engine })
        : await api('POST', '/v1/templates', { name: meta.name, type: meta.type, width: meta.width, height: meta.height, format: meta.format, engine: meta.engine, canvas_data: doc });
      setError(null);
      setNotice(`Saved: version ${t.current_version}`);
      if (!tpl) location.hash = `#/templates/${t.id}/design`;
      else setTpl(t);
    } catch (e) {
      setError(e);
      setNotice('');
    }
  }
  return { save, notice, error };
}

function NotDesigned({ tpl }: { tpl: any }) {
  return (
    <section aria-labelledby="design-title">
      <h1 id="design-title">Design: {tpl.name}</h1>
      <p class="error-banner" role="alert" id="not-designed">
        This template's HTML was written by hand, not made by the visual editor, so it cannot be opened here. Edit it in the{' '}
        <a href={`#/templates/${tpl.id}`}>code editor</a>.
      </p>
    </section>
  );
}

/** The name, the version, and what the last save said. */
function EditorHeader({ tpl, meta, setMeta, notice, saveError }: { tpl: any; meta: Meta; setMeta: (m: Meta) => void; notice: string; saveError: unknown }) {
  const fieldErrors = saveError instanceof ApiError ? saveError.details : [];
  return (
    <>
      <div class="toolbar">
        <h1 id="design-title">Design: <input aria-label="Template name" id="design-name" value={meta.name} onChange={(e) => setMeta({ ...meta, name: e.currentTarget.value })} /></h1>
        {tpl && <span class="meta">v{tpl.current_version} · <a href={`#/templates/${tpl.id}`}>open in code editor</a></span>}
      </div>
      <p class="notice" aria-live="polite" id="design-notice">{notice}</p>
      <ErrorBanner error={saveError} />
      {fieldErrors.length > 0 && <ul class="field-errors" id="design-errors">{fieldErrors.map((d) => <li key={d.field}><code>{d.field}</code>: {d.message}</li>)}</ul>}
    </>
  );
}

/**
 * The visual editor (`#/templates/<id>/design`, `#/templates/new/design`): the canvas, the layers and properties
 * panels, the live preview of the compiled HTML and, once saved, the engine decision. Saves canvas_data only: the
 * API compiles composition_html and the placeholders from it with the same compiler the canvas draws with.
 */
export function DesignEditor({ id }: { id: string | null }) {
  const { tpl, setTpl, error: loadError } = useTemplate(id);
  const history = useHistory<Doc>(EMPTY);
  const [meta, setMeta] = useState<Meta>({ name: 'Untitled design', type: 'image', width: 1080, height: 1080, format: 'png', engine: 'auto' });
  const [selection, setSelection] = useState<string[]>([]);
  const [variant, setVariant] = useState<string | null>(null);
  const [zoom, setZoom] = useState(0.5);
  const [values, setValues] = useState<Record<string, string>>({});
  const [playhead, setPlayhead] = useState(0);
  const viewport = useRef<HTMLDivElement | null>(null);
  const { assets, reload: reloadAssets } = useAssets();
  const doc = history.present;
  const { save, notice, error: saveError } = useDesignSave(tpl, setTpl, meta, doc);

  useEffect(() => {
    if (!tpl || !isDesignDocument(tpl.canvas_data)) return;
    history.reset(tpl.canvas_data);
    setMeta({ name: tpl.name, type: tpl.type, width: tpl.width, height: tpl.height, format: tpl.format, engine: tpl.engine });
  }, [tpl]);

  const size = (variant && doc.variants?.find((v) => v.name === variant)) || { width: meta.width, height: meta.height };
  const fit = () => {
    const r = viewport.current?.getBoundingClientRect();
    if (r) setZoom(Math.max(0.05, Math.min((r.width - 80) / size.width, (r.height - 80) / size.height)));
  };
  // fit when the canvas size changes (the refs are attached when effects run); the 100% button overrides it
  useEffect(fit, [size.width, size.height]);
  useDesignKeys(viewport, history, selection, setSelection, variant);

  if (loadError) return <ErrorBanner error={loadError} />;
  if (id && !tpl) return <p aria-live="polite">Loading…</p>;
  if (tpl && !isDesignDocument(tpl.canvas_data)) return <NotDesigned tpl={tpl} />;

  const draft = { type: meta.type, format: meta.format, width: meta.width, height: meta.height, composition_html: compileDesign(doc), placeholders: designPlaceholders(doc.layers).map((p) => ({ ...p, format: null })), canvas_data: doc };
  const assetUrls = Object.fromEntries(assets.map((a) => [a.id, a.url]));
  const fontFamilies = [...INSTALLED_FAMILIES, ...(doc.fonts ?? []).map((f) => f.family)];
  return (
    <section aria-labelledby="design-title" class="design-editor">
      <EditorHeader tpl={tpl} meta={meta} setMeta={setMeta} notice={notice} saveError={saveError} />
      <DesignToolbar history={history} meta={meta} setMeta={setMeta} selection={selection} setSelection={setSelection} variant={variant} setVariant={setVariant}
        zoom={zoom} setZoom={setZoom} fit={fit} save={save} images={assets.filter((a) => a.content_type.startsWith('image/'))} reloadAssets={reloadAssets} canvas={size} saved={!!tpl} />
      <div class="design-grid">
        <LayersPanel doc={doc} selection={selection} select={setSelection} change={history.set} />
        <DesignCanvas history={history} variant={variant} canvas={size} zoom={zoom} selection={selection} select={setSelection} assetUrls={assetUrls} viewportRef={viewport}
          keyAt={meta.type === 'video' ? { t: playhead, total: timelineMs(doc) } : undefined} />
        <div class="design-side">
          <PropertiesPanel doc={doc} selection={selection} variant={variant} change={history.set} images={assets.filter((a) => a.content_type.startsWith('image/'))} fontFamilies={fontFamilies} />
          <PaintInput id="doc-background" label="Canvas background" value={doc.background} onChange={(background) => history.set({ ...doc, background })} />
        </div>
      </div>
      {meta.type === 'video' && <TimelinePanel history={history} selection={selection} select={setSelection} playhead={playhead} setPlayhead={setPlayhead} />}
      <LivePreview draft={draft} values={values} onValues={setValues} onError={() => undefined} />
      {tpl && <EnginePanel templateId={tpl.id} version={tpl.current_version} mode={tpl.engine} warnings={tpl.warnings} />}
    </section>
  );
}
