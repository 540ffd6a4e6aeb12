import http from 'node:http';
import https from 'node:https';
import { WEBHOOK_RESPONSE_BODY_LIMIT } from '@rp/db';
import { pinnedLookup } from '@rp/net-guard';

export interface SendRequest {
  url: URL;
  /** The address the SSRF guard approved: the socket connects there and nowhere else (no DNS rebinding). */
  address: string;
  headers: Record<string, string>;
  body: string;
  timeoutMs: number;
}

export interface SendResult {
  /** null when no response arrived (timeout, refused, reset). */
  status: number | null;
  /** First 4 KiB of the response, as text; null without a response. */
  body: string | null;
  retryAfter: string | null;
  error: string | null;
  durationMs: number;
}

/** Postgres text rejects NUL; the rest of the bytes are kept as the receiver sent them. */
const toText = (buf: Buffer) => buf.subarray(0, WEBHOOK_RESPONSE_BODY_LIMIT).toString('utf8').replace(/\u0000/g, '');

/**
 * One POST. Never throws: every network outcome is a SendResult, so the caller decides about retries.
 * Redirects are not followed (a 3xx is a failed attempt), and the timeout covers connect, headers and body.
 */
export function sendWebhook(req: SendRequest): Promise<SendResult> {
  const started = Date.now();
  const mod = req.url.protocol === 'https:' ? https : http;
  return new Promise<SendResult>((resolve) => {
    let settled = false;
    const finish = (r: Omit<SendResult, 'durationMs'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ ...r, durationMs: Date.now() - started });
    };
    const request = mod.request(
      req.url,
      {
        method: 'POST',
        headers: { ...req.headers, 'content-length': String(Buffer.byteLength(req.body)) },
        lookup: pinnedLookup(req.address),
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        const done = () => {
          const retryAfter = res.headers['retry-after'];
          finish({
            status: res.statusCode ?? null,
            body: toText(Buffer.concat(chunks)),
            retryAfter: Array.isArray(retryAfter) ? retryAfter[0] ?? null : retryAfter ?? null,
            error: null,
          });
          request.destroy();
        };
        res.on('data', (c: Buffer) => {
          if (size < WEBHOOK_RESPONSE_BODY_LIMIT) chunks.push(c);
          size += c.length;
          // the rest of a large answer is not kept, so stop reading it
          if (size >= WEBHOOK_RESPONSE_BODY_LIMIT) done();
        });
        res.on('end', done);
        res.on('error', done);
      },
    );
    const timer = setTimeout(() => {
      finish({ status: null, body: null, retryAfter: null, error: `timeout after ${req.timeoutMs} ms` });
      request.destroy();
    }, req.timeoutMs);
    request.on('error', (e: NodeJS.ErrnoException) => {
      finish({ status: null, body: null, retryAfter: null, error: `${e.code ?? 'error'}: ${e.message}`.slice(0, 500) });
    });
    request.end(req.body);
  });
}
