// Building blocks shared by every route's schemas. Formats follow spec section 2.
export const uuid = { type: 'string', format: 'uuid' } as const;
export const dateTime = { type: 'string', format: 'date-time' } as const;
export const date = { type: 'string', format: 'date' } as const;
export const nullable = <T extends object>(s: T) => ({ anyOf: [s, { type: 'null' }] });

export const errorSchema = {
  title: 'Error',
  type: 'object',
  required: ['error'],
  properties: {
    error: {
      type: 'object',
      required: ['code', 'message', 'details'],
      properties: {
        code: { type: 'string', description: 'Stable machine-readable code, e.g. validation_failed, not_found' },
        message: { type: 'string' },
        details: {
          type: 'array',
          items: {
            type: 'object',
            required: ['field', 'message'],
            properties: { field: { type: 'string' }, message: { type: 'string' } },
          },
        },
      },
    },
  },
} as const;

export const idParam = (name: string) => ({
  type: 'object',
  required: [name],
  properties: { [name]: uuid },
});

export const authHeader = {
  name: 'Authorization',
  description: 'Bearer API key (`Bearer rk_...`). Required on every /v1 route.',
  schema: { anyOf: [{ type: 'string' }, { type: 'null' }] },
};

export const idempotencyHeader = {
  name: 'Idempotency-Key',
  description: 'Repeating a POST with the same key returns the original resource; the same key with a different body answers 409.',
  schema: { type: 'string', minLength: 1, maxLength: 255 },
};

export const preferHeader = {
  name: 'Prefer',
  description:
    '`wait=N` (N ≤ 60 seconds; more answers 422) holds the request until the render finishes: 200 with the final record, or 202 if still running. Other preferences in the list are ignored (RFC 7240).',
  schema: { type: 'string' },
};

export const listHeaders = {
  'Next-Cursor': { description: 'Cursor for the next (older) page; absent on the last page', schema: { type: 'string' } },
  Link: { description: 'rel="next" link to the next page', schema: { type: 'string' } },
};
