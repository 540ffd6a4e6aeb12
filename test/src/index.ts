export * from './support/stack-info';
export * from './support/api-client';
export * from './support/orgs';
export * from './support/fixture-server';
