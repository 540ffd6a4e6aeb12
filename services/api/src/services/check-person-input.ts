import type { Knex } from '@rp/db';
import { validationFailed, type ErrorDetail } from '@rp/errors';

export const CUSTOM_FIELDS_MAX_BYTES = 16 * 1024;

/**
 * Rules beyond JSON Schema: custom_fields size (serialized), and photo_asset_id naming an image asset of this
 * org (another org's asset reads as missing, never as "forbidden").
 */
export async function checkPersonInput(
  db: Knex,
  orgId: string,
  body: { custom_fields?: unknown; photo_asset_id?: string | null },
): Promise<void> {
  const problems: ErrorDetail[] = [];
  if (body.custom_fields !== undefined) {
    const size = Buffer.byteLength(JSON.stringify(body.custom_fields));
    if (size > CUSTOM_FIELDS_MAX_BYTES) {
      problems.push({ field: 'custom_fields', message: `must be at most ${CUSTOM_FIELDS_MAX_BYTES} bytes as JSON (got ${size})` });
    }
  }
  if (body.photo_asset_id) {
    const asset = await db('assets').where({ org_id: orgId, id: body.photo_asset_id }).first('content_type');
    if (!asset) problems.push({ field: 'photo_asset_id', message: 'does not name an asset of this org' });
    else if (!String(asset.content_type).startsWith('image/')) problems.push({ field: 'photo_asset_id', message: 'must name an image asset' });
  }
  if (problems.length) throw validationFailed(problems);
}
