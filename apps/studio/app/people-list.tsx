import { api } from './api';
import { ErrorBanner, ListTable, usePolled } from './ui';
import { PeoplePreflight } from './people-preflight';

export function PeopleList() {
  const { data, error } = usePolled(() => api<any[]>('GET', '/v1/people?limit=100'), []);
  return (
    <section aria-labelledby="people-title">
      <h1 id="people-title">People</h1>
      <ErrorBanner error={error} />
      <ListTable
        id="people-table"
        columns={['Photo', 'Name', 'Position', 'Sector', 'Status']}
        items={data ?? []}
        row={(p) => (
          <tr key={p.id}>
            <td>{p.photo_url ? <img class="thumb round" src={p.photo_url} alt={`Photo of ${p.first_name}`} /> : <span class="thumb empty round" aria-hidden="true" />}</td>
            <td>{p.first_name} {p.last_name ?? ''}</td>
            <td>{p.position ?? ''}</td>
            <td>{p.sector ?? ''}</td>
            <td>{p.status}</td>
          </tr>
        )}
      />
      {data && data.length === 0 && <p>No people yet.</p>}
      {data && data.length > 0 && <PeoplePreflight people={data} />}
    </section>
  );
}
