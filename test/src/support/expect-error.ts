import { apiClient } from './api-client';

/** The one error shape every route answers, with a request id. */
export function expectError(res: { status: number; body: any; headers: Headers }, status: number, code?: string): void {
  expect(res.status).toBe(status);
  expect(res.body).toEqual({ error: { code: expect.any(String), message: expect.any(String), details: expect.any(Array) } });
  if (code) expect(res.body.error.code).toBe(code);
  expect(res.headers.get('x-request-id')).toBeTruthy();
}

/** The fields a 422 names. */
export const fieldsOf = (res: { body: any }): string[] => (res.body?.error?.details ?? []).map((d: any) => d.field);

export async function expectHealthy(): Promise<void> {
  expect((await apiClient(null).get('/healthz')).status).toBe(200);
}
