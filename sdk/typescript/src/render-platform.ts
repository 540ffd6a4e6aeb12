import { ApiError } from './api-error';
import { createClient, type Client } from './generated/client';
import { createImage, createVideo, getCollection, getImage, getVideo } from './generated/sdk.gen';
import type { Collection, CreateImageData, CreateVideoData, Image, Video } from './generated/types.gen';
import { retryingFetch, type RetryOptions } from './retrying-fetch';

export interface RenderPlatformOptions extends RetryOptions {
  /** The API's base URL, e.g. `http://127.0.0.1:8080` (no `/v1`). */
  baseUrl: string;
  /** An API key, `rk_...`. */
  apiKey: string;
}

export interface WaitOptions {
  /**
   * Wait for a final status: `true` (the default for renderImage) or a number of seconds. The request holds up to
   * 60 s server-side (`Prefer: wait`), then the record is polled until final or the time is spent.
   */
  wait?: boolean | number;
  /** Set your own key to retry a create across processes; otherwise one is generated per call. */
  idempotencyKey?: string;
  /** Poll interval after the held request (default 1 s). */
  pollMs?: number;
}

const RENDER_FINAL = new Set(['completed', 'failed']);
const COLLECTION_FINAL = new Set(['completed', 'completed_with_errors', 'failed']);
const DEFAULT_WAIT_S = 600;

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/**
 * The client: a generated hey-api client (`.client`, pass it to any generated call as `{ client }`) configured with
 * the key, retries and typed errors, plus the helpers a generator cannot write: waiting for renders and collections.
 */
export class RenderPlatform {
  readonly client: Client;

  constructor(options: RenderPlatformOptions) {
    this.client = createClient({
      baseUrl: options.baseUrl.replace(/\/+$/, ''),
      auth: options.apiKey,
      throwOnError: true,
      fetch: retryingFetch(options),
    });
    this.client.interceptors.error.use((error, response) => (response ? ApiError.fromResponse(response, error) : error));
  }

  /** Creates an image render and (unless `wait: false`) answers it once completed or failed. */
  async renderImage(body: CreateImageData['body'], options: WaitOptions = {}): Promise<Image> {
    const seconds = waitSeconds(options.wait ?? true);
    const { data } = await createImage({ client: this.client, body, headers: createHeaders(seconds, options.idempotencyKey) });
    if (seconds === 0 || RENDER_FINAL.has(data.status)) return data;
    return this.poll(() => getImage({ client: this.client, path: { image_id: data.id } }), RENDER_FINAL, seconds, options.pollMs);
  }

  /** Creates a video render and (unless `wait: false`) answers it once completed or failed. */
  async renderVideo(body: CreateVideoData['body'], options: WaitOptions = {}): Promise<Video> {
    const seconds = waitSeconds(options.wait ?? true);
    const { data } = await createVideo({ client: this.client, body, headers: createHeaders(seconds, options.idempotencyKey) });
    if (seconds === 0 || RENDER_FINAL.has(data.status)) return data;
    return this.poll(() => getVideo({ client: this.client, path: { video_id: data.id } }), RENDER_FINAL, seconds, options.pollMs);
  }

  /** Polls a collection until completed, completed_with_errors or failed; its `items` then carry every result. */
  async waitForCollection(id: string, options: { timeoutSeconds?: number; pollMs?: number } = {}): Promise<Collection> {
    return this.poll(() => getCollection({ client: this.client, path: { collection_id: id } }), COLLECTION_FINAL, options.timeoutSeconds ?? DEFAULT_WAIT_S, options.pollMs);
  }

  private async poll<T extends { status: string }>(read: () => Promise<{ data: T }>, final: Set<string>, seconds: number, pollMs = 1000): Promise<T> {
    const deadline = Date.now() + seconds * 1000;
    for (;;) {
      const { data } = await read();
      if (final.has(data.status)) return data;
      if (Date.now() >= deadline) throw new Error(`still ${data.status} after ${seconds} s`);
      await sleep(pollMs);
    }
  }
}

function waitSeconds(wait: boolean | number): number {
  if (wait === false) return 0;
  return wait === true ? DEFAULT_WAIT_S : Math.max(0, wait);
}

function createHeaders(seconds: number, idempotencyKey: string | undefined): Record<string, string> {
  return {
    ...(seconds > 0 ? { Prefer: `wait=${Math.min(60, Math.ceil(seconds))}` } : {}),
    ...(idempotencyKey ? { 'Idempotency-Key': idempotencyKey } : {}),
  };
}
