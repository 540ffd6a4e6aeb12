import { StorageUnavailableError } from '@rp/storage';
import { withUnitApi } from '../testing';

// The one error handler shapes every failure: { error: { code, message, details } }, never a stack or a driver message.
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a3a1d3b40000000049454e44ae426082', 'hex');

describe('error handler (app.callback with stubbed deps)', () => {
  it('answers 401 without a key, with WWW-Authenticate', async () => {
    await withUnitApi({}, async (request) => {
      const res = await request('GET', '/v1/images', { headers: { authorization: '' } });
      expect(res.status).toBe(401);
      expect(res.headers.get('www-authenticate')).toBe('Bearer');
      expect(res.body).toEqual({ error: { code: 'unauthorized', message: expect.any(String), details: [] } });
    });
  });

  it('answers 404 for an unknown route inside and outside /v1, and 405 for a method a route lacks', async () => {
    await withUnitApi({}, async (request) => {
      expect((await request('GET', '/nope')).body.error.code).toBe('not_found');
      const inside = await request('GET', '/v1/nope');
      expect(inside.status).toBe(404);
      expect(inside.body.error.code).toBe('not_found');
      const wrong = await request('PUT', '/v1/images');
      expect(wrong.status).toBe(405);
      expect(wrong.body.error.code).toBe('method_not_allowed');
    });
  });

  it('hides an unexpected error behind a generic 500', async () => {
    const db = () => {
      throw new Error('relation "secret_table" does not exist');
    };
    await withUnitApi({ db }, async (request) => {
      const res = await request('GET', '/v1/images');
      expect(res.status).toBe(500);
      expect(res.body).toEqual({ error: { code: 'internal_error', message: 'Internal server error', details: [] } });
      expect(res.text).not.toContain('secret_table');
    });
  });

  it('tells a database outage from a storage outage by their errors: 503 with Retry-After', async () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    await withUnitApi({ db: () => Promise.reject(refused) }, async (request) => {
      const res = await request('GET', '/v1/images');
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toBe('5');
      expect(res.body.error).toMatchObject({ code: 'service_unavailable', message: expect.stringMatching(/^The database/) });
    });
    const store = { put: () => Promise.reject(new StorageUnavailableError(new Error('socket hang up'))) };
    await withUnitApi({ store }, async (request) => {
      const res = await request('POST', '/v1/assets', { body: PNG, headers: { 'content-type': 'image/png' } });
      expect(res.status).toBe(503);
      expect(res.body.error).toMatchObject({ code: 'service_unavailable', message: expect.stringMatching(/^Object storage/) });
    });
  });
});
