import type { Knex } from 'knex';

// Every delivery runs in a workflow of its own from its first attempt on, so no process claims a row any more:
// the claim column goes. The one scan left is the webhook worker's start-recovery sweep (start-recovery-sweep.ts):
// unfinished rows that have not moved, by when they should have (the next retry, or since they were written).
export async function up(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX IF EXISTS webhook_deliveries_unfinished_idx');
  await knex.schema.alterTable('webhook_deliveries', (t) => {
    t.dropColumn('claimed_until');
  });
  await knex.raw(
    "CREATE INDEX webhook_deliveries_unfinished_idx ON webhook_deliveries ((coalesce(next_retry_at, updated_at))) WHERE status IN ('pending', 'retrying')",
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX IF EXISTS webhook_deliveries_unfinished_idx');
  await knex.schema.alterTable('webhook_deliveries', (t) => {
    t.timestamp('claimed_until', { useTz: true });
  });
  await knex.raw(
    "CREATE INDEX webhook_deliveries_unfinished_idx ON webhook_deliveries (updated_at) WHERE status IN ('pending', 'retrying')",
  );
}
