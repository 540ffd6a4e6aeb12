export { createApp, createOpsApp } from './app';
export { buildDeps } from './build-deps';
export { loadApiConfig, apiEnvSchema } from './config';
export type { ApiDeps } from './deps';
export { generateOpenApiText } from './write-openapi';
export { canonicalRenderUrl, signRenderUrl } from './services/render-url-signature';
