import { useState } from 'preact/hooks';
import { api } from './api';
import { ErrorBanner, fmtDate, ListTable, SelectFilter, usePolled } from './ui';

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
        <a class="button" href="#/templates/new/design" id="new-design">New design</a>
      </div>
      <div class="filters">
        <label>
          Search <input id="template-search" type="search" value={search} onInput={(e) => setSearch(e.currentTarget.value)} />
        </label>
        <SelectFilter id="template-type-filter" label="Type" value={type} onChange={setType} options={[['', 'any'], ['image', 'image'], ['video', 'video']]} />
        <SelectFilter
          id="template-published-filter"
          label="Published"
          value={published}
          onChange={setPublished}
          options={[['', 'any'], ['true', 'published'], ['false', 'unpublished']]}
        />
      </div>
      <ErrorBanner error={error} />
      <ListTable
        id="templates-table"
        columns={['Name', 'Type', 'Published', 'Version', 'Updated']}
        items={rows}
        row={(t) => (
          <tr key={t.id} data-template-id={t.id}>
            <td><a href={t.source === 'design' ? `#/templates/${t.id}/design` : `#/templates/${t.id}`}>{t.name}</a></td>
            <td>{t.type}</td>
            <td>{t.is_published ? 'published' : 'draft'}</td>
            <td>v{t.current_version}</td>
            <td>{fmtDate(t.updated_at)}</td>
          </tr>
        )}
      />
      {data && rows.length === 0 && <p>No templates match.</p>}
    </section>
  );
}
