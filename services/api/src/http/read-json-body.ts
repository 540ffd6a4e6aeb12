import getRawBody from 'raw-body';
import type { Context } from 'koa';
import { AppError, badRequest } from '@rp/errors';

const MAX_DEPTH = 64;

function depthExceeds(v: unknown, max: number): boolean {
  const stack: [unknown, number][] = [[v, 1]];
  while (stack.length) {
    const [cur, d] = stack.pop()!;
    if (cur && typeof cur === 'object') {
      if (d > max) return true;
      for (const child of Object.values(cur as object)) stack.push([child, d + 1]);
    }
  }
  return false;
}

/**
 * Reads a JSON body: 415 for another content type, 413 over the limit, 400 for invalid UTF-8,
 * malformed JSON or nesting deeper than 64 levels. An empty body reads as {}.
 */
export async function readJsonBody(ctx: Context, limitBytes: number): Promise<unknown> {
  const length = Number(ctx.get('content-length') || 0);
  const hasBody = length > 0 || ctx.get('transfer-encoding') !== '';
  if (!hasBody) return {};
  if (!ctx.is('application/json', '+json')) {
    throw new AppError(415, 'unsupported_media_type', 'Request bodies must be application/json', {
      details: [{ field: 'Content-Type', message: `expected application/json, got ${ctx.get('content-type') || 'none'}` }],
    });
  }
  if (length > limitBytes) throw new AppError(413, 'payload_too_large', `Request body exceeds ${limitBytes} bytes`);
  let raw: Buffer;
  try {
    raw = await getRawBody(ctx.req, { limit: limitBytes, length: length || undefined });
  } catch (e) {
    const err = e as { type?: string; status?: number };
    if (err.type === 'entity.too.large' || err.status === 413) {
      throw new AppError(413, 'payload_too_large', `Request body exceeds ${limitBytes} bytes`);
    }
    throw badRequest('invalid_body', 'The request body could not be read');
  }
  if (raw.length === 0) return {};
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(raw);
  } catch {
    throw badRequest('invalid_utf8', 'The request body is not valid UTF-8');
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (e) {
    throw badRequest('malformed_json', `Malformed JSON: ${(e as Error).message}`.slice(0, 300));
  }
  if (depthExceeds(parsed, MAX_DEPTH)) throw badRequest('too_deep', `JSON nesting deeper than ${MAX_DEPTH} levels`);
  return parsed;
}
