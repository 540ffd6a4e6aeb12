import { withUnitApi } from '../testing';

// Request validation happens in the route layer, before any service runs: the fake database answers nothing.
describe('route validation (app.callback with stubbed deps)', () => {
  const json = { 'content-type': 'application/json' };

  it('answers 415 for a body that is not JSON, naming Content-Type', async () => {
    await withUnitApi({}, async (request) => {
      const res = await request('POST', '/v1/images', { body: 'template_id=x', headers: { 'content-type': 'text/plain' } });
      expect(res.status).toBe(415);
      expect(res.body.error).toMatchObject({ code: 'unsupported_media_type', details: [{ field: 'Content-Type', message: expect.any(String) }] });
    });
  });

  it('answers 413 over BODY_LIMIT_BYTES', async () => {
    await withUnitApi({ env: { BODY_LIMIT_BYTES: '1024' } }, async (request) => {
      const body = JSON.stringify({ template_id: '00000000-0000-4000-8000-000000000002', metadata: { pad: 'x'.repeat(2000) } });
      const res = await request('POST', '/v1/images', { body, headers: json });
      expect(res.status).toBe(413);
      expect(res.body.error.code).toBe('payload_too_large');
    });
  });

  it('answers 400 for malformed JSON and 422 naming each bad field', async () => {
    await withUnitApi({}, async (request) => {
      const bad = await request('POST', '/v1/images', { body: '{"template_id":', headers: json });
      expect(bad.status).toBe(400);
      const res = await request('POST', '/v1/videos', { body: JSON.stringify({ fps: 5, extra: 1 }), headers: json });
      expect(res.status).toBe(422);
      expect(res.body.error.code).toBe('validation_failed');
      const fields = res.body.error.details.map((d: { field: string }) => d.field);
      expect(fields).toEqual(expect.arrayContaining(['template_id', 'fps', 'extra']));
    });
  });

  it('answers 422 for a bad path id, query parameter or Prefer header', async () => {
    await withUnitApi({}, async (request) => {
      const id = await request('GET', '/v1/images/not-a-uuid');
      expect(id.status).toBe(422);
      expect(id.body.error.details[0].field).toBe('image_id');
      const q = await request('GET', '/v1/images?limit=0');
      expect(q.status).toBe(422);
      expect(q.body.error.details[0].field).toBe('limit');
      const body = JSON.stringify({ template_id: '00000000-0000-4000-8000-000000000002' });
      const prefer = await request('POST', '/v1/images', { body, headers: { ...json, prefer: 'wait=61' } });
      expect(prefer.status).toBe(422);
      expect(prefer.body.error.details).toEqual([{ field: 'Prefer', message: 'wait must be at most 60 seconds' }]);
    });
  });
});
