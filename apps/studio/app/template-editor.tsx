import { useEffect, useState } from 'preact/hooks';
import { api, ApiError } from './api';
import { CodeEditor } from './code-editor';
import { LivePreview, type Draft } from './live-preview';
import { PlaceholderTable } from './placeholder-table';
import { VersionHistory } from './version-history';
import { EnginePanel } from './engine-panel';
import { toModifications, withoutPrefix } from './values';
import { ErrorBanner, Field } from './ui';
import { STUDIO_LISTS } from './studio-lists';

const STARTER = `<div style="position:absolute;inset:0;display:flex;align-items:center;justify-content:center;background:#1d4ed8">
  <h1 data-placeholder="title" style="color:#fff;font:bold 64px sans-serif">Hello</h1>
</div>`;
const NEW: Draft & { name: string; engine?: string } = {
  name: 'Untitled template',
  type: 'image',
  format: 'png',
  width: 800,
  height: 418,
  composition_html: STARTER,
  placeholders: [{ name: 'title', type: 'text', default: 'Hello', format: null }],
  canvas_data: {},
  engine: 'auto',
};
const FORMATS = STUDIO_LISTS.formats;

type Form = Draft & { name: string; engine?: string };

/** The template's own fields: name, type, format, size, HTML and placeholders, each with the API's messages. */
function TemplateFields(props: { form: Form; set: (patch: Partial<Form>) => void; error: ApiError | null; saved: boolean }) {
  const { form, set, error } = props;
  return (
    <>
      <Field id="tpl-name" label="Name" error={error} field="name">
        <input id="tpl-name" value={form.name} onInput={(e) => set({ name: e.currentTarget.value })} />
      </Field>
      <div class="row">
        <Field id="tpl-type" label="Type" error={error} field="type">
          <select id="tpl-type" value={form.type} disabled={props.saved} onChange={(e) => { const type = e.currentTarget.value as Draft['type']; set({ type, format: FORMATS[type][0] }); }}>
            {STUDIO_LISTS.templateTypes.map((t) => <option key={t} value={t}>{t}</option>)}
          </select>
        </Field>
        <Field id="tpl-format" label="Format" error={error} field="format">
          <select id="tpl-format" value={form.format} onChange={(e) => set({ format: e.currentTarget.value })}>
            {FORMATS[form.type].map((f) => <option key={f} value={f}>{f}</option>)}
          </select>
        </Field>
        <Field id="tpl-width" label="Width (px)" error={error} field="width">
          <input id="tpl-width" type="number" value={form.width} onInput={(e) => set({ width: Number(e.currentTarget.value) })} />
        </Field>
        <Field id="tpl-height" label="Height (px)" error={error} field="height">
          <input id="tpl-height" type="number" value={form.height} onInput={(e) => set({ height: Number(e.currentTarget.value) })} />
        </Field>
        <Field id="tpl-engine" label="Engine" error={error} field="engine">
          <select id="tpl-engine" value={form.engine ?? 'auto'} onChange={(e) => set({ engine: e.currentTarget.value })}>
            {STUDIO_LISTS.engineModes.map((m) => <option key={m} value={m}>{m}</option>)}
          </select>
        </Field>
      </div>
      <Field id="tpl-html" label="HTML" error={error} field="composition_html">
        <CodeEditor id="tpl-html" label="Template HTML" value={form.composition_html} onChange={(v) => set({ composition_html: v })} />
      </Field>
      <PlaceholderTable value={form.placeholders} onChange={(placeholders) => set({ placeholders })} error={error} />
    </>
  );
}

