import type { Knex } from 'knex';

const NOW_MS = "date_trunc('milliseconds', now())";

// Schedules (each mirrored by a Temporal Schedule), their runs, URL signing keys, and the render cache key.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('schedules', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('org_id').notNullable().references('orgs.id').onDelete('CASCADE');
    t.string('name', 200).notNullable();
    t.uuid('template_id').notNullable();
    t.jsonb('people').notNullable().defaultTo('{}');
    t.jsonb('mapping').notNullable().defaultTo('{}');
    t.string('at', 5).notNullable(); // HH:MM, local to `timezone`
    t.string('timezone', 64).notNullable();
    t.boolean('enabled').notNullable().defaultTo(true);
    t.jsonb('metadata').notNullable().defaultTo('{}');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.raw(NOW_MS));
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.raw(NOW_MS));
    t.index(['org_id', 'created_at']);
  });

  // run_key is `daily:<local date>` for the timetable's run (so one per local date) or `trigger:<workflow id>`
  await knex.schema.createTable('schedule_runs', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('org_id').notNullable().references('orgs.id').onDelete('CASCADE');
    t.uuid('schedule_id').notNullable().references('schedules.id').onDelete('CASCADE');
    t.string('run_key', 300).notNullable();
    t.string('kind', 16).notNullable(); // daily | trigger
    t.date('local_date').notNullable();
    t.string('status', 16).notNullable(); // created | skipped | failed
    t.uuid('collection_id').references('collections.id').onDelete('SET NULL');
    t.integer('matched').notNullable().defaultTo(0);
    t.jsonb('error');
    t.string('workflow_id', 300).notNullable();
    t.timestamp('scheduled_at', { useTz: true }).notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.raw(NOW_MS));
    t.unique(['schedule_id', 'run_key']);
    t.index(['schedule_id', 'created_at']);
  });

  await knex.schema.alterTable('collections', (t) => {
    t.uuid('schedule_id'); // no FK: a deleted schedule keeps its collections readable
  });

  await knex.schema.createTable('url_keys', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('org_id').notNullable().references('orgs.id').onDelete('CASCADE');
    t.string('name', 200).notNullable();
    t.string('secret', 100).notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.raw(NOW_MS));
    t.timestamp('revoked_at', { useTz: true });
    t.index(['org_id', 'created_at']);
  });

  await knex.schema.alterTable('renders', (t) => {
    t.string('cache_key', 64); // sha256 of (org, template, version, modifications, format, size)
    t.uuid('cached_from'); // the completed render whose stored result this one reuses
  });
  await knex.raw(`CREATE INDEX renders_cache_hit ON renders (org_id, cache_key, completed_at DESC) WHERE status = 'completed' AND cache_key IS NOT NULL`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX IF EXISTS renders_cache_hit');
  await knex.schema.alterTable('renders', (t) => {
    t.dropColumn('cache_key');
    t.dropColumn('cached_from');
  });
  await knex.schema.dropTableIfExists('url_keys');
  await knex.schema.alterTable('collections', (t) => t.dropColumn('schedule_id'));
  await knex.schema.dropTableIfExists('schedule_runs');
  await knex.schema.dropTableIfExists('schedules');
}
