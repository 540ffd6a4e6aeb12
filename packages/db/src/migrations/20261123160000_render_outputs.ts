import type { Knex } from 'knex';

// A video render's audio track as requested, and what the finished video is (format, bytes, audio stream).
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('renders', (t) => {
    t.jsonb('audio');
    t.jsonb('video_metadata');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('renders', (t) => {
    t.dropColumn('audio');
    t.dropColumn('video_metadata');
  });
}
