import crypto from 'node:crypto';
import { serializeAsset } from '@rp/db';
import { storageKeys } from '@rp/storage';
import { AppError, notFound } from '@rp/errors';
import type { RouteDef } from '../http/route';
import { listQuerySchema, paginate } from '../http/pagination';
import { errorSchema, idParam, listHeaders } from '../schemas/common';
import { ASSET_CONTENT_TYPES, assetSchema, uploadAssetQuery } from '../schemas/asset';
import { readUpload } from '../services/read-upload';
import { sniffAssetType } from '../services/sniff-asset-type';
import { exampleAsset } from '../openapi/examples';

const TAG = 'Assets';
const assetParams = idParam('asset_id');

export function assetsRoutes(): RouteDef[] {
  return [
    {
      method: 'post',
      path: '/v1/assets',
      operationId: 'uploadAsset',
      summary: 'Upload an asset (image, audio or font)',
      description:
        'Send the file as multipart/form-data (field `file`) or as the raw body (Content-Type image/*, audio/*, font/* or application/octet-stream). ' +
        'The type is detected from the bytes: images (PNG, JPEG, WebP, GIF, SVG), audio (MP3, WAV, Ogg, M4A) and fonts (TTF, OTF, WOFF, WOFF2, with a consistent header); anything else answers 422 `unsupported_asset_type`. ' +
        'Larger than ASSET_LIMIT_BYTES (default 10 MiB) answers 413. Renders reference an asset as `asset://<id>`: in image_url, in a template\'s `@font-face { src: url(asset://<id>) }`, or as a video\'s audio.url.',
      tag: TAG,
      query: uploadAssetQuery,
      rawBody: {
        contentTypes: ['multipart/form-data', ...ASSET_CONTENT_TYPES, 'application/octet-stream'],
        description: 'The file bytes (raw) or a multipart form with the file in field `file`.',
      },
      responses: {
        201: { description: 'The stored asset', schema: assetSchema, example: exampleAsset },
        413: { description: 'Larger than ASSET_LIMIT_BYTES', schema: errorSchema },
        415: { description: 'Neither multipart/form-data, image/*, audio/*, font/* nor application/octet-stream', schema: errorSchema },
        422: { description: 'Not a supported image, audio or font file (`unsupported_asset_type`), empty, or no `file` part', schema: errorSchema },
      },
      handler: async ({ ctx, query, orgId, deps }) => {
        const upload = await readUpload(ctx, deps.config.ASSET_LIMIT_BYTES, query.filename ?? null);
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
        ctx.status = 201;
        ctx.set('Location', `/v1/assets/${id}`);
        return serializeAsset(row, deps.signUrl);
      },
    },
    {
      method: 'get',
      path: '/v1/assets',
      operationId: 'listAssets',
      summary: 'List assets',
      description: 'Newest first.',
      tag: TAG,
      query: { type: 'object', properties: listQuerySchema },
      responses: { 200: { description: 'A page of assets', schema: { type: 'array', items: assetSchema }, headers: listHeaders, example: [exampleAsset] } },
      handler: async ({ ctx, query, orgId, deps }) => {
        const rows = await paginate<any>(ctx, deps.db('assets').where({ org_id: orgId }), query);
        return rows.map((r) => serializeAsset(r, deps.signUrl));
      },
    },
    {
      method: 'get',
      path: '/v1/assets/{asset_id}',
      operationId: 'getAsset',
      summary: 'Get an asset',
      description: 'Metadata and a fresh signed download `url`.',
      tag: TAG,
      params: assetParams,
      responses: { 200: { description: 'The asset', schema: assetSchema, example: exampleAsset } },
      handler: async ({ params, orgId, deps }) => {
        const row = await deps.db('assets').where({ org_id: orgId, id: params.asset_id }).first();
        if (!row) throw notFound('asset');
        return serializeAsset(row, deps.signUrl);
      },
    },
    {
      method: 'delete',
      path: '/v1/assets/{asset_id}',
      operationId: 'deleteAsset',
      summary: 'Delete an asset',
      description:
        'Permanent: the row and the stored object are removed. People using it as their photo keep no photo (photo_asset_id becomes null); renders that reference asset://<id> afterwards fail with asset_unreachable.',
      tag: TAG,
      params: assetParams,
      responses: { 204: { description: 'Deleted' } },
      handler: async ({ ctx, params, orgId, deps }) => {
        const [row] = await deps.db('assets').where({ org_id: orgId, id: params.asset_id }).del().returning(['storage_path']);
        if (!row) throw notFound('asset');
        // the row is gone, so the object is unreachable through the API either way; a failed removal only leaks bytes
        await deps.store.remove(row.storage_path).catch((err: unknown) => ctx.state.log?.warn({ err }, 'asset object removal failed'));
        return undefined;
      },
    },
  ];
}
