import { workflowIds, type RenderKind } from '@rp/workflow-safe';
import type { Knex, ScheduleRow, ScheduleRunRow } from '@rp/db';
import { iso } from '@rp/serializers';
import { AppError, conflict, notFound, validationFailed } from '@rp/errors';
import { checkMapping, filterPeople, isTimeZone, peopleQuery, type PeopleFilter } from '@rp/people';
import { loadTemplateForRender } from '@rp/render-admission';
import type { ScheduleSpecInput } from '@rp/workflows/client';
import type { ApiDeps } from '../deps';
import { keysetPage, type Page, type PageQuery } from './keyset-page';
import { checkMetadata } from './render-service';

export interface ScheduleInput {
  name: string;
  template_id: string;
  people: PeopleFilter;
  mapping?: Record<string, string>;
  at: string;
  timezone: string;
  enabled?: boolean;
  metadata?: Record<string, unknown>;
}

export function serializeSchedule(r: ScheduleRow, nextRunAt?: Date | null) {
  return {
    id: r.id,
    org_id: r.org_id,
    name: r.name,
    template_id: r.template_id,
    people: r.people,
    mapping: r.mapping,
    at: r.at,
    timezone: r.timezone,
    enabled: r.enabled,
    metadata: r.metadata ?? {},
    temporal_schedule_id: workflowIds.schedule(r.id),
    ...(nextRunAt !== undefined ? { next_run_at: iso(nextRunAt) } : {}),
    created_at: iso(r.created_at),
    updated_at: iso(r.updated_at),
  };
}

export function serializeScheduleRun(r: ScheduleRunRow) {
  return {
    id: r.id,
    schedule_id: r.schedule_id,
    kind: r.kind,
    local_date: typeof r.local_date === 'string' ? r.local_date : iso(r.local_date)!.slice(0, 10),
    status: r.status,
    collection_id: r.collection_id ?? null,
    matched: r.matched,
    error: r.error ?? null,
    workflow_id: r.workflow_id,
    scheduled_at: iso(r.scheduled_at),
    created_at: iso(r.created_at),
  };
}

/**
 * 422s naming the field for what the JSON schema cannot know: the template must be the org's, every mapped
 * placeholder and field must exist, the zone must be a real IANA zone and fixed filter days real calendar days.
 * Answers the template's kind (search attribute of the runs).
 */
async function checkScheduleInput(db: Knex, orgId: string, s: ScheduleInput): Promise<RenderKind> {
  if (!isTimeZone(s.timezone)) throw validationFailed([{ field: 'timezone', message: 'is not an IANA time zone name' }]);
  const meta = checkMetadata(s.metadata);
  if (meta.length) throw validationFailed(meta);
  filterPeople(peopleQuery(db, orgId), s.people, 'people.');
  let loaded;
  try {
    loaded = await loadTemplateForRender(db, orgId, s.template_id);
  } catch (err) {
    if (err instanceof AppError && err.status === 404) throw validationFailed([{ field: 'template_id', message: 'no such template' }]);
    throw err;
  }
  const problems = checkMapping(loaded.version.placeholders, s.mapping ?? {});
  if (problems.length) throw validationFailed(problems);
  return loaded.template.type as RenderKind;
}

const specInput = (r: ScheduleRow, kind: RenderKind): ScheduleSpecInput => ({
  id: r.id,
  orgId: r.org_id,
  name: r.name,
  templateId: r.template_id,
  kind,
  at: r.at,
  timezone: r.timezone,
  enabled: r.enabled,
});

export async function findSchedule(db: Knex, orgId: string, id: string): Promise<ScheduleRow> {
  const row = await db('schedules').where({ id, org_id: orgId }).first();
  if (!row) throw notFound('schedule');
  return row;
}

export function listSchedules(db: Knex, orgId: string, q: PageQuery): Promise<Page<ScheduleRow>> {
  return keysetPage<ScheduleRow>(db('schedules').where({ org_id: orgId }), q);
}

