import { Writable } from 'node:stream';
import type { Context } from 'koa';
import { koaBody } from 'koa-body';
import getRawBody from 'raw-body';
import { AppError, badRequest, validationFailed } from '@rp/errors';

export interface Upload {
  bytes: Buffer;
  filename: string | null;
}

/** Room for multipart boundaries and part headers on top of the file itself. */
const MULTIPART_OVERHEAD = 64 * 1024;

const tooLarge = (limit: number) => new AppError(413, 'payload_too_large', `Uploads are limited to ${limit} bytes`);

/** multipart/form-data with one file in field `file`, kept in memory (formidable would spill to a temp dir). */
async function readMultipart(ctx: Context, limit: number): Promise<Upload> {
  const parts = new Map<unknown, Buffer[]>();
  const parse = koaBody({
    multipart: true,
    json: false,
    text: false,
    urlencoded: false,
    formidable: {
      maxFileSize: limit, // formidable counts all files of the request together
      maxFields: 20,
      maxFieldsSize: 64 * 1024,
      fileWriteStreamHandler: (file?: unknown) => {
        const chunks: Buffer[] = [];
        parts.set(file, chunks);
        return new Writable({
          write(chunk: Buffer, _enc, cb) {
            chunks.push(chunk);
            cb();
          },
        });
      },
    },
  });
  // formidable never settles on some malformed bodies (e.g. a part with no headers): once the request has
  // been read completely, give it a moment and then answer 400 instead of holding the connection forever
  let stalled: NodeJS.Timeout | undefined;
  const ended = new Promise<never>((_, reject) => {
    const onEnd = () => {
      stalled = setTimeout(() => reject(Object.assign(new Error('malformed multipart body'), { httpCode: 400 })), 1000);
    };
    if (ctx.req.readableEnded) onEnd();
    else ctx.req.once('end', onEnd);
  });
  try {
    // koa-body ships its own @types/koa copy; the runtime context is the same object
    await Promise.race([parse(ctx as unknown as Parameters<typeof parse>[0], async () => undefined), ended]);
  } catch (e) {
    const err = e as { httpCode?: number; message?: string };
    if (err.httpCode === 413) throw tooLarge(limit);
    throw badRequest('invalid_multipart', `The multipart body could not be read: ${String(err.message).slice(0, 200)}`);
  } finally {
    clearTimeout(stalled);
  }
  const field = (ctx.request as unknown as { files?: Record<string, unknown> }).files?.file;
  const file = (Array.isArray(field) ? field[0] : field) as { originalFilename?: string | null } | undefined;
  if (!file) throw validationFailed([{ field: 'file', message: 'is required (a multipart part named "file")' }]);
  const bytes = Buffer.concat(parts.get(file) ?? []);
  return { bytes, filename: file.originalFilename ? file.originalFilename.slice(0, 255) : null };
}

/**
 * Reads an asset upload: raw bytes (Content-Type image/*, audio/*, font/* or application/octet-stream) or multipart/form-data.
 * A declared Content-Length over the limit answers 413 before anything is read; a body that turns out
 * bigger (chunked, or a lying length) is cut off at the limit.
 */
export async function readUpload(ctx: Context, limit: number, filename: string | null): Promise<Upload> {
  const length = Number(ctx.get('content-length') || 0);
  const multipart = ctx.is('multipart/form-data') === 'multipart/form-data';
  if (length > limit + (multipart ? MULTIPART_OVERHEAD : 0)) throw tooLarge(limit);
  let upload: Upload;
  if (multipart) upload = await readMultipart(ctx, limit);
  else if (ctx.is('image/*', 'audio/*', 'font/*', 'application/octet-stream')) {
    try {
      upload = { bytes: await getRawBody(ctx.req, { limit, length: length || undefined }), filename };
    } catch (e) {
      const err = e as { type?: string; status?: number };
      if (err.type === 'entity.too.large' || err.status === 413) throw tooLarge(limit);
      throw badRequest('invalid_body', 'The upload could not be read');
    }
  } else {
    throw new AppError(415, 'unsupported_media_type', 'Upload the file as multipart/form-data (field "file") or as raw bytes', {
      details: [
        { field: 'Content-Type', message: `expected multipart/form-data, image/*, audio/*, font/* or application/octet-stream, got ${ctx.get('content-type') || 'none'}` },
      ],
    });
  }
  if (upload.bytes.length === 0) throw validationFailed([{ field: 'file', message: 'is empty' }]);
  return upload;
}
