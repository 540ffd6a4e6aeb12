import type { Knex } from 'knex';

// Pinned resources (docs/pinning.md): the manifest of what a version loads from elsewhere, fetched and stored when
// it was saved ([{url, kind, status, asset_key, sha256, bytes, content_type, error}]). The bytes live in object
// storage under orgs/<org>/pinned/<sha256>, once per org.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('template_versions', (t) => {
    t.jsonb('pinned_resources').notNullable().defaultTo(knex.raw(`'[]'::jsonb`));
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('template_versions', (t) => {
    t.dropColumn('pinned_resources');
  });
}
