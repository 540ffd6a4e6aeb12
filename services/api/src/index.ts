export { createApp } from './app';
export { buildDeps } from './build-deps';
export { loadApiConfig, apiEnvSchema } from './config';
export type { ApiDeps } from './deps';
export { generateOpenApiText } from './write-openapi';
