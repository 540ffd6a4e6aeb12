import type { Knex } from '@rp/db';
import { validationFailed } from '@rp/errors';

const isLeap = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
const DAYS = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/**
 * Narrows `qb` to rows whose date `column` falls on a month/day ("whose birthday is today").
 * `raw` is MM-DD (in `refYear`, the year of the caller's "today") or YYYY-MM-DD. People born on Feb 29 are matched
 * by 02-28 when the reference year is not a leap year, so they are greeted once every year.
 */
export function monthDayFilter(qb: Knex.QueryBuilder, column: string, raw: string, field: string, refYear: number): void {
  const m = /^(?:(\d{4})-)?(\d{2})-(\d{2})$/.exec(raw);
  const year = m?.[1] ? Number(m[1]) : refYear;
  const month = Number(m?.[2]);
  const day = Number(m?.[3]);
  const valid = !!m && month >= 1 && month <= 12 && day >= 1 && day <= DAYS[month - 1]! && !(m[1] && month === 2 && day === 29 && !isLeap(year));
  if (!valid) throw validationFailed([{ field, message: 'must be a real calendar day as MM-DD or YYYY-MM-DD' }], 'Invalid query parameter');
  const includeFeb29 = month === 2 && day === 28 && !isLeap(year);
  qb.where((w) => {
    w.whereRaw('extract(month from ??) = ? and extract(day from ??) = ?', [column, month, column, day]);
    if (includeFeb29) w.orWhereRaw('extract(month from ??) = 2 and extract(day from ??) = 29', [column, column]);
  });
}
