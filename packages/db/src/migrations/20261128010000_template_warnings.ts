import type { Knex } from 'knex';

// What a version's save noticed about the template's own images and fonts that will not load (docs/templates.md
// "Warnings at save"): [{code, placeholder, message}], the render warnings' shape. templates carries a copy of its
// current version's, as it does the engine decision. Rows saved before it answer [].
export async function up(knex: Knex): Promise<void> {
  for (const table of ['template_versions', 'templates']) {
    await knex.schema.alterTable(table, (t) => {
      t.jsonb('warnings').notNullable().defaultTo(knex.raw(`'[]'::jsonb`));
    });
  }
}

export async function down(knex: Knex): Promise<void> {
  for (const table of ['template_versions', 'templates']) {
    await knex.schema.alterTable(table, (t) => {
      t.dropColumn('warnings');
    });
  }
}
