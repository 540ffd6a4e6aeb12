export * from './health-server';
export * from './load-workflow-bundle';
export * from './activity-logger';
export * from './run-every';
