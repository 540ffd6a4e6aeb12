import crypto from 'node:crypto';
import { Readable } from 'node:stream';
import * as Minio from 'minio';

export interface ObjectStoreConfig {
  endpoint: string; // http(s)://host:port
  accessKey: string;
  secretKey: string;
  bucket: string;
}

const UNREACHABLE = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);

/**
 * The part size of multipart uploads. minio-js sizes the parts of a stream of unknown length (a collection's zip)
 * for its largest object, 5 TiB over 10,000 parts, i.e. 528 MiB, and gathers a whole part in memory before sending
 * it: the bench's 500-item zip (about 190 MB) sat in the render worker's memory whole (735 MiB RSS at its peak).
 * Fixed 16 MiB parts bound what one upload holds to a part and still allow objects of 160 GiB; a body of known
 * size up to one part still goes up as a single PUT.
 */
export const UPLOAD_PART_BYTES = 16 * 1024 * 1024;

/** MinIO cannot be reached: callers answer 503 (API) or retry (activities); never a missing object. */
export class StorageUnavailableError extends Error {
  constructor(override readonly cause: unknown) {
    super(`Object storage unreachable: ${(cause as Error)?.message ?? String(cause)}`);
    this.name = 'StorageUnavailableError';
  }
}

/** Rethrows a connection failure as StorageUnavailableError, anything else as it is. */
function reachable<T>(p: Promise<T>): Promise<T> {
  return p.catch((e: unknown) => {
    throw UNREACHABLE.has(String((e as { code?: string })?.code)) ? new StorageUnavailableError(e) : e;
  });
}

/** Thin MinIO wrapper: the only place that knows the bucket and how keys are laid out. */
export class ObjectStore {
  private readonly client: Minio.Client;
  readonly bucket: string;
  /** Over plain http every request signs its payload's sha256 (minio-js's enableSHA256); over https it does not. */
  private readonly signsPayload: boolean;

  constructor(cfg: ObjectStoreConfig) {
    const u = new URL(cfg.endpoint);
    this.client = new Minio.Client({
      endPoint: u.hostname,
      port: u.port ? Number(u.port) : u.protocol === 'https:' ? 443 : 80,
      useSSL: u.protocol === 'https:',
      accessKey: cfg.accessKey,
      secretKey: cfg.secretKey,
      region: 'us-east-1',
      partSize: UPLOAD_PART_BYTES,
    });
    this.bucket = cfg.bucket;
    this.signsPayload = u.protocol !== 'https:';
  }

  async ensureBucket(): Promise<void> {
    const exists = await this.client.bucketExists(this.bucket);
    if (!exists) {
      try {
        await this.client.makeBucket(this.bucket, 'us-east-1');
      } catch (e) {
        if ((e as { code?: string }).code !== 'BucketAlreadyOwnedByYou') throw e;
      }
    }
  }

  /**
   * Stores an object. A Buffer's sha256 may come with it (`opts.sha256`, hex), when the caller hashed the bytes
   * already (a render's image_metadata records it): over http the request is signed with it instead of hashing the
   * bytes again, and without the MD5 minio-js adds besides (the signed sha256 already guards the body). Over https
   * minio-js's own path (Content-MD5, unsigned payload) stays.
   */
  async put(key: string, body: Buffer | Readable, contentType: string, opts: { size?: number; sha256?: string } = {}): Promise<void> {
    const meta = { 'Content-Type': contentType };
    if (!Buffer.isBuffer(body)) return void (await reachable(this.client.putObject(this.bucket, key, body, opts.size, meta)));
    if (!this.signsPayload || body.length === 0) return void (await reachable(this.client.putObject(this.bucket, key, body, body.length, meta)));
    const sha256 = opts.sha256 ?? crypto.createHash('sha256').update(body).digest('hex');
    const headers = { ...meta, 'Content-Length': body.length };
    const res = await reachable(this.client.makeRequestStreamAsync({ method: 'PUT', bucketName: this.bucket, objectName: key, headers }, body, sha256, [200], ''));
    // the response carries no body worth reading; drain it so the socket goes back to the agent's pool
    await new Promise<void>((resolve, reject) => {
      res.on('end', resolve).on('error', reject);
      res.resume();
    });
  }

  async getStream(key: string): Promise<Readable> {
    return reachable(this.client.getObject(this.bucket, key));
  }

  async getBuffer(key: string): Promise<Buffer> {
    const s = await this.getStream(key);
    const chunks: Buffer[] = [];
    for await (const c of s) chunks.push(c as Buffer);
    return Buffer.concat(chunks);
  }

  /** Writes the object to a local file (ffmpeg reads its inputs from disk). */
  async download(key: string, file: string): Promise<void> {
    await reachable(this.client.fGetObject(this.bucket, key, file));
  }

  /** Size and type of an object, null when there is none; `etag` ends in `-<parts>` for a multipart upload. */
  async stat(key: string): Promise<{ size: number; contentType: string; etag: string } | null> {
    try {
      const s = await reachable(this.client.statObject(this.bucket, key));
      return { size: s.size, contentType: String(s.metaData?.['content-type'] ?? 'application/octet-stream'), etag: s.etag };
    } catch (e) {
      if ((e as { code?: string }).code === 'NotFound' || (e as { code?: string }).code === 'NoSuchKey') return null;
      throw e;
    }
  }

  async remove(key: string): Promise<void> {
    await reachable(this.client.removeObject(this.bucket, key));
  }

  /** Rejects when MinIO does not answer or the bucket is missing (/readyz). */
  async ping(): Promise<void> {
    if (!(await reachable(this.client.bucketExists(this.bucket)))) throw new Error(`bucket ${this.bucket} does not exist`);
  }
}

/** Key layout: everything an org owns lives under its own prefix. */
export const storageKeys = {
  asset: (orgId: string, assetId: string) => `orgs/${orgId}/assets/${assetId}`,
  renderResult: (orgId: string, renderId: string, ext: string) => `orgs/${orgId}/renders/${renderId}/result.${ext}`,
  renderThumb: (orgId: string, renderId: string) => `orgs/${orgId}/renders/${renderId}/thumbnail.jpg`,
  /** One size variant's output of a render. */
  renderVariant: (orgId: string, renderId: string, variant: string, ext: string) => `orgs/${orgId}/renders/${renderId}/variants/${variant}.${ext}`,
  renderVariantThumb: (orgId: string, renderId: string, variant: string) => `orgs/${orgId}/renders/${renderId}/variants/${variant}-thumbnail.jpg`,
  videoSegment: (orgId: string, renderId: string, index: number) =>
    `orgs/${orgId}/renders/${renderId}/segments/${String(index).padStart(4, '0')}.mp4`,
  /** A video's thumbnail as the chunk holding its middle frame drew it (native engine), until the final join. */
  videoSegmentThumb: (orgId: string, renderId: string) => `orgs/${orgId}/renders/${renderId}/segments/thumbnail.jpg`,
  collectionZip: (orgId: string, collectionId: string) => `orgs/${orgId}/collections/${collectionId}/collection.zip`,
  preview: (orgId: string, previewId: string, ext: string) => `orgs/${orgId}/previews/${previewId}.${ext}`,
  /** The parity check's renders of a template version per sample (`chromium`, `native`, `diff`), for the studio. */
  parityImage: (orgId: string, templateId: string, version: number, sample: string, which: 'chromium' | 'native' | 'diff') =>
    `orgs/${orgId}/templates/${templateId}/v${version}/parity-${sample}-${which}.png`,
};