/** Another org's schedule answers 404, as on every schedule route. */
export async function listScheduleRuns(db: Knex, orgId: string, scheduleId: string, q: PageQuery): Promise<Page<ScheduleRunRow>> {
  await findSchedule(db, orgId, scheduleId);
  return keysetPage<ScheduleRunRow>(db('schedule_runs').where({ org_id: orgId, schedule_id: scheduleId }), q);
}

const rowValues = (s: Partial<ScheduleInput>) => {
  const out: Record<string, unknown> = {};
  for (const k of ['name', 'template_id', 'at', 'timezone', 'enabled'] as const) if (s[k] !== undefined) out[k] = s[k];
  for (const k of ['people', 'mapping', 'metadata'] as const) if (s[k] !== undefined) out[k] = JSON.stringify(s[k]);
  return out;
};

/**
 * Stores the row and creates its Temporal Schedule in one transaction: if Temporal refuses, nothing is stored.
 * The org row lock serialises concurrent creates, so the limit cannot be raced past.
 */
export async function createSchedule(deps: ApiDeps, orgId: string, body: ScheduleInput) {
  const kind = await checkScheduleInput(deps.db, orgId, body);
  const limit = deps.config.SCHEDULE_LIMIT_PER_ORG;
  return deps.db.transaction(async (trx) => {
    await trx('orgs').where({ id: orgId }).forUpdate().first('id');
    const [{ count }] = await trx('schedules').where({ org_id: orgId }).count<{ count: string }[]>('* as count');
    if (Number(count) >= limit) {
      throw conflict('schedule_limit_reached', `An org can have at most ${limit} schedules; delete one first`, [
        { field: 'name', message: `the org already has ${limit} schedules` },
      ]);
    }
    const [row] = await trx('schedules')
      .insert({ org_id: orgId, enabled: true, people: '{}', mapping: '{}', metadata: '{}', ...rowValues(body) })
      .returning('*');
    await deps.temporal.createSchedule(specInput(row, kind));
    return serializeSchedule(row);
  });
}

export async function getSchedule(deps: ApiDeps, orgId: string, id: string) {
  const row = await findSchedule(deps.db, orgId, id);
  return serializeSchedule(row, await deps.temporal.nextScheduleRun(id));
}

/** PATCH: the merged schedule is checked as a whole, then row and Temporal Schedule change together. */
export async function updateSchedule(deps: ApiDeps, orgId: string, id: string, patch: Partial<ScheduleInput>) {
  const current = await findSchedule(deps.db, orgId, id);
  const merged = { ...current, ...patch } as ScheduleInput;
  const kind = await checkScheduleInput(deps.db, orgId, merged);
  return deps.db.transaction(async (trx) => {
    const [row] = await trx('schedules')
      .where({ id, org_id: orgId })
      .update({ ...rowValues(patch), updated_at: trx.fn.now() })
      .returning('*');
    if (!row) throw notFound('schedule');
    await deps.temporal.updateSchedule(specInput(row, kind));
    return serializeSchedule(row);
  });
}

export async function setScheduleEnabled(deps: ApiDeps, orgId: string, id: string, enabled: boolean) {
  return deps.db.transaction(async (trx) => {
    const [row] = await trx('schedules').where({ id, org_id: orgId }).update({ enabled, updated_at: trx.fn.now() }).returning('*');
    if (!row) throw notFound('schedule');
    await deps.temporal.setSchedulePaused(id, !enabled);
    return serializeSchedule(row);
  });
}

/** The Temporal Schedule goes first: a row without one is harmless, a Schedule without a row runs as `gone`. */
export async function deleteSchedule(deps: ApiDeps, orgId: string, id: string) {
  await findSchedule(deps.db, orgId, id);
  await deps.temporal.deleteSchedule(id);
  await deps.db('schedules').where({ id, org_id: orgId }).del();
}

export async function triggerSchedule(deps: ApiDeps, orgId: string, id: string) {
  await findSchedule(deps.db, orgId, id);
  const triggeredAt = new Date();
  await deps.temporal.triggerSchedule(id);
  return { schedule_id: id, triggered_at: triggeredAt.toISOString() };
}
