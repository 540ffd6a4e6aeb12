import type { Knex } from '@rp/db';
import type { ObjectStore } from '@rp/storage';
import type { SsrfGuard } from '@rp/net-guard';
import type { Logger } from 'pino';
import type { BrowserPool } from '../renderer/types';
import type { RenderWorkerConfig } from '../config';
import type { RenderMetrics } from '../render-metrics';
import type { RenderGate } from './create-render-gate';
import type { NativeEngine } from '../renderer/engines/native/image/native-engine';
import type { FfmpegSpares } from '../renderer/ffmpeg/ffmpeg-spares';

export interface RenderActivityDeps {
  config: RenderWorkerConfig;
  db: Knex;
  store: ObjectStore;
  pool: BrowserPool;
  /** Collection items render here: a browser of their own at a lower CPU priority (main.ts, createPools). */
  batchPool: BrowserPool;
  /** Holds collection items back to one at a time while a single render runs (create-render-gate.ts). */
  gate: RenderGate;
  ssrfGuard: SsrfGuard;
  logger: Logger;
  metrics: RenderMetrics;
  /** A chromium-headless-shell pool under begin-frame control, when the start-up probe found support. */
  beginFramePool: BrowserPool | null;
  /** The browser-free engine for versions decided `native` (its processes start on first use; docs/engines.md). */
  nativeEngine: NativeEngine;
  /** The join's ffmpeg, started before a video needs it (ffmpeg-spares.ts). */
  ffmpegSpares: FfmpegSpares;
}
