export interface ErrorDetail {
  field: string;
  message: string;
}

/**
 * The one error type every layer throws. `status` drives the HTTP answer; `expose` says whether
 * the message is safe to show a client (koa's convention). Unexposed errors answer a generic 500.
 */
export class AppError extends Error {
  readonly status: number;
  readonly code: string;
  readonly expose: boolean;
  readonly details: ErrorDetail[];
  readonly headers: Record<string, string>;

  constructor(
    status: number,
    code: string,
    message: string,
    opts: { details?: ErrorDetail[]; expose?: boolean; cause?: unknown; headers?: Record<string, string> } = {},
  ) {
    super(message, opts.cause === undefined ? undefined : { cause: opts.cause });
    this.name = 'AppError';
    this.status = status;
    this.code = code;
    this.expose = opts.expose ?? (status < 500 || status === 503);
    this.details = opts.details ?? [];
    this.headers = opts.headers ?? {};
  }
}

export const badRequest = (code: string, message: string, details?: ErrorDetail[]) =>
  new AppError(400, code, message, { details });
export const unauthorized = (message = 'A valid API key is required') =>
  new AppError(401, 'unauthorized', message, { headers: { 'WWW-Authenticate': 'Bearer' } });
export const notFound = (what = 'resource') => new AppError(404, 'not_found', `${what} not found`);
export const conflict = (code: string, message: string, details?: ErrorDetail[]) =>
  new AppError(409, code, message, { details });
export const validationFailed = (details: ErrorDetail[], message = 'Request validation failed') =>
  new AppError(422, 'validation_failed', message, { details });
export const unavailable = (dependency: string, cause?: unknown) =>
  new AppError(503, 'service_unavailable', `${dependency} is unavailable, try again shortly`, {
    cause,
    headers: { 'Retry-After': '5' },
  });

export interface ErrorBody {
  error: { code: string; message: string; details: ErrorDetail[] };
}

export function errorBody(err: AppError): ErrorBody {
  return { error: { code: err.code, message: err.message, details: err.details } };
}

export const isAppError = (e: unknown): e is AppError => e instanceof AppError;
