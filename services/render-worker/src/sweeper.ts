import type { Client } from '@temporalio/client';
import { WorkflowExecutionAlreadyStartedError } from '@temporalio/client';
import type { Knex } from '@rp/db';
import type { Logger } from 'pino';
import { startCollectionWorkflow, startRenderWorkflow } from '@rp/workflows/client';

/**
 * Safety net for "nothing accepted is ever lost": a row is committed before its workflow starts, so an API
 * crash between the two could leave it pending with no workflow. Workflow ids derive from row ids, so
 * starting again is a no-op when the workflow exists.
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
    const renders = await db('renders')
      .where({ status: 'pending' })
      .whereNull('collection_id')
      .andWhere('created_at', '<', db.raw(`now() - interval '${olderThan}'`))
      .limit(200)
      .select('id', 'org_id', 'kind', 'template_id');
    const collections = await db('collections')
      .where({ status: 'pending' })
      .andWhere('created_at', '<', db.raw(`now() - interval '${olderThan}'`))
      .limit(50)
      .select('*');
    let started = 0;
    for (const r of renders) {
      try {
        await startRenderWorkflow(client, { renderId: r.id, orgId: r.org_id, kind: r.kind, templateId: r.template_id });
        started++;
      } catch (e) {
        if (!(e instanceof WorkflowExecutionAlreadyStartedError)) throw e;
      }
    }
    for (const c of collections) {
      try {
        const ids = await db('collection_items').where({ collection_id: c.id }).orderBy('index').pluck('render_id');
        await startCollectionWorkflow(client, c, ids, opts.collectionConcurrency);
        started++;
      } catch (e) {
        if (!(e instanceof WorkflowExecutionAlreadyStartedError)) throw e;
      }
    }
    if (started) logger.warn({ started }, 'sweeper started workflows for orphaned pending rows');
  };
  let running = true;
  const loop = async () => {
    while (running) {
      try {
        await sweep();
      } catch (e) {
        logger.warn({ err: e }, 'sweep failed; will retry');
      }
      await new Promise((r) => setTimeout(r, opts.everyMs ?? 15_000).unref());
    }
  };
  void loop();
  return { stop: () => (running = false), sweepOnce: sweep };
}
