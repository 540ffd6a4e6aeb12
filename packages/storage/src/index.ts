export * from './object-store';
export * from './file-urls';
