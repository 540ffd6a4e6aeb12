export * from './ssrf-guard';
export * from './pinned-lookup';
