import { VIDEO_DEFAULTS } from '@rp/workflow-safe';
import type { Knex } from '@rp/db';
import { AppError, type ErrorDetail } from '@rp/errors';
import type { CapsConfig } from '@rp/config';
import type { LoadedTemplate } from './load-template';

// The caps are `capsEnv` of @rp/config (docs/security.md), read by the API and by the render worker, which admits
// the collections that schedules create: both pass their config.

export interface CanvasSize {
  type: string;
  width: number;
  height: number;
  /** Videos only: what the render would use (request value or template default). */
  fps?: number;
  duration_seconds?: number;
}

/**
 * Checks a canvas against the size caps: width × height (every image, and every video frame) and, for videos,
 * width × height × frames. `fields` names what the caller should blame: the template's size fields when a template
 * is saved, the request's fields when a render is asked for.
 */
export function checkCanvasCaps(c: CanvasSize, caps: CapsConfig, fields: { size: string; frames: string }): ErrorDetail[] {
  const pixels = c.width * c.height;
  if (pixels > caps.MAX_IMAGE_PIXELS) {
    return [{ field: fields.size, message: `${c.width}x${c.height} = ${pixels} pixels exceeds MAX_IMAGE_PIXELS (${caps.MAX_IMAGE_PIXELS})` }];
  }
  if (c.type !== 'video' || c.fps === undefined || c.duration_seconds === undefined) return [];
  const frames = Math.round(c.fps * c.duration_seconds);
  if (pixels * frames > caps.MAX_VIDEO_PIXEL_FRAMES) {
    return [{ field: fields.frames, message: `${c.width}x${c.height} x ${frames} frames = ${pixels * frames} exceeds MAX_VIDEO_PIXEL_FRAMES (${caps.MAX_VIDEO_PIXEL_FRAMES})` }];
  }
  return [];
}

/**
 * A collection's items render at the template version's own size and length. A template saved before the caps
 * were lowered is refused here, before anything is stored (blamed on `template_id`).
 */
export function checkCollectionCaps(loaded: LoadedTemplate, caps: CapsConfig): ErrorDetail[] {
  const { template, version } = loaded;
  const canvas = (version.canvas_data ?? {}) as Record<string, unknown>;
  const video = template.type === 'video' ? { fps: Number(canvas.fps ?? VIDEO_DEFAULTS.fps), duration_seconds: Number(canvas.duration_seconds ?? VIDEO_DEFAULTS.duration_seconds) } : {};
  return checkCanvasCaps({ type: template.type, width: version.width, height: version.height, ...video }, caps, { size: 'template_id', frames: 'template_id' });
}

/**
 * 429 when `adding` more renders would take the org past MAX_PENDING_RENDERS_PER_ORG renders not yet final.
 * Must run inside the transaction that inserts the renders: the org's advisory lock (held until that transaction
 * ends) serialises every admission of the org, so concurrent requests cannot each see room and over-admit. An
 * advisory lock rather than a row lock on `orgs`, because a row lock would also block every foreign-key check on
 * the org (deliveries, people, ...) for as long as it is held.
 */
export async function assertPendingCapacity(trx: Knex.Transaction, orgId: string, adding: number, caps: CapsConfig): Promise<void> {
  const error = await pendingCapError(trx, orgId, adding, caps);
  if (error) throw error;
}

/** The 429 assertPendingCapacity would throw, or null; takes the same lock (for callers that record the refusal). */
export async function pendingCapError(trx: Knex.Transaction, orgId: string, adding: number, caps: CapsConfig): Promise<AppError | null> {
  // the org's lock, then its unfinished renders counted after it is held: one round trip (migration
  // 20261125030000_lock_and_count_pending)
  const { rows } = await trx.raw<{ rows: Array<{ n: string | number }> }>('select rp_lock_and_count_pending(?) as n', [orgId]);
  const pending = Number(rows[0]!.n);
  return pending + adding <= caps.MAX_PENDING_RENDERS_PER_ORG ? null : tooManyPending(pending, adding, caps);
}

function tooManyPending(pending: number, adding: number, caps: CapsConfig): AppError {
  const limit = caps.MAX_PENDING_RENDERS_PER_ORG;
  return new AppError(429, 'too_many_pending_renders', `The org has ${pending} renders pending; ${adding} more would exceed MAX_PENDING_RENDERS_PER_ORG (${limit})`, {
    details: [{ field: 'MAX_PENDING_RENDERS_PER_ORG', message: `limit ${limit}, pending ${pending}, requested ${adding}` }],
    headers: { 'Retry-After': '10' },
  });
}

/** The SQLSTATE rp_admit_org raises when the org has no room (migration 20261125030000_lock_and_count_pending). */
const NO_ROOM = 'RP429';

/**
 * The new render row's `org_id` as a value that admits it: the INSERT takes the org's lock and counts its unfinished
 * renders in the same statement, exactly as assertPendingCapacity does in a transaction, and fails with RP429 when
 * `adding` more would pass MAX_PENDING_RENDERS_PER_ORG (admissionError turns that into the 429).
 */
export function admittedOrgId(db: Knex, orgId: string, adding: number, caps: CapsConfig): Knex.Raw {
  return db.raw('rp_admit_org(?, ?, ?)', [orgId, adding, caps.MAX_PENDING_RENDERS_PER_ORG]);
}

/** An insert's error as the client should see it: the 429 when admittedOrgId refused the row, else unchanged. */
export function admissionError(err: unknown, adding: number, caps: CapsConfig): unknown {
  const e = err as { code?: string; detail?: string };
  return e?.code === NO_ROOM ? tooManyPending(Number(e.detail), adding, caps) : err;
}
