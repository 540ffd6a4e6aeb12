import type { Client } from '@temporalio/client';
import type { Knex } from '@rp/db';
import type { Logger } from 'pino';
import { runEvery } from '@rp/worker-runtime';
import { startCollectionWorkflow, startEngineDecisionWorkflow, startRenderWorkflow } from '@rp/workflows/client';

const UNFINISHED = ['pending', 'rendering'];

/**
 * Safety net for "nothing accepted is ever lost": a row is committed before its workflow starts, so an API
 * crash between the two could leave it pending with no workflow; and Temporal's embedded store may lose its newest
 * events in an OS crash (docs/stack.md, "Durability"), which can leave a pending or rendering row whose workflow is
 * gone. Postgres is the record of acceptance. Workflow ids derive from row ids, so starting again is a no-op while
 * the workflow exists, and the render activity completes a row at most once, so a re-driven render never doubles.
 */
export function startSweeper(opts: {
  db: Knex;
  client: Client;
  logger: Logger;
  /** COLLECTION_CONCURRENCY: a restarted collection runs as many items at once as one the API started. */
  collectionConcurrency: number;
  everyMs?: number;
  olderThanMs?: number;
}) {
  const { db, client, logger } = opts;
  const olderThan = `${Math.round((opts.olderThanMs ?? 30_000) / 1000)} seconds`;
  const sweep = async () => {
    // a collection item is re-driven through its collection (a workflow of its own beside its collection's would
    // race the collection's item workflow): the restarted collection's items skip what is final
    const renders = await db('renders')
      .whereIn('status', UNFINISHED)
      .whereNull('collection_id')
      .andWhere('created_at', '<', db.raw(`now() - interval '${olderThan}'`))
      .limit(200)
      .select('id', 'org_id', 'kind', 'template_id');
    const collections = await db('collections')
      .whereIn('status', UNFINISHED)
      .andWhere('created_at', '<', db.raw(`now() - interval '${olderThan}'`))
      .limit(50)
      .select('*');
    let started = 0;
    for (const r of renders) {
      const out = await startRenderWorkflow(client, { renderId: r.id, orgId: r.org_id, kind: r.kind, templateId: r.template_id });
      started += Number(out.started);
    }
    for (const c of collections) {
      const ids = await db('collection_items').where({ collection_id: c.id }).orderBy('index').pluck('render_id');
      started += Number((await startCollectionWorkflow(client, c, ids, opts.collectionConcurrency)).started);
    }
    started += await sweepEngineDecisions(db, client, olderThan);
    if (started) logger.warn({ started }, 'sweeper started workflows for orphaned pending rows');
  };
  const loop = runEvery(sweep, { everyMs: opts.everyMs ?? 15_000, logger, what: 'sweep' });
  return { stop: loop.stop, sweepOnce: sweep };
}

/** Starts the parity check of template versions whose check never started (Temporal away at save, an API crash after the commit). */
async function sweepEngineDecisions(db: Knex, client: Client, olderThan: string): Promise<number> {
  const versions = await db('template_versions')
    .where({ engine_reason: 'parity_pending' })
    .andWhere('created_at', '<', db.raw(`now() - interval '${olderThan}'`))
    .limit(50)
    .select('org_id', 'template_id', 'version');
  let started = 0;
  for (const v of versions) {
    started += Number((await startEngineDecisionWorkflow(client, { orgId: v.org_id, templateId: v.template_id, version: v.version })).started);
  }
  return started;
}
