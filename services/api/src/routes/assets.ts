import { serializeAsset } from '@rp/serializers';
import type { RouteDef } from '../http/route';
import { created } from '../http/created';
import { listQuerySchema, sendPage } from '../http/pagination';
import { readUpload } from '../http/read-upload';
import { errorSchema, idParam, listHeaders } from '../schemas/common';
import { ASSET_CONTENT_TYPES, assetSchema, uploadAssetQuery } from '../schemas/asset';
import * as assets from '../services/asset-service';
import { exampleAsset } from '../openapi/examples';

const TAG = 'Assets';
const assetParams = idParam('asset_id');

// eslint-disable-next-line max-lines-per-function -- a route table, one declarative entry per operation; the logic is in the services.
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
        const row = await assets.createAsset(deps, orgId, upload);
        return created(ctx, `/v1/assets/${row.id}`, serializeAsset(row, deps.signUrl));
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
      handler: async ({ ctx, query, orgId, deps }) =>
        sendPage(ctx, await assets.listAssets(deps.db, orgId, query), (r) => serializeAsset(r, deps.signUrl)),
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
      handler: async ({ params, orgId, deps }) => serializeAsset(await assets.getAsset(deps.db, orgId, params.asset_id), deps.signUrl),
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
      handler: async ({ ctx, params, orgId, deps }) => assets.deleteAsset(deps, orgId, params.asset_id, ctx.state.log ?? deps.logger),
    },
  ];
}
