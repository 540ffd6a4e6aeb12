import type { Node } from '@takumi-rs/core';
import type { LayoutFacts, PlaceholderKinds } from '../../../warnings/layout-facts-script';
import type { SegmentEncoderOptions } from '../../../ffmpeg/create-segment-encoder';
import type { ImageSizes } from '../image/native-layout-facts';

/** A prepared document as an engine process draws it: the tree, its stylesheets and every byte it references. */
export interface NativeDrawing {
  node: Node;
  /** The UA stylesheet first, then the document's. */
  css: string[];
  width: number;
  height: number;
  transparent: boolean;
  fitPaths: number[][];
  images: Array<{ src: string; data: Uint8Array }>;
  fonts: Array<{ family: string; weight?: number; style?: string; data: Uint8Array }>;
}

/** What the worker sends an engine process for one image (structured clone over IPC: Buffers travel as bytes). */
export interface NativeJob extends NativeDrawing {
  id: number;
  kind?: 'image';
  /** `raw`: the straight RGBA pixels themselves (a video frame for the parity check), no thumbnail. */
  format: 'png' | 'jpeg' | 'webp' | 'raw';
  quality: number;
  /** 0: no thumbnail. */
  thumbnailWidth: number;
  /** The instant the document's CSS animations are drawn at (takumi's timeMs); absent: 0. */
  timeMs?: number;
  /** Report layout facts for these placeholders (native-layout-facts.ts), images judged by their natural sizes. */
  warnFor?: PlaceholderKinds;
  imageSizes?: ImageSizes;
}

/**
 * One chunk of a native video, frames [startFrame, endFrame): the engine process draws frame i at i*1000/fps as raw
 * RGBA and writes it into an ffmpeg it starts itself (the frames never cross IPC), into `encoder.outputPath`.
 */
export interface NativeVideoJob extends NativeDrawing {
  id: number;
  kind: 'video';
  fps: number;
  startFrame: number;
  endFrame: number;
  encoder: Pick<SegmentEncoderOptions, 'outputPath' | 'codec' | 'alpha' | 'ffmpegPath'>;
  /** The video's middle frame, when it is the chunk's: written as the video's thumbnail (JPEG) to `path`. */
  thumbnail?: { frame: number; path: string };
}

export type NativeFailureCode = 'template_invalid' | 'font_load_failed' | 'encode_failed' | 'cancelled';

export type NativeReply =
  /**
   * `refusedFonts`: indexes of the job's fonts takumi refused (left out: their families fall through).
   * `droppedDeclarations`: values in elements' `style` takumi could not read, left out as Chromium leaves them
   * (drop-rejected-declarations.ts), as `fontWeight: light`.
   */
  | { id: number; kind: 'done'; image: Uint8Array; thumbnail?: Uint8Array; facts?: LayoutFacts; refusedFonts?: number[]; droppedDeclarations?: string[] }
  | { id: number; kind: 'failed'; code: NativeFailureCode; message: string; retryable?: boolean };

/**
 * Where a chunk's time went in its engine process: drawing frames (summed; it overlaps the encode), waiting for a
 * frame still being drawn, and waiting on ffmpeg (stdin backpressure and the final flush). The larger wait names the
 * side that bounds the chunk.
 */
export interface NativeChunkTiming {
  /** In the worker, before the engine process had the job: the document's node tree, its images and fonts fetched. */
  prepareMs?: number;
  /** In the engine process, before the first frame: shrink-to-fit and the background layer. */
  setupMs: number;
  drawMs: number;
  waitDrawMs: number;
  waitEncodeMs: number;
  /** Frames written again from the one drawn once every animation had ended (static-from-ms.ts), not drawn. */
  heldFrames: number;
  /** Frames of which only the rows where boxes moved were drawn, over the frame before (video-frame-source.ts). */
  bandFrames: number;
  /** Frames written again because no box moved and nothing else could change since the frame before. */
  unchangedFrames: number;
  /** `spare`: the chunk's ffmpeg had been started before it, and waited (ffmpeg-spares.ts); else `started`. */
  encoder: 'spare' | 'started';
  /** `on`: frames in which only boxes move are drawn in part; else why every frame is drawn whole. */
  bands: string;
  /** `cached`: the root background was drawn once for the chunk (background-layer.ts); else why every frame drew it. */
  backgroundLayer: string;
}

export type NativeVideoReply =
  | ({ id: number; kind: 'video-done'; frames: number; droppedDeclarations?: string[] } & NativeChunkTiming)
  | { id: number; kind: 'failed'; code: NativeFailureCode; message: string; retryable?: boolean };

/** Worker to engine process: stop drawing that video chunk, kill its ffmpeg and remove its partial output. */
export interface NativeCancel {
  kind: 'cancel';
  id: number;
}

/** Sent while a video chunk is drawn: the ffmpeg it started (killed by the worker on cancel), frames written so far. */
export type NativeVideoProgress = { id: number; kind: 'encoder'; pid: number } | { id: number; kind: 'progress'; frames: number };

export type NativeProcessMessage = NativeReply | NativeVideoReply | NativeVideoProgress | { kind: 'ready'; version: string; skippedFonts: string[] };
