import type { Node } from '@takumi-rs/core';
import type { LayoutFacts, PlaceholderKinds } from '../../warnings/layout-facts-script';
import type { ImageSizes } from './native-layout-facts';

/** What the worker sends an engine process for one render (structured clone over IPC: Buffers travel as bytes). */
export interface NativeJob {
  id: number;
  node: Node;
  /** The UA stylesheet first, then the document's. */
  css: string[];
  width: number;
  height: number;
  format: 'png' | 'jpeg' | 'webp';
  quality: number;
  /** 0: no thumbnail. */
  thumbnailWidth: number;
  transparent: boolean;
  fitPaths: number[][];
  images: Array<{ src: string; data: Uint8Array }>;
  fonts: Array<{ family: string; weight?: number; style?: string; data: Uint8Array }>;
  /** Report layout facts for these placeholders (native-layout-facts.ts), images judged by their natural sizes. */
  warnFor?: PlaceholderKinds;
  imageSizes?: ImageSizes;
}

export type NativeReply =
  | { id: number; kind: 'done'; image: Uint8Array; thumbnail?: Uint8Array; facts?: LayoutFacts }
  | { id: number; kind: 'failed'; code: 'template_invalid' | 'font_load_failed' | 'encode_failed'; message: string };

export type NativeProcessMessage = NativeReply | { kind: 'ready'; version: string; skippedFonts: string[] };
