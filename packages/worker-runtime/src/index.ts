export * from './health-server';
export * from './workflow-source';
