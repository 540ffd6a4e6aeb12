import { validationFailed } from '@rp/errors';
import type { ApiDeps } from '../deps';
import { createCollection } from './collection-service';
import { preflightCollection } from './preflight-collection';
import { checkMapping, itemsFromPeople, MAX_PEOPLE_ITEMS, utcToday, type PeopleFilter } from '@rp/people';
import { loadTemplateForRender } from '@rp/render-admission';

export interface FromPeopleBody {
  template_id: string;
  people: PeopleFilter;
  mapping?: Record<string, string>;
  name?: string | null;
  metadata?: Record<string, unknown>;
  preflight?: boolean;
  variants?: string[];
}

/**
 * A collection with one item per matching person (oldest person first), each item's modifications mapped from
 * the person's fields. The people are read once, when the request is accepted: later edits do not change it.
 */
export async function createCollectionFromPeople(deps: ApiDeps, orgId: string, body: FromPeopleBody, idempotencyKey: string | null) {
  const { loaded, items } = await peopleItems(deps, orgId, body);
  return createCollection(
    deps,
    orgId,
    { template_id: body.template_id, items, name: body.name, metadata: body.metadata, variants: body.variants },
    { idempotencyKey, idempotency: { route: 'POST /v1/collections/from-people', requestBody: body }, loaded },
  );
}

/** `"preflight": true` on from-people: the same items, laid out for their warnings only (nothing stored). */
export async function preflightFromPeople(deps: ApiDeps, orgId: string, body: FromPeopleBody) {
  const { loaded, items } = await peopleItems(deps, orgId, body);
  return preflightCollection(deps, orgId, { template_id: body.template_id, items, metadata: body.metadata, variants: body.variants }, loaded);
}

/** The template and one item per matching person; 422 for a bad mapping, no match or too many. */
async function peopleItems(deps: ApiDeps, orgId: string, body: FromPeopleBody) {
  const loaded = await loadTemplateForRender(deps.db, orgId, body.template_id);
  const { version } = loaded;
  const mapping = body.mapping ?? {};
  const mappingProblems = checkMapping(version.placeholders, mapping);
  if (mappingProblems.length) throw validationFailed(mappingProblems);

  const items = await itemsFromPeople(deps.db, orgId, { placeholders: version.placeholders, filter: body.people, mapping, today: utcToday() });
  if (items.length === 0) throw validationFailed([{ field: 'people', message: 'matches no person' }], 'No person matches the filter');
  if (items.length > MAX_PEOPLE_ITEMS) {
    throw validationFailed([{ field: 'people', message: `matches more than ${MAX_PEOPLE_ITEMS} people; narrow the filter` }], 'Too many people match the filter');
  }
  return { loaded, items };
}
