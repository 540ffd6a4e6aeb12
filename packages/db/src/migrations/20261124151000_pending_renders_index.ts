import type { Knex } from 'knex';

// MAX_PENDING_RENDERS_PER_ORG counts an org's renders not yet final on every admission, under the org's lock
// (@rp/people render-caps): a partial index keeps that count to the few unfinished rows, however many
// finished renders the org has.
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`CREATE INDEX renders_unfinished_by_org ON renders (org_id) WHERE status IN ('pending', 'rendering')`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX IF EXISTS renders_unfinished_by_org');
}
