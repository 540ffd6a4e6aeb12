// Example values for schedules and render URLs in the OpenAPI document, checked like those in examples.ts.
const ORG = '0b7e8f1c-2d3a-4c5b-8e9f-1a2b3c4d5e6f';
const TEMPLATE = '6f1d2c3b-4a59-4e6d-8c7b-9a0f1e2d3c4b';
const COLLECTION = '9e8d7c6b-5a4f-4e3d-8c2b-1a0f9e8d7c6b';
const SCHEDULE = '8b7a6c5d-4e3f-4a2b-9c1d-0e9f8a7b6c5d';
const RUN = 'a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d';
const URL_KEY = 'c4d5e6f7-a8b9-4c0d-9e1f-2a3b4c5d6e7f';
const AT = '2026-11-23T10:15:00.000Z';

export const exampleCreateSchedule = {
  name: 'Birthday cards',
  template_id: TEMPLATE,
  people: { birthday: 'today', sector: 'Sales' },
  mapping: { title: 'Happy birthday, {first_name}!' },
  at: '09:00',
  timezone: 'Europe/Berlin',
  enabled: true,
  metadata: { channel: 'slack' },
};

export const exampleUpdateSchedule = { at: '08:30', timezone: 'America/New_York' };

export const exampleSchedule = {
  id: SCHEDULE,
  org_id: ORG,
  ...exampleCreateSchedule,
  temporal_schedule_id: `schedule-${SCHEDULE}`,
  next_run_at: '2026-11-24T08:00:00.000Z',
  created_at: AT,
  updated_at: AT,
};

export const exampleScheduleSummary = (() => {
  const { next_run_at: _next, ...rest } = exampleSchedule;
  return rest;
})();

export const exampleScheduleRun = {
  id: RUN,
  schedule_id: SCHEDULE,
  kind: 'daily',
  local_date: '2026-11-23',
  status: 'created',
  collection_id: COLLECTION,
  matched: 3,
  error: null,
  workflow_id: `schedule-${SCHEDULE}-run-2026-11-23T08:00:00Z`,
  scheduled_at: '2026-11-23T08:00:00.000Z',
  created_at: '2026-11-23T08:00:00.412Z',
};

export const exampleScheduleTrigger = { schedule_id: SCHEDULE, triggered_at: AT };

export const exampleCreateUrlKey = { name: 'newsletter' };

export const exampleUrlKey = { id: URL_KEY, org_id: ORG, name: 'newsletter', created_at: AT, revoked_at: null };

export const exampleUrlKeyWithSecret = { ...exampleUrlKey, secret: 'uk_q8V1m2NfT0c3LrX9bY6wZ4kP7sH5jD2aE1gU0iO3nQ' };

/** Shown for the image body: the PNG's bytes, here as text. */
export const exampleImageBytes = '(PNG bytes)';
