import crypto from 'node:crypto';
import { WEBHOOK_SECRET_PREFIX } from '@rp/db';

export interface SignedHeaders {
  'webhook-id': string;
  'webhook-timestamp': string;
  'webhook-signature': string;
}

/**
 * Standard Webhooks signature: `v1,` + base64(HMAC-SHA256(key, "<id>.<timestamp>.<body>")), where the key is
 * the base64-decoded part of the secret after `whsec_`. Receivers verify it with any Standard Webhooks library.
 */
export function signWebhook(secret: string, id: string, timestampSeconds: number, body: string): string {
  const encoded = secret.startsWith(WEBHOOK_SECRET_PREFIX) ? secret.slice(WEBHOOK_SECRET_PREFIX.length) : secret;
  const key = Buffer.from(encoded, 'base64');
  const mac = crypto.createHmac('sha256', key).update(`${id}.${timestampSeconds}.${body}`).digest('base64');
  return `v1,${mac}`;
}

/** webhook-id stays the delivery id across retries (receivers dedupe on it); the timestamp is this attempt's. */
export function signedHeaders(secret: string, id: string, body: string, nowMs = Date.now()): SignedHeaders {
  const ts = Math.floor(nowMs / 1000);
  return { 'webhook-id': id, 'webhook-timestamp': String(ts), 'webhook-signature': signWebhook(secret, id, ts, body) };
}
