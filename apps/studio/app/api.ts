// The studio's only way out: the public /v1 API of the server that serves it, with the key from sessionStorage.
const KEY = 'rp-studio-key';

export interface ErrorDetail {
  field: string;
  message: string;
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: ErrorDetail[],
  ) {
    super(message);
  }
  /** The messages the API gave for one field (or any field under it, e.g. `placeholders[0]`). */
  forField(field: string): string[] {
    return this.details.filter((d) => d.field === field || d.field.startsWith(`${field}.`) || d.field.startsWith(`${field}[`)).map((d) => d.message);
  }
}

export const getKey = () => sessionStorage.getItem(KEY);
export const setKey = (key: string) => sessionStorage.setItem(KEY, key);
export const clearKey = () => sessionStorage.removeItem(KEY);

async function send(method: string, path: string, body?: unknown): Promise<Response> {
  const headers: Record<string, string> = { authorization: `Bearer ${getKey() ?? ''}` };
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  if (res.ok) return res;
  let err: any = {};
  try {
    err = (await res.json()).error ?? {};
  } catch {
    // not JSON: keep the status line
  }
  throw new ApiError(res.status, err.code ?? 'http_error', err.message ?? `${res.status} ${res.statusText}`, err.details ?? []);
}

export async function api<T = any>(method: string, path: string, body?: unknown): Promise<T> {
  const res = await send(method, path, body);
  return (res.status === 204 ? undefined : await res.json()) as T;
}

/** POST /v1/previews: the image as a blob URL the caller revokes. */
export async function previewUrl(body: unknown): Promise<string> {
  const res = await send('POST', '/v1/previews', body);
  return URL.createObjectURL(await res.blob());
}

/** POST /v1/assets with the file's bytes as the body (its own Content-Type): the new asset. */
export async function uploadAsset(file: File): Promise<any> {
  const res = await fetch('/v1/assets', { method: 'POST', headers: { authorization: `Bearer ${getKey() ?? ''}`, 'content-type': file.type || 'application/octet-stream' }, body: file });
  const body = await res.json();
  if (!res.ok) throw new ApiError(res.status, body.error?.code ?? 'http_error', body.error?.message ?? `${res.status}`, body.error?.details ?? []);
  return body;
}
