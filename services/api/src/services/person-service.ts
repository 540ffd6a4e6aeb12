import { clockMs, isForeignKeyViolation, isUniqueViolation, type Knex, type PersonRow } from '@rp/db';
import { conflict, notFound, validationFailed } from '@rp/errors';
import type { ApiDeps } from '../deps';
import { checkPersonInput } from './check-person-input';
import { emitPersonEvent } from './emit-person-event';
import { keysetPage, type Page, type PageQuery } from './keyset-page';
import { filterPeople, peopleQuery, type PeopleFilter } from '@rp/people';

/** A person with the storage path of their photo (photo_url is minted from it). */
export type PersonView = PersonRow & { photo_storage_path: string | null };
type Log = { warn: (obj: object, msg: string) => void } | undefined;

/** JSON columns go in as text: pg would turn a JS array into a PG array literal. */
function toRow(body: Record<string, unknown>): Record<string, unknown> {
  const row: Record<string, unknown> = { ...body };
  if (body.custom_fields !== undefined) row.custom_fields = JSON.stringify(body.custom_fields);
  return row;
}

/** Maps constraint races to client errors: a duplicate external_id (409) or a photo deleted mid-request (422). */
function mapWriteError(err: unknown): never {
  if (isUniqueViolation(err, 'external_id')) {
    throw conflict('duplicate_external_id', 'Another person of this org already has this external_id', [
      { field: 'external_id', message: 'is already used by another person' },
    ]);
  }
  if (isForeignKeyViolation(err)) {
    throw validationFailed([{ field: 'photo_asset_id', message: 'does not name an asset of this org' }]);
  }
  throw err;
}

export async function getPerson(db: Knex, orgId: string, id: string): Promise<PersonView> {
  const row: PersonView | undefined = await peopleQuery(db, orgId).andWhere('people.id', id).first();
  if (!row) throw notFound('person');
  return row;
}

export function listPeople(db: Knex, orgId: string, q: PageQuery & PeopleFilter): Promise<Page<PersonView>> {
  return keysetPage<PersonView>(filterPeople(peopleQuery(db, orgId), q), { ...q, table: 'people' });
}

/** Every new person is active; emits person.created. */
export async function createPerson(deps: ApiDeps, orgId: string, body: Record<string, unknown>, log: Log): Promise<PersonView> {
  await checkPersonInput(deps.db, orgId, body);
  const [row] = await deps.db('people').insert({ ...toRow(body), org_id: orgId, status: 'active' }).returning('id').catch(mapWriteError);
  const person = await getPerson(deps.db, orgId, row.id);
  emitPersonEvent(deps, log, person, 'person.created');
  return person;
}

/** Partial update; updated_at is refreshed on every update; emits person.updated. */
export async function updatePerson(deps: ApiDeps, orgId: string, id: string, body: Record<string, unknown>, log: Log): Promise<PersonView> {
  await checkPersonInput(deps.db, orgId, body);
  const n = await deps
    .db('people')
    .where({ org_id: orgId, id })
    .update({ ...toRow(body), updated_at: clockMs(deps.db) })
    .catch(mapWriteError);
  if (!n) throw notFound('person');
  const person = await getPerson(deps.db, orgId, id);
  emitPersonEvent(deps, log, person, 'person.updated');
  return person;
}

export async function deletePerson(db: Knex, orgId: string, id: string): Promise<void> {
  const n = await db('people').where({ org_id: orgId, id }).del();
  if (!n) throw notFound('person');
}
