import { Webhook } from 'standardwebhooks';

/** The headers a delivery carries, as a plain object or a fetch `Headers`. */
export type WebhookHeaders = Record<string, string | string[] | undefined> | Headers;

function plain(headers: WebhookHeaders): Record<string, string> {
  const out: Record<string, string> = {};
  const entries = headers instanceof Headers ? [...headers.entries()] : Object.entries(headers);
  for (const [k, v] of entries) if (v !== undefined) out[k.toLowerCase()] = Array.isArray(v) ? v.join(', ') : v;
  return out;
}

/**
 * Verifies a delivery with the `standardwebhooks` package (the API signs per Standard Webhooks: `webhook-id`,
 * `webhook-timestamp`, `webhook-signature`) and answers its parsed event. `body` must be the raw request body,
 * byte for byte; `secret` is the webhook's `whsec_...`. Throws on a bad signature or a timestamp over 5 minutes off.
 */
export function verifyWebhook<T = { type: string; data: unknown }>(body: string | Buffer, headers: WebhookHeaders, secret: string): T {
  return new Webhook(secret).verify(typeof body === 'string' ? body : body.toString('utf8'), plain(headers)) as T;
}
