export * from './ssrf-guard';
export * from './pinned-lookup';
export * from './guarded-get';
export * from './guarded-get-error';
