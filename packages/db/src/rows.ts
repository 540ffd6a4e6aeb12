// Rows as Postgres hands them to knex (migrations in ./migrations). Timestamps are Dates; jsonb is parsed.
// Serializers and services take these, so a renamed column fails the build instead of a response.
import type {
  CollectionStatus,
  DeliveryStatus,
  EngineMode,
  EngineName,
  EngineParity,
  Modification,
  PinnedResource,
  Placeholder,
  RenderError,
  RenderKind,
  RenderStatus,
  RenderWarning,
  VideoProgress,
} from '@rp/workflow-safe';

type Timestamp = Date | string;

/** What a render is made from: a template carries it, and every version keeps an immutable copy. */
interface TemplateContentColumns {
  type: RenderKind;
  format: string;
  width: number;
  height: number;
  canvas_data: Record<string, unknown>;
  composition_html: string;
  placeholders: Placeholder[];
  video_strategy: string;
}

/** Which engine renders a version (docs/engines.md); a template row carries a copy of its current version's. */
interface EngineColumns {
  engine_mode: EngineMode;
  engine: EngineName;
  engine_reason: string | null;
  engine_parity: EngineParity | null;
}

/** What a version's save noticed (docs/templates.md "Warnings at save"); a template row carries its current version's. */
interface SaveColumns {
  /** The template's own images and fonts that will not load; [] for rows saved before these were recorded. */
  warnings: RenderWarning[];
}

export interface TemplateRow extends TemplateContentColumns, EngineColumns, SaveColumns {
  id: string;
  org_id: string;
  project_id: string;
  name: string;
  is_published: boolean;
  current_version: number;
  created_at: Timestamp;
  updated_at: Timestamp;
  deleted_at: Timestamp | null;
}

export interface TemplateVersionRow extends TemplateContentColumns, EngineColumns, SaveColumns {
  id: string;
  org_id: string;
  template_id: string;
  version: number;
  /** What the version loads from elsewhere, pinned when it was saved (docs/pinning.md). */
  pinned_resources: PinnedResource[];
  created_at: Timestamp;
}

export interface AssetRow {
  id: string;
  org_id: string;
  content_type: string;
  /** bigint: pg answers a string */
  bytes: number | string;
  sha256: string;
  storage_path: string;
  filename: string | null;
  created_at: Timestamp;
}

export interface PersonRow {
  id: string;
  org_id: string;
  external_id: string | null;
  first_name: string | null;
  last_name: string | null;
  birth_date: string | null;
  hire_date: string | null;
  email: string | null;
  phone: string | null;
  position: string | null;
  sector: string | null;
  photo_asset_id: string | null;
  custom_fields: Record<string, unknown>;
  status: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface RenderRow {
  id: string;
  org_id: string;
  kind: RenderKind;
  template_id: string;
  template_version: number;
  status: RenderStatus;
  modifications: Modification[];
  metadata: Record<string, unknown>;
  webhook_url: string | null;
  webhook_id: string | null;
  duration_seconds: number | null;
  fps: number | null;
  width: number | null;
  height: number | null;
  result_path: string | null;
  thumbnail_path: string | null;
  image_metadata: Record<string, unknown> | null;
  video_metadata: Record<string, unknown> | null;
  error: RenderError | null;
  progress: VideoProgress | null;
  duration_ms: number | null;
  collection_id: string | null;
  collection_index: number | null;
  render_count: number;
  /** Requested audio track of a video render (see AudioTrack). */
  audio: Record<string, unknown> | null;
  /** Identity of an image render's inputs (render cache). */
  cache_key: string | null;
  /** Size variants asked for (resolved at admission), null for a plain render. */
  variants?: Array<{ name: string; width: number; height: number; format?: string }> | null;
  /** A completed render of the same org whose stored result this one reuses. */
  cached_from: string | null;
  created_at: Timestamp;
  started_at: Timestamp | null;
  completed_at: Timestamp | null;
}

export interface CollectionRow {
  id: string;
  org_id: string;
  template_id: string;
  template_version: number;
  name: string | null;
  type: RenderKind;
  status: CollectionStatus;
  total: number;
  completed: number;
  failed: number;
  zip_storage_path: string | null;
  schedule_id: string | null;
  metadata: Record<string, unknown>;
  created_at: Timestamp;
  completed_at: Timestamp | null;
}

/** A collection item joined with its render's outcome, as GET /v1/collections/{id} lists it. */
export interface CollectionItemView {
  index: number;
  render_id: string;
  status: RenderStatus;
  result_path: string | null;
  error: RenderError | null;
  metadata: Record<string, unknown> | null;
  /** The item render's preflight warnings (`image_metadata.warnings`); null until it completes. */
  warnings?: RenderWarning[] | null;
}

export interface WebhookRow {
  id: string;
  org_id: string;
  url: string;
  events: string[];
  description: string | null;
  enabled: boolean;
  implicit: boolean;
  secret: string;
  disabled_reason: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  deleted_at: Timestamp | null;
}

export interface DeliveryRow {
  id: string;
  org_id: string;
  webhook_id: string;
  event_id: string;
  event_type: string;
  status: DeliveryStatus;
  http_status: number | null;
  attempts: number;
  next_retry_at: Timestamp | null;
  delivered_at: Timestamp | null;
  payload: unknown;
  response_body: string | null;
  series: number;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ScheduleRow {
  id: string;
  org_id: string;
  name: string;
  template_id: string;
  people: Record<string, unknown>;
  mapping: Record<string, string>;
  /** HH:MM, local to `timezone` */
  at: string;
  timezone: string;
  enabled: boolean;
  metadata: Record<string, unknown>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ScheduleRunRow {
  id: string;
  org_id: string;
  schedule_id: string;
  run_key: string;
  kind: string;
  /** pg answers a date column as a Date unless its type parser is overridden */
  local_date: Timestamp;
  status: 'created' | 'skipped' | 'failed';
  collection_id: string | null;
  matched: number;
  error: Record<string, unknown> | null;
  workflow_id: string;
  scheduled_at: Timestamp;
  created_at: Timestamp;
}

export interface UrlKeyRow {
  id: string;
  org_id: string;
  name: string;
  secret: string;
  created_at: Timestamp;
  revoked_at: Timestamp | null;
}
