import type { Knex } from 'knex';

// Size variants: the variants an image render asked for, resolved against its pinned version at
// admission ([{name, width, height, format}], null for a plain render). Its outputs are recorded in image_metadata.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('renders', (t) => {
    t.jsonb('variants');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('renders', (t) => {
    t.dropColumn('variants');
  });
}
