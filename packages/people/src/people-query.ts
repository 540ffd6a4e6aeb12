import type { Knex } from '@rp/db';
import { monthDayFilter } from './month-day-filter';
import { utcToday } from './local-date';

export interface PeopleFilter {
  status?: string;
  sector?: string;
  external_id?: string;
  birthday?: string;
  hire_anniversary?: string;
}

/** People with the storage path of their photo, so photo_url can be minted without a second query. */
export const peopleQuery = (db: Knex, orgId: string) =>
  db('people')
    .leftJoin('assets', function joinPhoto() {
      this.on('assets.id', '=', 'people.photo_asset_id').andOn('assets.org_id', '=', 'people.org_id');
    })
    .where('people.org_id', orgId)
    .select('people.*', 'assets.storage_path as photo_storage_path');

/**
 * The list filters of GET /v1/people, shared with collections made from people and with schedules. `prefix` goes
 * before the field names in 422 details (`people.birthday` in a collection body). `today` (YYYY-MM-DD) is what
 * `"today"` in a month-day filter means: the current UTC day unless the caller names a zone's local date.
 */
export function filterPeople(qb: Knex.QueryBuilder, filter: PeopleFilter, prefix = '', today = utcToday()): Knex.QueryBuilder {
  for (const f of ['status', 'sector', 'external_id'] as const) if (filter[f] !== undefined) qb.andWhere(`people.${f}`, filter[f]);
  const day = (v: string) => (v === 'today' ? today : v);
  const refYear = Number(today.slice(0, 4));
  if (filter.birthday) monthDayFilter(qb, 'people.birth_date', day(filter.birthday), `${prefix}birthday`, refYear);
  if (filter.hire_anniversary) monthDayFilter(qb, 'people.hire_date', day(filter.hire_anniversary), `${prefix}hire_anniversary`, refYear);
  return qb;
}
