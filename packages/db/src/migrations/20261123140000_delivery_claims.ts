import type { Knex } from 'knex';

// First attempts are made by the webhook worker outside any workflow (a workflow only for retries): a claim on
// the row makes sure that only one process sends a given first attempt, and that a claim of a process that died
// expires so the worker's sweeper can make the attempt instead.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('webhook_deliveries', (t) => {
    t.timestamp('claimed_until', { useTz: true });
  });
  // the sweeper's scans: deliveries still waiting for their first attempt, or overdue retries
  await knex.raw(
    "CREATE INDEX webhook_deliveries_unfinished_idx ON webhook_deliveries (updated_at) WHERE status IN ('pending', 'retrying')",
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX IF EXISTS webhook_deliveries_unfinished_idx');
  await knex.schema.alterTable('webhook_deliveries', (t) => {
    t.dropColumn('claimed_until');
  });
}
