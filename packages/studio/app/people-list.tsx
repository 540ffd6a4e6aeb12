import { api } from './api';
import { ErrorBanner, usePolled } from './ui';

export function PeopleList() {
  const { data, error } = usePolled(() => api<any[]>('GET', '/v1/people?limit=100'), []);
  return (
    <section aria-labelledby="people-title">
      <h1 id="people-title">People</h1>
      <ErrorBanner error={error} />
      <table class="list" id="people-table">
        <thead>
          <tr><th scope="col">Photo</th><th scope="col">Name</th><th scope="col">Position</th><th scope="col">Sector</th><th scope="col">Status</th></tr>
        </thead>
        <tbody>
          {(data ?? []).map((p) => (
            <tr key={p.id}>
              <td>{p.photo_url ? <img class="thumb round" src={p.photo_url} alt={`Photo of ${p.first_name}`} /> : <span class="thumb empty round" aria-hidden="true" />}</td>
              <td>{p.first_name} {p.last_name ?? ''}</td>
              <td>{p.position ?? ''}</td>
              <td>{p.sector ?? ''}</td>
              <td>{p.status}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {data && data.length === 0 && <p>No people yet.</p>}
    </section>
  );
}
