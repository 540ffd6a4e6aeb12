import type { PersonRow } from '@rp/db';
import { validationFailed } from '@rp/errors';
import type { ApiDeps } from '../deps';
import { createCollection } from './collection-service';
import { checkMapping, mapPersonToModifications } from './map-person-to-modifications';
import { filterPeople, peopleQuery, type PeopleFilter } from './people-query';
import { loadTemplateForRender } from './render-service';

const MAX_ITEMS = 500;

export interface FromPeopleBody {
  template_id: string;
  people: PeopleFilter;
  mapping?: Record<string, string>;
  name?: string | null;
  metadata?: Record<string, unknown>;
}

/**
 * A collection with one item per matching person (oldest person first), each item's modifications mapped from
 * the person's fields. The people are read once, when the request is accepted: later edits do not change it.
 */
export async function createCollectionFromPeople(deps: ApiDeps, orgId: string, body: FromPeopleBody, idempotencyKey: string | null) {
  const now = new Date();
  const loaded = await loadTemplateForRender(deps.db, orgId, body.template_id);
  const { version } = loaded;
  const mapping = body.mapping ?? {};
  const mappingProblems = checkMapping(version.placeholders, mapping);
  if (mappingProblems.length) throw validationFailed(mappingProblems);

  const people = await filterPeople(peopleQuery(deps.db, orgId), { status: 'active', ...body.people }, 'people.', now)
    .orderBy([{ column: 'people.created_at' }, { column: 'people.id' }])
    .limit(MAX_ITEMS + 1);
  if (people.length === 0) throw validationFailed([{ field: 'people', message: 'matches no person' }], 'No person matches the filter');
  if (people.length > MAX_ITEMS) {
    throw validationFailed([{ field: 'people', message: `matches more than ${MAX_ITEMS} people; narrow the filter` }], 'Too many people match the filter');
  }
  const items = people.map((p: PersonRow) => ({
    modifications: mapPersonToModifications(p, version.placeholders, mapping, now),
    metadata: { person_id: p.id, ...(p.external_id ? { external_id: p.external_id } : {}) },
  }));
  return createCollection(
    deps,
    orgId,
    { template_id: body.template_id, items, name: body.name, metadata: body.metadata },
    { idempotencyKey, idempotency: { route: 'POST /v1/collections/from-people', requestBody: body }, loaded },
  );
}
