import type { Knex } from 'knex';

// Timestamps keep millisecond precision so they round-trip through JS Dates (keyset cursors rely on it).
const NOW_MS = "date_trunc('milliseconds', now())";

// The whole data model in one place. Every row carries org_id so every query can be scoped by org.
export async function up(knex: Knex): Promise<void> {
  await knex.raw('CREATE EXTENSION IF NOT EXISTS pgcrypto');

  await knex.schema.createTable('orgs', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('org_id').notNullable(); // equals id: keeps the "every row carries org_id" rule uniform
    t.string('name', 200).notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.raw(NOW_MS));
  });

  await knex.schema.createTable('api_keys', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('org_id').notNullable().references('orgs.id').onDelete('CASCADE');
    t.string('name', 200).notNullable().defaultTo('default');
    t.string('prefix', 16).notNullable();
    t.string('key_hash', 64).notNullable().unique();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.raw(NOW_MS));
    t.timestamp('revoked_at', { useTz: true });
    t.timestamp('last_used_at', { useTz: true });
  });

  await knex.schema.createTable('templates', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('org_id').notNullable().references('orgs.id').onDelete('CASCADE');
    t.uuid('project_id').notNullable();
    t.string('name', 120).notNullable();
    t.string('type', 16).notNullable();
    t.string('format', 16).notNullable();
    t.integer('width').notNullable();
    t.integer('height').notNullable();
    t.jsonb('canvas_data').notNullable().defaultTo('{}');
    t.text('composition_html').notNullable().defaultTo('');
    t.jsonb('placeholders').notNullable().defaultTo('[]');
    t.boolean('is_published').notNullable().defaultTo(false);
    t.integer('current_version').notNullable().defaultTo(1);
    t.string('video_strategy', 32).notNullable().defaultTo('screenshot');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.raw(NOW_MS));
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.raw(NOW_MS));
    t.timestamp('deleted_at', { useTz: true });
    t.index(['org_id', 'created_at']);
  });

  await knex.schema.createTable('template_versions', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('org_id').notNullable().references('orgs.id').onDelete('CASCADE');
    // no FK: versions outlive a deleted template so old renders stay readable and reproducible
    t.uuid('template_id').notNullable();
    t.integer('version').notNullable();
    t.string('type', 16).notNullable();
    t.string('format', 16).notNullable();
    t.integer('width').notNullable();
    t.integer('height').notNullable();
    t.jsonb('canvas_data').notNullable();
    t.text('composition_html').notNullable();
    t.jsonb('placeholders').notNullable();
    t.string('video_strategy', 32).notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.raw(NOW_MS));
    t.unique(['template_id', 'version']);
  });

  await knex.schema.createTable('assets', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('org_id').notNullable().references('orgs.id').onDelete('CASCADE');
    t.string('content_type', 64).notNullable();
    t.bigInteger('bytes').notNullable();
    t.string('sha256', 64).notNullable();
    t.string('storage_path', 400).notNullable();
    t.string('filename', 255);
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.raw(NOW_MS));
    t.index(['org_id', 'created_at']);
  });

  await knex.schema.createTable('people', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('org_id').notNullable().references('orgs.id').onDelete('CASCADE');
    t.string('external_id', 120);
    t.string('first_name', 120);
    t.string('last_name', 120);
    t.date('birth_date');
    t.date('hire_date');
    t.string('email', 320);
    t.string('phone', 40);
    t.string('position', 120);
    t.string('sector', 120);
    t.uuid('photo_asset_id').references('assets.id').onDelete('SET NULL');
    t.jsonb('custom_fields').notNullable().defaultTo('{}');
    t.string('status', 16).notNullable().defaultTo('active');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.raw(NOW_MS));
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.raw(NOW_MS));
    t.unique(['org_id', 'external_id']);
    t.index(['org_id', 'created_at']);
  });

  await knex.schema.createTable('collections', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('org_id').notNullable().references('orgs.id').onDelete('CASCADE');
    t.uuid('template_id').notNullable();
    t.integer('template_version').notNullable();
    t.string('name', 200);
    t.string('type', 16).notNullable();
    t.string('status', 32).notNullable().defaultTo('pending');
    t.integer('total').notNullable();
    t.integer('completed').notNullable().defaultTo(0);
    t.integer('failed').notNullable().defaultTo(0);
    t.string('zip_storage_path', 400);
    t.jsonb('metadata').notNullable().defaultTo('{}');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.raw(NOW_MS));
    t.timestamp('completed_at', { useTz: true });
    t.index(['org_id', 'created_at']);
  });

  await knex.schema.createTable('renders', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('org_id').notNullable().references('orgs.id').onDelete('CASCADE');
    t.string('kind', 8).notNullable(); // image | video
    t.uuid('template_id').notNullable(); // no FK: a deleted template keeps its renders readable
    t.integer('template_version').notNullable();
    t.string('status', 16).notNullable().defaultTo('pending');
    t.jsonb('modifications').notNullable().defaultTo('[]');
    t.jsonb('metadata').notNullable().defaultTo('{}');
    t.text('webhook_url');
    t.uuid('webhook_id');
    t.float('duration_seconds');
    t.integer('fps');
    t.integer('width');
    t.integer('height');
    t.string('result_path', 400);
    t.string('thumbnail_path', 400);
    t.jsonb('image_metadata');
    t.jsonb('error');
    t.jsonb('progress');
    t.integer('duration_ms');
    t.uuid('collection_id').references('collections.id').onDelete('CASCADE');
    t.integer('collection_index');
    t.integer('render_count').notNullable().defaultTo(0); // how many times a result was written: proves exactly-once
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.raw(NOW_MS));
    t.timestamp('started_at', { useTz: true });
    t.timestamp('completed_at', { useTz: true });
    t.index(['org_id', 'kind', 'created_at']);
    t.index(['status', 'created_at']);
    t.index(['collection_id']);
  });

  await knex.schema.createTable('collection_items', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('org_id').notNullable().references('orgs.id').onDelete('CASCADE');
    t.uuid('collection_id').notNullable().references('collections.id').onDelete('CASCADE');
    t.integer('index').notNullable();
    t.uuid('render_id').notNullable().references('renders.id').onDelete('CASCADE');
    t.jsonb('metadata').notNullable().defaultTo('{}');
    t.unique(['collection_id', 'index']);
  });

  await knex.schema.createTable('webhooks', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('org_id').notNullable().references('orgs.id').onDelete('CASCADE');
    t.text('url').notNullable();
    t.jsonb('events').notNullable().defaultTo('["*"]');
    t.string('description', 500);
    t.boolean('enabled').notNullable().defaultTo(true);
    t.boolean('implicit').notNullable().defaultTo(false);
    t.string('secret', 100).notNullable();
    t.string('disabled_reason', 200);
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.raw(NOW_MS));
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.raw(NOW_MS));
    t.timestamp('deleted_at', { useTz: true });
    t.index(['org_id', 'created_at']);
  });
  // one implicit webhook per org and URL, so render webhook_url deliveries are listable by webhook_id
  await knex.raw('CREATE UNIQUE INDEX webhooks_implicit_url ON webhooks (org_id, url) WHERE implicit AND deleted_at IS NULL');

  await knex.schema.createTable('webhook_deliveries', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('org_id').notNullable().references('orgs.id').onDelete('CASCADE');
    t.uuid('webhook_id').notNullable().references('webhooks.id').onDelete('CASCADE');
    t.string('event_id', 200).notNullable();
    t.string('event_type', 64).notNullable();
    t.string('status', 16).notNullable().defaultTo('pending');
    t.integer('http_status');
    t.integer('attempts').notNullable().defaultTo(0);
    t.timestamp('next_retry_at', { useTz: true });
    t.timestamp('delivered_at', { useTz: true });
    t.jsonb('payload').notNullable();
    t.text('response_body');
    t.integer('series').notNullable().defaultTo(1); // bumped by redeliver
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.raw(NOW_MS));
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.raw(NOW_MS));
    t.unique(['webhook_id', 'event_id']);
    t.index(['webhook_id', 'created_at']);
  });

  await knex.schema.createTable('webhook_attempts', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('org_id').notNullable().references('orgs.id').onDelete('CASCADE');
    t.uuid('delivery_id').notNullable().references('webhook_deliveries.id').onDelete('CASCADE');
    t.integer('series').notNullable().defaultTo(1);
    t.integer('attempt').notNullable();
    t.integer('http_status');
    t.text('response_body');
    t.string('error', 500);
    t.integer('duration_ms');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.raw(NOW_MS));
    t.unique(['delivery_id', 'series', 'attempt']);
  });

  await knex.schema.createTable('idempotency_keys', (t) => {
    t.uuid('org_id').notNullable().references('orgs.id').onDelete('CASCADE');
    t.string('key', 255).notNullable();
    t.string('route', 100).notNullable();
    t.string('request_hash', 64).notNullable();
    t.string('resource_type', 32).notNullable();
    t.uuid('resource_id').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.raw(NOW_MS));
    t.primary(['org_id', 'route', 'key']);
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const t of [
    'idempotency_keys', 'webhook_attempts', 'webhook_deliveries', 'webhooks', 'collection_items', 'renders',
    'collections', 'people', 'assets', 'template_versions', 'templates', 'api_keys', 'orgs',
  ]) {
    await knex.schema.dropTableIfExists(t);
  }
}
