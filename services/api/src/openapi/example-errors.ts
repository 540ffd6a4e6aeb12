type ErrorExample = { code: string; message: string; details: { field: string; message: string }[] };

/** Error bodies for the statuses every operation shares (build-openapi adds them where a route names none). */
export const exampleErrors: Record<string, ErrorExample> = {
  '400': { code: 'malformed_json', message: 'Malformed JSON: Unexpected end of JSON input', details: [] },
  '401': { code: 'unauthorized', message: 'A valid API key is required', details: [] },
  '403': { code: 'invalid_signature', message: 'The render URL signature is invalid', details: [] },
  '404': { code: 'not_found', message: 'template not found', details: [] },
  '409': { code: 'idempotency_key_reused', message: 'This Idempotency-Key was used with a different request body', details: [] },
  '413': { code: 'payload_too_large', message: 'The body is larger than 1048576 bytes', details: [] },
  '415': { code: 'unsupported_media_type', message: 'Content-Type must be application/json', details: [] },
  '422': { code: 'validation_failed', message: 'Request validation failed', details: [{ field: 'width', message: 'must be <= 8192' }] },
  '429': { code: 'rate_limited', message: 'Rate limit exceeded; retry after the Retry-After seconds', details: [] },
  '502': { code: 'asset_unreachable', message: 'image https://cdn.example.com/a.png answered 404', details: [] },
  '503': { code: 'service_unavailable', message: 'database is unavailable, try again shortly', details: [] },
  '504': { code: 'render_timeout', message: 'The render is still running; request the URL again shortly', details: [] },
};

export const errorExample = (status: string): { error: ErrorExample } | undefined =>
  exampleErrors[status] ? { error: exampleErrors[status] } : undefined;
