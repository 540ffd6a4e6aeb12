import type { CollectionWorkflowInput, RenderError, ScheduledRunOutput } from '@rp/workflow-safe';
import type { CapsConfig } from '@rp/config';
import type { CollectionRow, Knex, ScheduleRow, ScheduleRunRow } from '@rp/db';
import { AppError } from '@rp/errors';
import { insertCollection, itemsFromPeople, MAX_PEOPLE_ITEMS, type CollectionItemInput, type PeopleFilter } from '@rp/people';
import { checkCollectionCaps, pendingCapError, loadTemplateForRender, validateModifications, type LoadedTemplate } from '@rp/render-admission';
import type { RenderActivityDeps } from './deps';
import { runKeyOf } from './run-key-of';

/** A created run's collection, which runs its items COLLECTION_CONCURRENCY at once like one posted to the API. */
async function outputOf(db: Knex, run: ScheduleRunRow, concurrency: number): Promise<ScheduledRunOutput> {
  if (run.status !== 'created' || !run.collection_id) return { status: run.status, runId: run.id };
  const c: CollectionRow = await db('collections').where({ id: run.collection_id }).first();
  const renderIds: string[] = await db('collection_items').where({ collection_id: c.id }).orderBy('index').pluck('render_id');
  return { status: 'created', runId: run.id, collection: toWorkflowInput(c, renderIds, concurrency) };
}

const toWorkflowInput = (c: CollectionRow, renderIds: string[], concurrency: number): CollectionWorkflowInput => ({
  collectionId: c.id,
  orgId: c.org_id,
  kind: c.type,
  templateId: c.template_id,
  renderIds,
  concurrency,
  scheduleId: c.schedule_id,
});

/** The run's items, or why it makes no collection (the size caps included, as for POST /v1/collections). */
async function planRun(db: Knex, s: ScheduleRow, today: string, caps: CapsConfig): Promise<{ loaded?: LoadedTemplate; items: CollectionItemInput[]; error?: RenderError }> {
  let loaded: LoadedTemplate;
  try {
    loaded = await loadTemplateForRender(db, s.org_id, s.template_id);
  } catch (err) {
    if (err instanceof AppError && err.status === 404) return { items: [], error: { code: 'template_not_found', message: 'the template was deleted' } };
    throw err;
  }
  const tooLarge = checkCollectionCaps(loaded, caps)[0];
  if (tooLarge) return { items: [], error: { code: 'template_too_large', message: tooLarge.message } };
  const { placeholders } = loaded.version;
  const items = await itemsFromPeople(db, s.org_id, { placeholders, filter: s.people as PeopleFilter, mapping: s.mapping, today });
  if (items.length > MAX_PEOPLE_ITEMS) {
    return { items: [], error: { code: 'too_many_people', message: `more than ${MAX_PEOPLE_ITEMS} people match the filter` } };
  }
  const problem = items.flatMap((item, i) => validateModifications(placeholders, item.modifications ?? [], `items[${i}].modifications`))[0];
  if (problem) return { items: [], error: { code: 'invalid_mapping', message: `${problem.field} ${problem.message}` } };
  return { loaded, items };
}

/**
 * Inside the run's transaction: the org's pending-render cap, taken under the same lock as the API's admissions.
 * A run that would exceed it is recorded as `failed` with the cap's code (nothing is stored for it, and a trigger
 * can repeat it once renders drain); it never over-admits.
 */
async function admit<P extends { items: CollectionItemInput[]; error?: RenderError }>(trx: Knex.Transaction, s: ScheduleRow, plan: P, caps: CapsConfig): Promise<P> {
  if (plan.error || plan.items.length === 0) return plan;
  const refused = await pendingCapError(trx, s.org_id, plan.items.length, caps);
  return refused ? { ...plan, error: { code: refused.code, message: refused.message } } : plan;
}

export function createScheduleActivities(deps: Pick<RenderActivityDeps, 'db' | 'config'>) {
  const { db, config } = deps;
  return {
    async runSchedule(input: { scheduleId: string; scheduledAt: string; workflowId: string }): Promise<ScheduledRunOutput> {
      const s: ScheduleRow | undefined = await db('schedules').where({ id: input.scheduleId }).first();
      if (!s) return { status: 'gone' };
      const scheduledAt = new Date(input.scheduledAt);
      const { today, kind, runKey } = runKeyOf(scheduledAt, s.timezone, input.workflowId);
      const existing: ScheduleRunRow | undefined = await db('schedule_runs').where({ schedule_id: s.id, run_key: runKey }).first();
      if (existing) return outputOf(db, existing, config.COLLECTION_CONCURRENCY);

      const planned = await planRun(db, s, today, config);
      const stored = await db.transaction(async (trx): Promise<ScheduleRunRow | null> => {
        const plan = await admit(trx, s, planned, config);
        const status = plan.error ? 'failed' : plan.items.length === 0 ? 'skipped' : 'created';
        const [run]: Array<ScheduleRunRow | undefined> = await trx('schedule_runs')
          .insert({
            org_id: s.org_id,
            schedule_id: s.id,
            run_key: runKey,
            kind,
            local_date: today,
            status,
            matched: plan.items.length,
            error: plan.error ? JSON.stringify(plan.error) : null,
            workflow_id: input.workflowId,
            scheduled_at: scheduledAt,
          })
          .onConflict(['schedule_id', 'run_key'])
          .ignore()
          .returning('*');
        if (!run || status !== 'created') return run ?? null;
        const name = `${s.name} ${today}`;
        const created = await insertCollection(trx, s.org_id, { loaded: plan.loaded!, items: plan.items, name, metadata: s.metadata, scheduleId: s.id });
        const [linked]: ScheduleRunRow[] = await trx('schedule_runs').where({ id: run.id }).update({ collection_id: created.id }).returning('*');
        return linked!;
      });
      // null: a concurrent attempt stored this run first
      return outputOf(db, stored ?? (await db('schedule_runs').where({ schedule_id: s.id, run_key: runKey }).first()), config.COLLECTION_CONCURRENCY);
    },
  };
}