/** Save, publish/unpublish and render: each answers a notice or an error for the page. */
function useTemplateActions(id: string | null, load: (t: any) => void, report: (notice: string, error: unknown) => void) {
  const run = async (what: () => Promise<string>) => {
    try {
      report(await what(), null);
    } catch (e) {
      report('', e);
    }
  };
  return {
    save: (form: Form) =>
      run(async () => {
        const t = await api(id ? 'PATCH' : 'POST', id ? `/v1/templates/${id}` : '/v1/templates', id ? { ...form, type: undefined } : form);
        if (!id) location.hash = `#/templates/${t.id}`;
        else load(t);
        return `Saved: version ${t.current_version}`;
      }),
    publish: (on: boolean) =>
      run(async () => {
        load(await api('POST', `/v1/templates/${id}/${on ? 'publish' : 'unpublish'}`));
        return on ? 'Published' : 'Unpublished';
      }),
    render: (tpl: any, values: Record<string, string>) =>
      run(async () => {
        const r = await api('POST', `/v1/${tpl.type}s`, { template_id: id, modifications: toModifications(tpl.placeholders, values) });
        location.hash = '#/renders';
        return `Render ${r.id} started`;
      }),
  };
}

export function TemplateEditor({ id }: { id: string | null }) {
  const [tpl, setTpl] = useState<any>(null);
  const [form, setForm] = useState<Form>(NEW);
  const [values, setValues] = useState<Record<string, string>>({});
  const [saveError, setSaveError] = useState<unknown>(null);
  const [previewError, setPreviewError] = useState<unknown>(null);
  const [notice, setNotice] = useState('');
  const load = (t: any) => {
    setTpl(t);
    setForm({ name: t.name, type: t.type, format: t.format, width: t.width, height: t.height, composition_html: t.composition_html, placeholders: t.placeholders, canvas_data: t.canvas_data, engine: t.engine });
  };
  const actions = useTemplateActions(id, load, (n, e) => { setNotice(n); setSaveError(e); });
  useEffect(() => {
    if (id) api('GET', `/v1/templates/${id}`).then(load, setSaveError);
  }, [id]);

  const { name: _name, engine: _engine, ...draft } = form;
  // a save error names the body's fields; a preview error names them under `template.`
  const error = (saveError instanceof ApiError ? saveError : null) ?? withoutPrefix(previewError, 'template.');
  return (
    <section aria-labelledby="editor-title">
      <div class="toolbar">
        <h1 id="editor-title">{id ? `Template: ${tpl?.name ?? ''}` : 'New template'}</h1>
        {tpl && <span class="meta">v{tpl.current_version} · {tpl.is_published ? 'published' : 'draft'}</span>}
      </div>
      <p class="notice" aria-live="polite">{notice}</p>
      {tpl?.source === 'design' && (
        <p class="hint" id="designed-note">
          Made in the visual editor: its HTML and placeholders are compiled from the design. <a href={`#/templates/${tpl.id}/design`}>Open the design</a>
        </p>
      )}
      <ErrorBanner error={saveError} />
      <div class="editor-grid">
        <form class="editor-form" onSubmit={(e) => { e.preventDefault(); void actions.save(form); }}>
          <TemplateFields form={form} set={(patch) => setForm((f) => ({ ...f, ...patch }))} error={error} saved={!!id} />
          <div class="actions">
            <button type="submit" class="primary" id="save-template">{id ? 'Save new version' : 'Create template'}</button>
            {tpl && (tpl.is_published
              ? <button type="button" id="unpublish" onClick={() => actions.publish(false)}>Unpublish</button>
              : <button type="button" id="publish" onClick={() => actions.publish(true)}>Publish</button>)}
            {tpl && <button type="button" id="render-template" onClick={() => actions.render(tpl, values)}>Render with these values</button>}
          </div>
        </form>
        <LivePreview draft={draft} values={values} onValues={setValues} onError={setPreviewError} />
      </div>
      {tpl && <EnginePanel templateId={tpl.id} version={tpl.current_version} mode={tpl.engine} warnings={tpl.warnings} />}
      {tpl && <VersionHistory templateId={tpl.id} current={tpl.current_version} onChange={setTpl} />}
    </section>
  );
}
