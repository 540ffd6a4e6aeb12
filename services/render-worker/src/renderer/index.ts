// Public surface of the renderer for tools outside the worker (the bench harness, the table generators in tools/tables):
// `@rp/render-worker/renderer`.
export { createBrowserPool, type BrowserPoolOptions, type ManagedBrowserPool } from './engines/chromium/pool/browser-pool';
export { captureImage, type CaptureImageOptions, type CapturedImage } from './engines/chromium/capture/capture-image';
export { pageSession } from './engines/chromium/pages/page-session';
export { createRequestGuard, type RequestGuard } from './request-guard';
export { createPinnedResolver } from './pinned-resolver';
export type { BrowserPool } from './types';
export { planChunks, totalFramesFor } from './video/plan-chunks';
// ffmpeg: argument builders, encoders, the join
export { createSegmentEncoder, type SegmentEncoder, type SegmentEncoderOptions } from './ffmpeg/create-segment-encoder';
export { encodeSegment, type EncodeSegmentOptions } from './ffmpeg/encode-segment';
export { concatSegments, type ConcatSegmentsOptions } from './ffmpeg/concat-segments';
export { extractThumbnail, type ExtractThumbnailOptions } from './ffmpeg/extract-thumbnail';
export { buildSegmentEncodeArgs, SEGMENT_ENCODER_SETTINGS, type FfmpegArgs } from './ffmpeg/build-ffmpeg-args';
export { buildConcatArgs, buildConcatList } from './ffmpeg/build-concat-args';
export { assembleVideo, type AssembleVideoOptions, type AssembledVideo } from './ffmpeg/assemble-video';
export { convertToGif } from './ffmpeg/convert-to-gif';
export { buildWebmSegmentArgs, WEBM_ENCODER_SETTINGS } from './ffmpeg/build-webm-args';
export { buildGifArgs } from './ffmpeg/build-gif-args';
export { buildAudioFilter, audioCodecOptions, audioInputOptions, type AudioMix } from './ffmpeg/build-audio-args';
// Chromium's frame capture
export { captureFrames, effectiveStrategy, frameTimeMs, type CaptureFramesOptions, type CaptureFramesResult } from './engines/chromium/capture/capture-frames';
export { renderVideoChunk, type RenderVideoChunkOptions, type RenderVideoChunkResult } from './engines/chromium/capture/render-video-chunk';
export { probeBeginFrame } from './engines/chromium/capture/probe-begin-frame';
export { BEGIN_FRAME_CHROME_ARGS, BASE_CHROME_ARGS } from './engines/chromium/pool/chrome-args';
export { chromiumProcess, type LaunchedChromium } from './engines/chromium/pool/chromium-process';
export { injectVirtualClock, DEFAULT_CLOCK_EPOCH_MS } from './engines/chromium/capture/inject-virtual-clock';
export { composeDocument, MAX_CANVAS_EDGE } from './compose-document';
export { NO_SANDBOX_ARG } from './engines/chromium/sandbox/chromium-sandbox';
export type { BrowserIsolation } from './engines/chromium/pages/page-contexts';
export { resolveChromiumSandbox } from './engines/chromium/sandbox/resolve-chromium-sandbox';
export type { ChromiumSandbox } from './engines/chromium/sandbox/chromium-sandbox';
export type { ImageEngine, EngineRenderInput, EngineRenderOutput, EngineAssets } from './engines/image-engine';
export { createChromiumEngine } from './engines/chromium/capture/chromium-engine';
export { rawFrameBytes } from './engines/native/video/raw-frame-writer';
export { createNativeEngine, type NativeEngine, type NativeEngineOptions, type NativeFrameInput, type NativeVideoChunkInput } from './engines/native/image/native-engine';
export { prepareNativeDocument } from './engines/native/image/prepare-native-document';
export { nativeUaStylesheet } from './engines/native/image/native-ua-stylesheet';
export { takumiVersion } from './engines/native/process/takumi-version';
