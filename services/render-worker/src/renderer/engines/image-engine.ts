import type { SsrfGuard } from '@rp/net-guard';
import type { AssetResolver } from '../types';
import type { RequestGuard } from '../request-guard';
import type { ImageFormat } from './chromium/capture/capture-image';
import type { EngineName, RenderWarning } from '@rp/workflow-safe';
import type { PlaceholderKinds } from '../warnings/layout-facts-script';
import type { FetchedAsset } from '../warnings/asset-hash-recorder';
import type { PinnedResolver } from '../pinned-resolver';

/**
 * How an engine may obtain the bytes a document references: `asset://` through the org-scoped resolver, http(s)
 * only through the SSRF guard. Chromium applies them as request interception; the native engine fetches every
 * referenced resource itself through them before it rasterises, and hands the bytes over.
 */
export interface EngineAssets {
  ssrfGuard: SsrfGuard;
  resolveAsset: AssetResolver;
  /** The version's pinned resources (docs/pinning.md): both engines take these bytes and never fetch those URLs. */
  pinned?: PinnedResolver;
  /**
   * URLs (without fragment) whose failed load fails the render whatever it does with them: the images the render's
   * modifications bind (requiredUrls). Every other image and font is the template's own: a hidden image that fails is a
   * warning, a font that fails falls through its family list (docs/renders.md "Warnings").
   */
  required?: ReadonlySet<string>;
  /** The same three as Chromium's request interception (built with them in activities/request-guard-for.ts). */
  guard: RequestGuard;
}

export interface EngineRenderInput {
  /** The bound, composed HTML document (composeDocument), the same one Chromium loads. */
  document: string;
  width: number;
  height: number;
  /** png | jpeg | webp on both engines; pdf on Chromium only. */
  format: ImageFormat;
  /** jpeg/webp quality, 1-100 (default 90). */
  quality?: number;
  /** Thumbnail width in px (default 320); 0 asks for none. */
  thumbnailWidth?: number;
  /** Keep the background transparent (png/webp). */
  transparent?: boolean;
  /** The org rendering (Chromium keeps orgs' browser state apart; both engines scope `asset://` by it). */
  orgId: string;
  /** Cap on the whole render once it starts (fetches, layout, raster, encode). */
  timeoutMs: number;
  assets: EngineAssets;
  /** Collect preflight warnings for these placeholders (both engines; docs/engines.md says what the native one cannot see). */
  warnFor?: PlaceholderKinds;
}

export interface EngineRenderOutput {
  image: Buffer;
  /** JPEG at most thumbnailWidth wide; absent when none was asked for. */
  thumbnail?: Buffer;
  width: number;
  height: number;
  format: ImageFormat;
  engine: EngineName;
  /** e.g. `takumi 2.16.3`, `chromium 131.0.6778.85`. */
  engineVersion: string;
  /** Preflight warnings; undefined when none were asked for (or the read failed: warnings never fail a render). */
  warnings?: RenderWarning[];
  /** sha256 of every asset fetched, sorted by URL (provenance), where the engine records them. */
  fetchedAssets?: FetchedAsset[];
}

/** One image engine behind the renderer. Failures reject with a RenderFailure (types.ts) carrying the code. */
export interface ImageEngine {
  readonly name: EngineName;
  render(input: EngineRenderInput, signal?: AbortSignal): Promise<EngineRenderOutput>;
}
