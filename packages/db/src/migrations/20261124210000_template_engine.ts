import type { Knex } from 'knex';

// Which engine renders a template version (docs/engines.md). `engine_mode` is what the author asked
// for ('auto' | 'chromium' | 'native'); `engine` is what renders use, with `engine_reason` (a reason code) and
// `engine_parity` (the figures of the parity check). Rows that exist when it runs keep Chromium: their mode and
// engine default to 'chromium'. The API writes 'auto' for new templates.
// templates carries the same four columns as a copy of its current version's, so every template read (list, get,
// webhook payloads) answers the decision without a join; the decision activity writes both in one statement.
export async function up(knex: Knex): Promise<void> {
  for (const table of ['template_versions', 'templates']) {
    await knex.schema.alterTable(table, (t) => {
      t.text('engine_mode').notNullable().defaultTo('chromium');
      t.text('engine').notNullable().defaultTo('chromium');
      t.text('engine_reason').nullable();
      t.jsonb('engine_parity').nullable();
    });
    // rows saved before engines existed say why they are on Chromium
    await knex(table).update({ engine_reason: 'legacy' });
    await knex.raw(`ALTER TABLE ${table} ADD CONSTRAINT ${table}_engine_mode_check CHECK (engine_mode IN ('auto', 'chromium', 'native'))`);
    await knex.raw(`ALTER TABLE ${table} ADD CONSTRAINT ${table}_engine_check CHECK (engine IN ('chromium', 'native'))`);
  }
  // the sweeper finds decisions still pending (a lost workflow start) through this partial index
  await knex.raw(`CREATE INDEX template_versions_engine_pending ON template_versions (created_at) WHERE engine_reason = 'parity_pending'`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX IF EXISTS template_versions_engine_pending');
  for (const table of ['template_versions', 'templates']) {
    await knex.schema.alterTable(table, (t) => {
      t.dropColumn('engine_mode');
      t.dropColumn('engine');
      t.dropColumn('engine_reason');
      t.dropColumn('engine_parity');
    });
  }
}
