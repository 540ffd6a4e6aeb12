// Row -> API resource shapes. Shared by the API and the workers so a webhook payload's `data`
// is exactly what GET returns for the same resource.

/** Turns a storage path into a client-usable URL (signed, expiring); see @rp/storage file-urls. */
export type UrlSigner = (storagePath: string) => string;

import { workflowIds } from '@rp/workflow-safe';
import { templateSource } from '@rp/design';
import type {
  AssetRow,
  CollectionItemView,
  CollectionRow,
  DeliveryRow,
  PersonRow,
  RenderRow,
  TemplateRow,
  TemplateVersionRow,
  WebhookRow,
} from '@rp/db';
import { countWarnings, type RenderWarning } from '@rp/workflow-safe';

export const iso = (v: unknown): string | null =>
  v == null ? null : v instanceof Date ? v.toISOString() : new Date(String(v)).toISOString();

/** What a template and each of its versions show alike: the content a render is made from. */
function templateContent(r: TemplateRow | TemplateVersionRow) {
  return {
    type: r.type,
    format: r.format,
    width: r.width,
    height: r.height,
    canvas_data: r.canvas_data,
    composition_html: r.composition_html,
    placeholders: r.placeholders,
    source: templateSource(r.canvas_data),
  };
}

export function serializeTemplate(r: TemplateRow) {
  return {
    id: r.id,
    project_id: r.project_id,
    org_id: r.org_id,
    name: r.name,
    ...templateContent(r),
    is_published: r.is_published,
    current_version: r.current_version,
    video_strategy: r.video_strategy,
    ...serializeEngine(r),
    // what the save noticed (docs/templates.md "Warnings at save"); rows saved before it answer []
    warnings: r.warnings ?? [],
    created_at: iso(r.created_at),
    updated_at: iso(r.updated_at),
  };
}

/** `engine` is what the author asked for; `engine_decision` what renders use, why, and the parity figures. */
function serializeEngine(r: TemplateRow | TemplateVersionRow) {
  // the parity images' storage paths stay inside: the studio reads them through a signed route
  const { images: _images, ...parity } = r.engine_parity ?? { images: undefined };
  return {
    engine: r.engine_mode,
    engine_decision: { engine: r.engine, reason: r.engine_reason, parity: r.engine_parity ? parity : null },
  };
}

export function serializeTemplateVersion(r: TemplateVersionRow) {
  return {
    template_id: r.template_id,
    org_id: r.org_id,
    version: r.version,
    ...templateContent(r),
    video_strategy: r.video_strategy,
    ...serializeEngine(r),
    warnings: r.warnings ?? [],
    // rows written before pinning existed have the column default, []
    pinned_resources: r.pinned_resources ?? [],
    created_at: iso(r.created_at),
  };
}

export function serializePerson(r: PersonRow, sign: UrlSigner, photoPath?: string | null) {
  return {
    id: r.id,
    org_id: r.org_id,
    external_id: r.external_id,
    first_name: r.first_name,
    last_name: r.last_name,
    birth_date: r.birth_date,
    hire_date: r.hire_date,
    email: r.email,
    phone: r.phone,
    position: r.position,
    sector: r.sector,
    photo_asset_id: r.photo_asset_id,
    custom_fields: r.custom_fields,
    status: r.status,
    created_at: iso(r.created_at),
    updated_at: iso(r.updated_at),
    photo_url: photoPath ? sign(photoPath) : null,
  };
}

export function serializeAsset(r: AssetRow, sign: UrlSigner) {
  return {
    id: r.id,
    org_id: r.org_id,
    content_type: r.content_type,
    bytes: Number(r.bytes),
    sha256: r.sha256,
    filename: r.filename ?? null,
    url: sign(r.storage_path),
    created_at: iso(r.created_at),
  };
}

