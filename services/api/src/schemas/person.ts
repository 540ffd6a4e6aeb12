import { date, dateTime, nullable, uuid } from './common';

// `type: [t, 'null']` rather than anyOf: string keywords then skip null, so an error names one clear reason.
const orNull = <T extends { type: string }>(s: T) => ({ ...s, type: [s.type, 'null'] }) as const;

// Spec 8 shows three unassigned people bounds (1-120, max 120, max 40). Our assignment: first_name and
// last_name 1-120; position, sector 0-120; phone 0-40; external_id 1-120 (the column width).
const nameField = (what: string) => ({ type: 'string', minLength: 1, maxLength: 120, description: `${what} (1-120 characters).` }) as const;

const writable = {
  external_id: orNull({
    type: 'string',
    minLength: 1,
    maxLength: 120,
    description: 'Your own identifier for the person (1-120 characters), unique within the org; a duplicate answers 409.',
  }),
  first_name: nameField('Given name'),
  last_name: orNull(nameField('Family name')),
  birth_date: orNull({ ...date, description: 'YYYY-MM-DD; impossible dates (2023-02-30) are rejected.' }),
  hire_date: orNull({ ...date, description: 'YYYY-MM-DD.' }),
  email: orNull({ type: 'string', format: 'email', maxLength: 320 }),
  phone: orNull({ type: 'string', maxLength: 40, description: 'Free-form phone number, at most 40 characters.' }),
  position: orNull({ type: 'string', maxLength: 120 }),
  sector: orNull({ type: 'string', maxLength: 120 }),
  photo_asset_id: orNull({ ...uuid, description: 'An image asset of the same org (see POST /v1/assets).' }),
  custom_fields: {
    type: 'object',
    description: 'Free-form object, at most 16 KiB as JSON. Replaced as a whole on update (not merged).',
  },
} as const;

/** status is deliberately absent: every new person starts active (spec 4.4), so sending it is "not allowed". */
export const createPersonBody = {
  type: 'object',
  additionalProperties: false,
  required: ['first_name'],
  properties: writable,
} as const;

export const updatePersonBody = {
  type: 'object',
  additionalProperties: false,
  description: 'Every field is optional; null clears an optional field. updated_at is refreshed on every update.',
  properties: {
    ...writable,
    status: { type: 'string', pattern: '^(active|inactive)$', description: 'active or inactive.' },
  },
} as const;

export const personSchema = {
  title: 'Person',
  type: 'object',
  required: [
    'id', 'org_id', 'external_id', 'first_name', 'last_name', 'birth_date', 'hire_date', 'email', 'phone', 'position',
    'sector', 'photo_asset_id', 'custom_fields', 'status', 'created_at', 'updated_at', 'photo_url',
  ],
  properties: {
    id: uuid,
    org_id: uuid,
    external_id: nullable({ type: 'string' }),
    first_name: { type: 'string' },
    last_name: nullable({ type: 'string' }),
    birth_date: nullable(date),
    hire_date: nullable(date),
    email: nullable({ type: 'string', format: 'email' }),
    phone: nullable({ type: 'string' }),
    position: nullable({ type: 'string' }),
    sector: nullable({ type: 'string' }),
    photo_asset_id: nullable(uuid),
    custom_fields: { type: 'object' },
    status: { type: 'string', enum: ['active', 'inactive'] },
    created_at: dateTime,
    updated_at: dateTime,
    photo_url: nullable({ type: 'string', description: 'Signed, expiring download URL of the photo; works without an API key.' }),
  },
} as const;

/**
 * A calendar day as MM-DD: the month's real days (02-29 included), so what the pattern allows the API accepts.
 * The YYYY- form repeats the leap-year rule for 02-29 (a year divisible by 4 but not by 100, or by 400).
 */
const MONTH_DAY = '(0[1-9]|1[0-2])-(0[1-9]|1[0-9]|2[0-8])|(0[13-9]|1[0-2])-(29|30)|(0[13578]|1[02])-31';
const LEAP_YEAR = '([0-9]{2}(0[48]|[2468][048]|[13579][26])|([02468][048]|[13579][26])00)';
export const CALENDAR_DAY = `[0-9]{4}-(${MONTH_DAY})|${LEAP_YEAR}-02-29|(${MONTH_DAY}|02-29)`;

const monthDay = (what: string) =>
  ({
    type: 'string',
    pattern: `^(${CALENDAR_DAY})$`,
    description:
      `People whose ${what} falls on this day: MM-DD (in the current UTC year) or YYYY-MM-DD (in that year). ` +
      'Feb 29 dates match 02-28 in years that are not leap years.',
  }) as const;

export const personListQuery = {
  type: 'object',
  properties: {
    status: { type: 'string', pattern: '^(active|inactive)$' },
    sector: { type: 'string', maxLength: 120, description: 'Exact sector.' },
    external_id: { type: 'string', maxLength: 120, description: 'Exact external id.' },
    birthday: monthDay('birthday (birth_date month and day)'),
    hire_anniversary: monthDay('hire anniversary (hire_date month and day)'),
  },
} as const;
