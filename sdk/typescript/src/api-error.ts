/** One field the API names in a 422 (or other) answer: `items[3].modifications[0].name`. */
export interface ApiErrorDetail {
  field: string;
  message: string;
}

/**
 * Every non-2xx answer, thrown by every call: the HTTP status, the API's stable `code` (validation_failed,
 * not_found, rate_limited, ...), its message and the per-field details, plus the request id to quote to ops.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: ApiErrorDetail[],
    readonly requestId: string | null,
    readonly body: unknown,
    /** The answer's headers (Retry-After, RateLimit-*). */
    readonly headers: Headers,
  ) {
    super(`${status} ${code}: ${message}`);
  }

  /** The details naming `field` (exactly), e.g. `error.detailsFor('birthday')`. */
  detailsFor(field: string): ApiErrorDetail[] {
    return this.details.filter((d) => d.field === field);
  }

  /** Builds the error from an answer's parsed body (the API's `{"error":{code,message,details}}`, or anything else). */
  static fromResponse(response: Response, body: unknown): ApiError {
    const e = (body as { error?: { code?: unknown; message?: unknown; details?: unknown } } | null)?.error;
    const code = typeof e?.code === 'string' ? e.code : `http_${response.status}`;
    const message = typeof e?.message === 'string' ? e.message : typeof body === 'string' && body ? body : response.statusText;
    const details = Array.isArray(e?.details) ? (e.details as ApiErrorDetail[]) : [];
    return new ApiError(response.status, code, message, details, response.headers.get('X-Request-Id'), body, response.headers);
  }
}
