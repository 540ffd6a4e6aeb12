import { Webhook } from 'standardwebhooks';
import { generateWebhookSecret } from '@rp/db';
import { signedHeaders, signWebhook } from './sign-webhook';

// Verified with the ecosystem's reference library, not with our own code: that is what receivers run.
describe('Standard Webhooks signing', () => {
  const body = JSON.stringify({ type: 'image.completed', timestamp: '2026-01-01T00:00:00.000Z', data: { id: 'x', emoji: '✓' } });

  it('produces headers standardwebhooks verifies', () => {
    const secret = generateWebhookSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    expect(Buffer.from(secret.slice(6), 'base64')).toHaveLength(32);
    const headers = signedHeaders(secret, 'delivery-1', body);
    expect(headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    expect(new Webhook(secret).verify(body, { ...headers })).toEqual(JSON.parse(body));
  });

  it('matches the reference signer byte for byte', () => {
    const secret = generateWebhookSecret();
    const ts = Math.floor(Date.now() / 1000);
    expect(signWebhook(secret, 'msg_1', ts, body)).toBe(new Webhook(secret).sign('msg_1', new Date(ts * 1000), body));
  });

  it('fails verification for a changed body, another secret or another id', () => {
    const secret = generateWebhookSecret();
    const headers = signedHeaders(secret, 'delivery-1', body);
    expect(() => new Webhook(secret).verify(body + ' ', { ...headers })).toThrow();
    expect(() => new Webhook(generateWebhookSecret()).verify(body, { ...headers })).toThrow();
    expect(() => new Webhook(secret).verify(body, { ...headers, 'webhook-id': 'delivery-2' })).toThrow();
  });

  it('uses the attempt time as webhook-timestamp (stale ones are rejected by receivers)', () => {
    const secret = generateWebhookSecret();
    const old = signedHeaders(secret, 'd', body, Date.now() - 10 * 60_000);
    expect(() => new Webhook(secret).verify(body, { ...old })).toThrow(/timestamp/i);
  });
});
