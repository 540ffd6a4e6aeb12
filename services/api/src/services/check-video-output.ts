import { AUDIO_CODECS, GIF_LIMITS, type AudioTrack } from '@rp/workflow-safe';
import type { Knex } from '@rp/db';
import type { ErrorDetail } from '@rp/errors';

const ASSET_REF = /^asset:\/\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;

/**
 * The video bounds that depend on the template's format: the gif fps cap, and an audio track only where the format
 * carries one, starting inside the video, from an http(s) URL or an audio asset of the caller's org.
 */
export async function checkVideoOutput(
  db: Knex,
  orgId: string,
  v: { format: string; fps: number; duration: number; audio?: AudioTrack },
): Promise<ErrorDetail[]> {
  const out: ErrorDetail[] = [];
  if (v.format === 'gif' && v.fps > GIF_LIMITS.maxFps) {
    out.push({ field: 'fps', message: `must be at most ${GIF_LIMITS.maxFps} for gif templates` });
  }
  const { audio } = v;
  if (!audio) return out;
  if (!AUDIO_CODECS[v.format as keyof typeof AUDIO_CODECS]) {
    out.push({ field: 'audio', message: `a ${v.format} video cannot carry audio (use mp4 or webm)` });
    return out;
  }
  if ((audio.start_at ?? 0) >= v.duration) out.push({ field: 'audio.start_at', message: `must be less than the duration (${v.duration}s)` });
  if (audio.url.startsWith('asset://')) {
    const id = ASSET_REF.exec(audio.url)?.[1];
    const row = id ? await db('assets').where({ id, org_id: orgId }).first('content_type') : null;
    if (!row) out.push({ field: 'audio.url', message: 'no such asset' });
    else if (!String(row.content_type).startsWith('audio/')) out.push({ field: 'audio.url', message: `asset is ${row.content_type}, not audio` });
  }
  return out;
}
