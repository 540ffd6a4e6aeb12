import crypto from 'node:crypto';
import { stackInfo } from '../index';

/** What one `Prefer: wait` caller saw over its whole run. */
export interface SyncClientReport {
  /** Idempotency-Key -> the render id the API answered for it (every answer for one key must name one render). */
  renders: Map<string, Set<string>>;
  /** Answers by status, e.g. {200: 40, 503: 2}. */
  statuses: Record<number, number>;
  /** A 5xx that was not a 503 with Retry-After and the standard error body, or any other unexpected answer: must stay empty. */
  badAnswers: string[];
  /** Connections cut under the call (a killed API replica): retried with the same key. */
  connectionErrors: number;
}

/** One answer of a `Prefer: wait` call: its status, its Retry-After header and its parsed body. */
export interface SyncAnswer {
  status: number;
  retryAfter: string | null;
  body: any;
  text: string;
}

/** One `POST /v1/images` with `Prefer: wait` and the given Idempotency-Key, on a fresh connection. Throws on a cut connection. */
export async function syncCall(key: string, templateId: string, idem: string): Promise<SyncAnswer> {
  const res = await fetch(`${stackInfo().apiUrl}/v1/images`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${key}`,
      'content-type': 'application/json',
      prefer: 'wait=30',
      'idempotency-key': idem,
      connection: 'close',
    },
    body: JSON.stringify({ template_id: templateId, modifications: [{ name: 'title', text: `sync ${idem.slice(0, 8)}` }] }),
    signal: AbortSignal.timeout(60_000),
  });
  const text = await res.text();
  return { status: res.status, retryAfter: res.headers.get('retry-after'), body: safeJson(text), text };
}

/** The one 5xx a caller may see: 503, a Retry-After, and the standard error body. */
export const isProper503 = (a: SyncAnswer) => a.status === 503 && !!a.retryAfter && Number(a.retryAfter) > 0 && a.body?.error?.code === 'service_unavailable';

/**
 * A synchronous caller as a client library would be written: POST /v1/images with `Prefer: wait` and an
 * Idempotency-Key, a fresh connection per call (so the proxy spreads calls over the replicas), and on a cut
 * connection or a 503 the same call again with the same key, after Retry-After. Runs until `stop()` says so.
 */
export async function runSyncClient(key: string, templateId: string, stop: () => boolean): Promise<SyncClientReport> {
  const report: SyncClientReport = { renders: new Map(), statuses: {}, badAnswers: [], connectionErrors: 0 };
  while (!stop()) {
    const idem = crypto.randomUUID();
    for (let attempt = 0; attempt < 60; attempt++) {
      let a: SyncAnswer;
      try {
        a = await syncCall(key, templateId, idem);
      } catch {
        report.connectionErrors++;
        await new Promise((r) => setTimeout(r, 200));
        continue;
      }
      report.statuses[a.status] = (report.statuses[a.status] ?? 0) + 1;
      if (a.status >= 500) {
        if (!isProper503(a)) report.badAnswers.push(`${a.status} retry-after=${a.retryAfter} ${a.text.slice(0, 200)}`);
        await new Promise((r) => setTimeout(r, Math.min(Number(a.retryAfter) || 1, 5) * 1000));
        continue;
      }
      if (a.status === 200 || a.status === 202) {
        const ids = report.renders.get(idem) ?? new Set<string>();
        ids.add(a.body.id);
        report.renders.set(idem, ids);
      } else {
        report.badAnswers.push(`unexpected ${a.status} ${a.text.slice(0, 200)}`);
      }
      break;
    }
  }
  return report;
}

function safeJson(text: string): any {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
