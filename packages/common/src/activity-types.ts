import type { RenderError, EmitEventInput, VideoPlan, VideoChunkPlan } from './types';

/** Image outcome kept small on purpose: bytes live in MinIO, never in Temporal payloads. */
export interface ImageRenderOutput {
  resultPath: string;
  thumbnailPath: string;
  imageMetadata: { width: number; height: number; format: string; bytes: number; sha256: string };
  /** Whether anyone (the render's webhook_url or an org webhook) wants the outcome event. */
  notify: boolean;
}

export interface VideoChunkOutput {
  index: number;
  segmentPath: string;
  frames: number;
}

export interface VideoFinalOutput {
  resultPath: string;
  thumbnailPath: string;
  bytes: number;
  notify: boolean;
}

/** Activities of the render worker (task queue `render`). */
export interface RenderActivities {
  markRendering(renderId: string): Promise<void>;
  /** Marks the row rendering, renders, uploads and completes the row in one activity (fewest round trips). */
  renderImage(renderId: string): Promise<ImageRenderOutput>;
  planVideo(renderId: string): Promise<VideoPlan>;
  renderVideoChunk(renderId: string, plan: VideoPlan, chunk: VideoChunkPlan): Promise<VideoChunkOutput>;
  /** Concatenates the segments, uploads the MP4 and thumbnail and completes the row. */
  concatVideo(renderId: string, plan: VideoPlan, segments: VideoChunkOutput[]): Promise<VideoFinalOutput>;
  /** Records the failure; answers whether anyone wants the failure event. */
  failRender(renderId: string, error: RenderError): Promise<{ notify: boolean }>;
  markCollectionRendering(collectionId: string): Promise<void>;
  zipCollection(collectionId: string): Promise<{ zipPath: string | null }>;
  finalizeCollection(collectionId: string, zipPath: string | null): Promise<{ status: string; notify: boolean }>;
}

/** Activities of the webhook worker (task queue `webhooks`). */
export interface WebhookActivities {
  /** Creates one delivery per matching webhook (idempotent per event) and starts their workflows. */
  emitEvent(input: EmitEventInput): Promise<{ deliveryIds: string[] }>;
  attemptDelivery(input: {
    deliveryId: string;
    attempt: number;
    /** Delay before the next attempt if this one fails, or null when this is the last attempt. */
    nextDelayMs: number | null;
    /** The attempt series this workflow runs (a redelivery starts a new one); absent for the first. */
    series?: number;
  }): Promise<{ outcome: 'succeeded' | 'retry' | 'failed' | 'disabled'; nextDelayMs: number | null }>;
  /** WEBHOOK_RETRY_SCHEDULE of the worker, for deliveries started without one (redeliveries from the API). */
  getRetrySchedule(): Promise<number[]>;
}
