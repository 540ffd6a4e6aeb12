export * from './health-server';
export * from './load-workflow-bundle';
export * from './activity-logger';
export * from './install-runtime';
export * from './run-worker';
export * from './run-every';
export * from './worker-tuner';
