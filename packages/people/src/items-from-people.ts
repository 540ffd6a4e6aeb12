import type { Placeholder } from '@rp/workflow-safe';
import type { Knex } from '@rp/db';
import { mapPersonToModifications } from './map-person-to-modifications';
import { filterPeople, peopleQuery, type PeopleFilter } from './people-query';
import type { CollectionItemInput } from './insert-collection';

/** The most people one collection (and so one scheduled run) renders. */
export const MAX_PEOPLE_ITEMS = 500;

/**
 * One collection item per matching person, oldest person first, each item's modifications mapped from the person's
 * fields as of `today` (YYYY-MM-DD). Only active people unless the filter says otherwise. Reads at most
 * MAX_PEOPLE_ITEMS + 1 people, so a caller sees "too many" as a longer list. Field names in 422s start with `people.`.
 */
export async function itemsFromPeople(
  db: Knex,
  orgId: string,
  q: { placeholders: Placeholder[]; filter: PeopleFilter; mapping: Record<string, string>; today: string },
): Promise<CollectionItemInput[]> {
  const people = await filterPeople(peopleQuery(db, orgId), { status: 'active', ...q.filter }, 'people.', q.today)
    .orderBy([{ column: 'people.created_at' }, { column: 'people.id' }])
    .limit(MAX_PEOPLE_ITEMS + 1);
  const day = new Date(`${q.today}T00:00:00Z`);
  return people.map((p: Record<string, any>) => ({
    modifications: mapPersonToModifications(p, q.placeholders, q.mapping, day),
    metadata: { person_id: p.id, ...(p.external_id ? { external_id: p.external_id } : {}) },
  }));
}
