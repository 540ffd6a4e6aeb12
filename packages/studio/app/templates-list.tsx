import { useState } from 'preact/hooks';
import { api } from './api';
import { ErrorBanner, fmtDate, usePolled } from './ui';

export function TemplatesList() {
  const [search, setSearch] = useState('');
  const [type, setType] = useState('');
  const [published, setPublished] = useState('');
  const query = new URLSearchParams({ limit: '100', ...(type ? { type } : {}), ...(published ? { is_published: published } : {}) });
  const { data, error } = usePolled(() => api<any[]>('GET', `/v1/templates?${query}`), [type, published]);
  const rows = (data ?? []).filter((t) => t.name.toLowerCase().includes(search.trim().toLowerCase()));
  return (
    <section aria-labelledby="templates-title">
      <div class="toolbar">
        <h1 id="templates-title">Templates</h1>
        <a class="button primary" href="#/templates/new">New template</a>
      </div>
      <div class="filters">
        <label>
          Search <input id="template-search" type="search" value={search} onInput={(e) => setSearch(e.currentTarget.value)} />
        </label>
        <label>
          Type
          <select id="template-type-filter" value={type} onChange={(e) => setType(e.currentTarget.value)}>
            <option value="">any</option>
            <option value="image">image</option>
            <option value="video">video</option>
          </select>
        </label>
        <label>
          Published
          <select id="template-published-filter" value={published} onChange={(e) => setPublished(e.currentTarget.value)}>
            <option value="">any</option>
            <option value="true">published</option>
            <option value="false">unpublished</option>
          </select>
        </label>
      </div>
      <ErrorBanner error={error} />
      <table class="list" id="templates-table">
        <thead>
          <tr><th scope="col">Name</th><th scope="col">Type</th><th scope="col">Published</th><th scope="col">Version</th><th scope="col">Updated</th></tr>
        </thead>
        <tbody>
          {rows.map((t) => (
            <tr key={t.id} data-template-id={t.id}>
              <td><a href={`#/templates/${t.id}`}>{t.name}</a></td>
              <td>{t.type}</td>
              <td>{t.is_published ? 'published' : 'draft'}</td>
              <td>v{t.current_version}</td>
              <td>{fmtDate(t.updated_at)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {data && rows.length === 0 && <p>No templates match.</p>}
    </section>
  );
}
