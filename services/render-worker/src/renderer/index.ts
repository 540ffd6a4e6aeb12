// Public surface of the renderer for tools outside the worker (the bench harness): `@rp/render-worker/renderer`.
export { createBrowserPool, type BrowserPoolOptions, type ManagedBrowserPool } from './browser-pool';
export { captureImage, type CaptureImageOptions, type CapturedImage } from './capture-image';
export { pageSession } from './page-session';
export { createRequestGuard, type RequestGuard } from './request-guard';
export { createPinnedResolver } from './pinned-resolver';
export type { BrowserPool } from './types';
export * from './video';
export { composeDocument, MAX_CANVAS_EDGE } from './compose-document';
export { NO_SANDBOX_ARG } from './sandbox/chromium-sandbox';
export type { BrowserIsolation } from './page-contexts';
export { resolveChromiumSandbox } from './sandbox/resolve-chromium-sandbox';
export type { ChromiumSandbox } from './sandbox/chromium-sandbox';
export type { ImageEngine, EngineRenderInput, EngineRenderOutput, EngineAssets } from './engines/image-engine';
export { createChromiumEngine } from './engines/chromium-engine';
export { rawFrameBytes } from './engines/native/raw-frame-writer';
export { createNativeEngine, type NativeEngine, type NativeEngineOptions, type NativeFrameInput, type NativeVideoChunkInput } from './engines/native-engine';
