import type { PlaceholderType, RenderKind, EventType, VideoFormat, CaptureStrategy } from './constants';

export interface Placeholder {
  name: string;
  type: PlaceholderType;
  default?: unknown;
  format?: string;
}

/** One modification of a render request (spec 2.4). Exactly one value field is expected per placeholder type. */
export interface Modification {
  name: string;
  text?: string;
  image_url?: string;
  color?: string;
  number?: number;
}

export interface RenderError {
  code: string;
  message: string;
}

export interface RenderWorkflowInput {
  renderId: string;
  orgId: string;
  kind: RenderKind;
  templateId: string;
  collectionId?: string;
}

export interface RenderWorkflowResult {
  renderId: string;
  status: 'completed' | 'failed';
  error?: RenderError;
}

export interface VideoProgress {
  frames_done: number;
  frames_total: number;
  percent: number;
}

export interface CollectionWorkflowInput {
  collectionId: string;
  orgId: string;
  kind: RenderKind;
  templateId: string;
  renderIds: string[];
  /** How many items (child workflows) render at once. */
  concurrency: number;
  /** Set when a schedule's run made the collection (its video items' workflows then carry the ScheduleId search attribute too). */
  scheduleId?: string | null;
}

/** What a Temporal Schedule's action passes to every run it starts. */
export interface ScheduledRunInput {
  scheduleId: string;
  orgId: string;
}

/** The outcome of one scheduled run, recorded in schedule_runs. `gone`: the schedule was deleted meanwhile. */
export interface ScheduledRunOutput {
  status: 'created' | 'skipped' | 'failed' | 'gone';
  runId?: string;
  /** Set for `created`: what the run's collection workflow starts with. */
  collection?: CollectionWorkflowInput;
}

export interface WebhookDeliveryWorkflowInput {
  deliveryId: string;
  orgId: string;
  /** The delivery's webhook: a search attribute (`WebhookId`), so ops find a webhook's deliveries. */
  webhookId: string;
  /** Delay before each attempt in ms; index 0 is the first attempt (normally 0). Empty: the worker's schedule. */
  scheduleMs: number[];
  /**
   * Where the workflow takes over (default 1): the start-recovery sweep restarts a lost workflow after the
   * attempts its row already records, firstWaitMs before the next one.
   */
  firstAttempt?: number;
  firstWaitMs?: number;
  /** A redelivery carries its attempt series; the first series (from emitEvent) leaves it out. */
  series?: number;
}

export interface EmitEventInput {
  orgId: string;
  type: EventType;
  /** id of the resource the event is about (render or collection). */
  resourceId: string;
}

export interface VideoChunkPlan {
  index: number;
  startFrame: number;
  endFrame: number; // exclusive
}

export interface VideoPlan {
  totalFrames: number;
  fps: number;
  width: number;
  height: number;
  /**
   * Who draws the frames, fixed once per render from the version's decided engine: `native` (takumi, frames drawn
   * at i*1000/fps in an engine process, docs/video.md) or `chromium` (captured with `strategy`).
   */
  engine: 'chromium' | 'native';
  strategy: CaptureStrategy;
  /** Output format; gif chunks are H.264 intermediates, converted once the whole video is joined. */
  format: VideoFormat;
  /** webm only: frames are captured as PNG with a transparent background and encoded with alpha. */
  transparent: boolean;
  chunks: VideoChunkPlan[];
}
