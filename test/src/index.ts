export * from './support/stack-info';
export * from './support/api-client';
export * from './support/orgs';
export * from './support/fixture-server';
export * from './support/png';
export * from './support/wait-for';
export * from './support/render-helpers';
