import { dateTime, nullable, uuid } from './common';

/** Types an upload may be; the bytes decide (magic numbers / an <svg> root), never the Content-Type header. */
export const ASSET_CONTENT_TYPES = [
  'image/png', 'image/jpeg', 'image/webp', 'image/gif', 'image/svg+xml',
  'audio/mpeg', 'audio/wav', 'audio/ogg', 'audio/mp4',
  'font/ttf', 'font/otf', 'font/woff', 'font/woff2',
] as const;

export const assetSchema = {
  title: 'Asset',
  type: 'object',
  required: ['id', 'org_id', 'content_type', 'bytes', 'sha256', 'filename', 'url', 'created_at'],
  properties: {
    id: uuid,
    org_id: uuid,
    content_type: { type: 'string', enum: [...ASSET_CONTENT_TYPES], description: 'Detected from the bytes.' },
    bytes: { type: 'integer', minimum: 1 },
    sha256: { type: 'string', pattern: '^[0-9a-f]{64}$' },
    filename: nullable({ type: 'string' }),
    url: { type: 'string', description: 'Signed, expiring download URL (no API key needed). Renders reference the asset as `asset://<id>`: images in image_url, fonts in @font-face src, audio in a video\'s audio.url.' },
    created_at: dateTime,
  },
} as const;

export const uploadAssetQuery = {
  type: 'object',
  properties: {
    filename: { type: 'string', minLength: 1, maxLength: 255, description: 'Original file name for raw uploads (multipart uploads carry their own).' },
  },
} as const;
