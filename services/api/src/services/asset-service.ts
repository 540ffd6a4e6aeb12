import crypto from 'node:crypto';
import type { AssetRow, Knex } from '@rp/db';
import { storageKeys } from '@rp/storage';
import { AppError, notFound } from '@rp/errors';
import type { ApiDeps } from '../deps';
import { keysetPage, type Page, type PageQuery } from './keyset-page';
import { sniffAssetType } from './sniff-asset-type';

/** Stores an uploaded asset (image, audio or font): the type comes from the bytes, never from what the client claimed. */
export async function createAsset(deps: ApiDeps, orgId: string, upload: { bytes: Buffer; filename: string | null }): Promise<AssetRow> {
  const contentType = sniffAssetType(upload.bytes);
  if (!contentType) {
    throw new AppError(422, 'unsupported_asset_type', 'The file is not a supported image, audio or font file', {
      details: [{ field: 'file', message: 'content is not a supported type (png, jpeg, webp, gif, svg, mp3, wav, ogg, m4a, ttf, otf, woff, woff2)' }],
    });
  }
  const id = crypto.randomUUID();
  const storagePath = storageKeys.asset(orgId, id);
  // object first, row second: a row never points at a missing object (an orphan object is harmless)
  await deps.store.put(storagePath, upload.bytes, contentType);
  const [row] = await deps
    .db('assets')
    .insert({
      id,
      org_id: orgId,
      content_type: contentType,
      bytes: upload.bytes.length,
      sha256: crypto.createHash('sha256').update(upload.bytes).digest('hex'),
      storage_path: storagePath,
      filename: upload.filename,
    })
    .returning('*');
  return row;
}

export function listAssets(db: Knex, orgId: string, q: PageQuery): Promise<Page<AssetRow>> {
  return keysetPage<AssetRow>(db('assets').where({ org_id: orgId }), q);
}

export async function getAsset(db: Knex, orgId: string, id: string): Promise<AssetRow> {
  const row: AssetRow | undefined = await db('assets').where({ org_id: orgId, id }).first();
  if (!row) throw notFound('asset');
  return row;
}

/** Removes the row, then the object: with the row gone the object is unreachable, so a failed removal only leaks bytes. */
export async function deleteAsset(deps: ApiDeps, orgId: string, id: string, log: { warn(obj: object, msg: string): void }): Promise<void> {
  const [row] = await deps.db('assets').where({ org_id: orgId, id }).del().returning(['storage_path']);
  if (!row) throw notFound('asset');
  await deps.store.remove(row.storage_path).catch((err: unknown) => log.warn({ err }, 'asset object removal failed'));
}
