import { stackInfo } from './stack-info';

export interface ApiResponse<T = any> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

export interface ApiClient {
  key: string | null;
  request<T = any>(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<ApiResponse<T>>;
  get<T = any>(path: string, headers?: Record<string, string>): Promise<ApiResponse<T>>;
  post<T = any>(path: string, body?: unknown, headers?: Record<string, string>): Promise<ApiResponse<T>>;
  patch<T = any>(path: string, body?: unknown, headers?: Record<string, string>): Promise<ApiResponse<T>>;
  delete<T = any>(path: string, headers?: Record<string, string>): Promise<ApiResponse<T>>;
  raw(path: string, init: RequestInit): Promise<ApiResponse>;
}

/** A small fetch client for the running API. Bodies that are strings or Buffers are sent as-is. */
export function apiClient(key: string | null, baseUrl = stackInfo().apiUrl): ApiClient {
  const raw = async (path: string, init: RequestInit): Promise<ApiResponse> => {
    const res = await fetch(baseUrl + path, init);
    const text = await res.text();
    let body: unknown = text;
    if ((res.headers.get('content-type') ?? '').includes('json') && text) {
      try {
        body = JSON.parse(text);
      } catch {
        body = text;
      }
    }
    return { status: res.status, headers: res.headers, body, text };
  };
  const request = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
    const h: Record<string, string> = { ...(key ? { authorization: `Bearer ${key}` } : {}), ...headers };
    let payload: string | Buffer | undefined;
    if (body !== undefined) {
      if (typeof body === 'string' || Buffer.isBuffer(body)) payload = body as string | Buffer;
      else {
        payload = JSON.stringify(body);
        h['content-type'] ??= 'application/json';
      }
    }
    return raw(path, { method, headers: h, body: payload as any });
  };
  return {
    key,
    request,
    raw,
    get: (p, h) => request('GET', p, undefined, h),
    post: (p, b, h) => request('POST', p, b, h),
    patch: (p, b, h) => request('PATCH', p, b, h),
    delete: (p, h) => request('DELETE', p, undefined, h),
  };
}
