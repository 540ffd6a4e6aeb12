// The generated client (calls and types, from docs/openapi.json by @hey-api/openapi-ts; never edited by hand)
// and the hand-written layer: RenderPlatform, ApiError, retries, pagination, webhook verification.
export * from './generated/sdk.gen';
export type * from './generated/types.gen';
export type { Client } from './generated/client';
export { ApiError, type ApiErrorDetail } from './api-error';
export { paginate } from './paginate';
export { RenderPlatform, type RenderPlatformOptions, type WaitOptions } from './render-platform';
export { retryAfterMs, retryingFetch, type RetryOptions } from './retrying-fetch';
export { verifyWebhook, type WebhookHeaders } from './verify-webhook';