export function serializeRender(r: RenderRow, sign: UrlSigner) {
  const common = {
    id: r.id,
    org_id: r.org_id,
    template_id: r.template_id,
    template_version: r.template_version,
    status: r.status,
    modifications: r.modifications,
    metadata: r.metadata,
    result_url: r.result_path ? sign(r.result_path) : null,
    thumbnail_url: r.thumbnail_path ? sign(r.thumbnail_path) : null,
    error: r.error ?? null,
    duration_ms: r.duration_ms ?? null,
    webhook_url: r.webhook_url ?? null,
    webhook_id: r.webhook_id ?? null,
    collection_id: r.collection_id ?? null,
    created_at: iso(r.created_at),
    started_at: iso(r.started_at),
    completed_at: iso(r.completed_at),
  };
  if (r.kind === 'video') {
    const { warnings, ...videoMetadata } = (r.video_metadata ?? {}) as { warnings?: RenderWarning[] };
    return {
      ...common,
      object: 'video' as const,
      duration_seconds: r.duration_seconds,
      fps: r.fps,
      width: r.width,
      height: r.height,
      progress: r.progress ?? null,
      audio: r.audio ?? null,
      video_metadata: r.video_metadata ? videoMetadata : null,
      // laid out at its first frame (docs/renders.md); videos made before video warnings existed answer []
      warnings: r.status === 'completed' ? (warnings ?? []) : null,
    };
  }
  const { warnings, outputs, ...metadata } = (r.image_metadata ?? {}) as { warnings?: RenderWarning[]; outputs?: VariantOutput[] };
  return {
    ...common,
    object: 'image' as const,
    cached_from: r.cached_from ?? null,
    image_metadata: r.image_metadata ? metadata : null,
    // what the completed render noticed (docs/renders.md); renders made before warnings existed answer []
    warnings: r.status === 'completed' ? (warnings ?? []) : null,
    ...(r.variants?.length ? { variants: r.variants.map((v) => v.name), outputs: outputs ? outputs.map((o) => serializeOutput(o, sign)) : null } : {}),
  };
}

/** One size variant's output as stored in image_metadata.outputs. */
interface VariantOutput {
  variant: string;
  width: number;
  height: number;
  format: string;
  bytes: number;
  sha256: string;
  result_path: string;
  thumbnail_path: string;
}

function serializeOutput(o: VariantOutput, sign: UrlSigner) {
  const { result_path, thumbnail_path, ...file } = o;
  return { ...file, result_url: sign(result_path), thumbnail_url: sign(thumbnail_path) };
}

export function serializeCollection(r: CollectionRow, sign: UrlSigner, items?: CollectionItemView[]) {
  const out: Record<string, unknown> = {
    id: r.id,
    org_id: r.org_id,
    template_id: r.template_id,
    template_version: r.template_version,
    name: r.name ?? null,
    type: r.type,
    status: r.status,
    total: r.total,
    completed: r.completed,
    failed: r.failed,
    zip_url: r.zip_storage_path ? sign(r.zip_storage_path) : null,
    zip_storage_path: r.zip_storage_path ?? null,
    created_at: iso(r.created_at),
    completed_at: iso(r.completed_at),
    metadata: r.metadata ?? {},
    schedule_id: r.schedule_id ?? null,
  };
  if (items) {
    out.items = items.map((i) => ({
      index: i.index,
      render_id: i.render_id,
      // the item's child workflow (image-item-workflow.ts, or renderWorkflow for a video): its history in the Temporal UI
      workflow_id: workflowIds.collectionItem(r.id, i.index),
      status: i.status,
      result_url: i.result_path ? sign(i.result_path) : null,
      error: i.error ?? null,
      metadata: i.metadata ?? {},
      warnings: i.warnings ?? (i.status === 'completed' ? [] : null),
    }));
    out.warnings_count = countWarnings(items.map((i) => i.warnings));
    out.items_with_warnings = items.filter((i) => (i.warnings?.length ?? 0) > 0).map((i) => i.index);
  }
  return out;
}

export function serializeWebhook(r: WebhookRow, opts: { withSecret?: boolean } = {}) {
  return {
    id: r.id,
    org_id: r.org_id,
    url: r.url,
    events: r.events,
    description: r.description ?? null,
    enabled: r.enabled,
    implicit: r.implicit,
    disabled_reason: r.disabled_reason ?? null,
    created_at: iso(r.created_at),
    updated_at: iso(r.updated_at),
    ...(opts.withSecret ? { secret: r.secret } : {}),
  };
}

export function serializeDelivery(r: DeliveryRow) {
  return {
    id: r.id,
    webhook_id: r.webhook_id,
    event_type: r.event_type,
    status: r.status,
    http_status: r.http_status ?? null,
    attempts: r.attempts,
    next_retry_at: iso(r.next_retry_at),
    delivered_at: iso(r.delivered_at),
    created_at: iso(r.created_at),
    payload: r.payload,
    response_body: r.response_body ?? null,
  };
}
