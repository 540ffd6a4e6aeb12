import type { Page } from 'puppeteer';
import type { Modification, Placeholder } from '@rp/workflow-safe';

/** Warm pool of browsers/pages. One browser launch serves many renders; pages are recycled after N uses or a crash. */
export interface BrowserPool {
  /**
   * Runs fn with an exclusive, clean page of `orgId`'s: it carries no browser state (cookies, storage, cache) of any
   * other org. A crash of the page/browser rejects with a retryable RenderFailure.
   */
  withPage<T>(fn: (page: Page) => Promise<T>, opts: { orgId: string; signal?: AbortSignal }): Promise<T>;
  readonly size: number;
  close(): Promise<void>;
}

/** Resolves `asset://<id>` references to bytes (from MinIO, scoped by the render's org). */
export type AssetResolver = (assetId: string) => Promise<{ contentType: string; body: Buffer } | null>;

export interface ComposeInput {
  html: string;
  width: number;
  height: number;
  placeholders: Placeholder[];
  modifications: Modification[];
}

export type RenderFailureCode =
  | 'template_invalid'
  | 'asset_unreachable'
  | 'ssrf_blocked'
  | 'render_timeout'
  | 'browser_crashed'
  | 'engine_crashed'
  | 'template_too_complex'
  | 'encode_failed'
  | 'font_load_failed'
  | 'audio_invalid'
  | 'asset_too_large'
  | 'output_too_large'
  | 'cancelled';

/**
 * Errors the renderer throws. `retryable` maps onto Temporal: false -> ApplicationFailure.nonRetryable. The message
 * reaches the tenant; `detail` (e.g. the address a host resolved to) goes to the worker's log only.
 */
export class RenderFailure extends Error {
  constructor(
    readonly code: RenderFailureCode,
    message: string,
    readonly retryable = false,
    readonly detail: string | null = null,
  ) {
    super(message);
    this.name = 'RenderFailure';
  }
}
