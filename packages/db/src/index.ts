export * from './knex';
export * from './api-keys';
export type { Knex } from 'knex';
export * from './webhooks';
export * from './finish-render';
export type * from './rows';
export * from './sql-helpers';
export * from './final-render-listener';
export * from './collection-item-views';
