import type { EngineDecision, EngineDecisionInput } from './engine-decision';
import type { RenderError, EmitEventInput, VideoPlan, VideoChunkPlan, Placeholder, Modification, ScheduledRunOutput } from './types';
import type { VideoStrategy } from './constants';
import type { RenderWarning } from './render-warnings';

/**
 * A preview: everything the renderer needs, resolved and checked by the API (a saved version is read there, org-scoped),
 * so the worker touches no row. Only the org id travels, for its asset:// references.
 */
export interface PreviewInput {
  previewId: string;
  orgId: string;
  type: 'image' | 'video';
  format: string;
  width: number;
  height: number;
  html: string;
  placeholders: Placeholder[];
  modifications: Modification[];
  /** Video templates: the frame at this time (seconds) is the preview. */
  timeSeconds: number;
  fps: number;
  videoStrategy: VideoStrategy;
  /** The engine that draws an image preview: a saved version's decided engine; absent means Chromium. */
  engine?: 'chromium' | 'native';
}

/** Where the preview bytes wait in MinIO; the API reads and removes them. */
export interface PreviewOutput {
  path: string;
  contentType: string;
}


/** A collection's items laid out for their warnings only (POST /v1/collections with `preflight: true`). */
export interface PreflightInput {
  preflightId: string;
  orgId: string;
  templateId: string;
  templateVersion: number;
  items: Array<{ modifications?: Modification[] }>;
  /** Size variants to lay each item out at (each one's warnings name it), else the template's own size. */
  variants?: Array<{ name: string; width: number; height: number }>;
}

export interface PreflightItemOutcome {
  index: number;
  warnings: RenderWarning[];
  /** A failure the real render would end with too (a timeout, a broken template), else null. */
  error: RenderError | null;
}

export interface PreflightOutput {
  items: PreflightItemOutcome[];
  durationMs: number;
}

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
  /**
   * One run of a schedule: selects the people matching at `scheduledAt` in the schedule's zone and stores their
   * collection with the run row, once per run key (a retry answers the run already stored).
   */
  runSchedule(input: { scheduleId: string; scheduledAt: string; workflowId: string }): Promise<ScheduledRunOutput>;
  /** Renders a preview to MinIO: no render row, no event. */
  renderPreview(input: PreviewInput): Promise<PreviewOutput>;
  preflightCollection(input: PreflightInput): Promise<PreflightOutput>;
  /** The parity check of a version pending a decision: renders its samples on both engines and records the decision. */
  decideEngine(input: EngineDecisionInput): Promise<EngineDecision>;
  /** Records a decision on a version still pending (the workflow's fallback when the check failed for good). */
  recordEngineDecision(input: EngineDecisionInput, decision: EngineDecision): Promise<void>;
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
