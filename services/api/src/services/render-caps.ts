import type { Knex } from '@rp/db';
import { AppError, type ErrorDetail } from '@rp/errors';

/** Size and share caps (API settings, docs/security.md). */
export interface RenderCaps {
  MAX_IMAGE_PIXELS: number;
  MAX_VIDEO_PIXEL_FRAMES: number;
  MAX_PENDING_RENDERS_PER_ORG: number;
}

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
export function checkCanvasCaps(c: CanvasSize, caps: RenderCaps, fields: { size: string; frames: string }): ErrorDetail[] {
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

/** 429 when `adding` more renders would take the org past MAX_PENDING_RENDERS_PER_ORG renders not yet final. */
export async function assertPendingCapacity(db: Knex, orgId: string, adding: number, caps: RenderCaps): Promise<void> {
  const [{ n }] = await db('renders').where({ org_id: orgId }).whereIn('status', ['pending', 'rendering']).count<{ n: string }[]>({ n: '*' });
  const pending = Number(n);
  if (pending + adding <= caps.MAX_PENDING_RENDERS_PER_ORG) return;
  throw new AppError(429, 'too_many_pending_renders', `The org has ${pending} renders pending; ${adding} more would exceed MAX_PENDING_RENDERS_PER_ORG (${caps.MAX_PENDING_RENDERS_PER_ORG})`, {
    details: [{ field: 'MAX_PENDING_RENDERS_PER_ORG', message: `limit ${caps.MAX_PENDING_RENDERS_PER_ORG}, pending ${pending}, requested ${adding}` }],
    headers: { 'Retry-After': '10' },
  });
}
