import type { CaptureStrategy, EngineName } from '@rp/workflow-safe';
import type { EngineAssets } from './image-engine';
import type { NativeChunkTiming } from './native/process/native-job';

/** One chunk of a video: frames [startFrame, endFrame) of the composed document, encoded into one segment file. */
export interface VideoChunkInput {
  /** The bound, composed HTML document (composeDocument), the same one an image render loads. */
  document: string;
  width: number;
  height: number;
  fps: number;
  startFrame: number;
  /** Exclusive. */
  endFrame: number;
  /** Segment file to write, inside a temp dir the caller removes. */
  outputPath: string;
  /** h264 (mp4, and gif's intermediate) or vp9 (webm). */
  codec: 'h264' | 'vp9';
  /** Keep the alpha channel: vp9 only. */
  transparent?: boolean;
  ffmpegPath?: string;
  /** Cap on loading the document (Chromium) or fetching its images and fonts (native). */
  loadTimeoutMs: number;
  /** Cap on one frame, drawn and written into ffmpeg. */
  frameTimeoutMs: number;
  /** Frames done so far in this chunk (drives heartbeats and the render's progress). */
  onProgress?: (framesDone: number) => void;
  /** The org rendering: Chromium keeps orgs' pages apart. */
  orgId: string;
  /** The network policy of the org's render (activities/request-guard-for.ts): Chromium takes its guard. */
  assets: EngineAssets;
  /** How Chromium captures the frames (the plan fixed it for every chunk); the native engine draws each itself. */
  strategy: CaptureStrategy;
  /** The video's middle frame: the chunk that holds it writes the video's thumbnail beside its segment. */
  thumbnailFrame?: number;
}

export interface VideoChunkResult {
  segmentPath: string;
  frames: number;
  /** How the frames were made: the Chromium capture strategy, or `native` (metrics label). */
  strategy: CaptureStrategy | 'native';
  /** Where a native chunk's time went (logged with the chunk). */
  timing?: NativeChunkTiming;
  /** The video's thumbnail, when the chunk held its middle frame (uploaded beside the segment). */
  thumbnailPath?: string;
}

/**
 * One video engine behind the renderer, as ImageEngine is for images: it draws and encodes a chunk's frames. Chromium
 * captures them from a page (chromium-video-engine.ts); the native engine draws them in its processes, each straight
 * into an ffmpeg (native-video-engine.ts). Failures reject with a RenderFailure (types.ts) carrying the code.
 */
export interface VideoEngine {
  readonly name: EngineName;
  renderChunk(input: VideoChunkInput, signal: AbortSignal): Promise<VideoChunkResult>;
}
