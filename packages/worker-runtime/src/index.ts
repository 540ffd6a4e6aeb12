export * from './health-server';
