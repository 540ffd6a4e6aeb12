// Public surface of the video renderer: activities import from here.
export { planChunks, totalFramesFor } from './plan-chunks';
export { captureFrames, effectiveStrategy, frameTimeMs, type CaptureFramesOptions, type CaptureFramesResult } from './capture-frames';
export { renderVideoChunk, type RenderVideoChunkOptions, type RenderVideoChunkResult } from './render-video-chunk';
export { createSegmentEncoder, type SegmentEncoder, type SegmentEncoderOptions } from './create-segment-encoder';
export { encodeSegment, type EncodeSegmentOptions } from './encode-segment';
export { concatSegments, type ConcatSegmentsOptions } from './concat-segments';
export { extractThumbnail, type ExtractThumbnailOptions } from './extract-thumbnail';
export { buildSegmentEncodeArgs, SEGMENT_ENCODER_SETTINGS, type FfmpegArgs } from './build-ffmpeg-args';
export { buildConcatArgs, buildConcatList } from './build-concat-args';
export { probeBeginFrame } from './probe-begin-frame';
export { BEGIN_FRAME_CHROME_ARGS, BASE_CHROME_ARGS } from '../chrome-args';
export { injectVirtualClock, DEFAULT_CLOCK_EPOCH_MS } from './inject-virtual-clock';
export { assembleVideo, type AssembleVideoOptions, type AssembledVideo } from './assemble-video';
export { convertToGif } from './convert-to-gif';
export { buildWebmSegmentArgs, WEBM_ENCODER_SETTINGS } from './build-webm-args';
export { buildGifArgs } from './build-gif-args';
export { buildAudioFilter, audioCodecOptions, audioInputOptions, type AudioMix } from './build-audio-args';
