import type { ConsoleMessage, HTTPRequest, HTTPResponse, Page } from 'puppeteer';
import { HostUnresolvableError, SsrfBlockedError, type SsrfGuard } from '@rp/net-guard';
import { assetUrls } from './asset-urls';
import { RenderFailure, type AssetResolver } from './types';
import { withTimeout } from './with-timeout';
import { noPinned, type PinnedResolver } from './pinned-resolver';
import { pageSession } from './engines/chromium/pages/page-session';

export interface RequestGuardOptions {
  ssrfGuard: SsrfGuard;
  /** Scoped to the render's org by the caller; null means "no such asset". */
  resolveAsset: AssetResolver;
  /** The version's pinned resources (docs/pinning.md): answered from storage, never fetched. None when absent. */
  pinned?: PinnedResolver;
  /**
   * URLs (without fragment) whose failed load fails the render whatever the page does with it: the images a render's
   * modifications bind (requiredUrls). Every other image and font is the template's own, and tolerated (below).
   */
  required?: ReadonlySet<string>;
}

/** A load of the template's own image or font that failed: a browser goes on without it, and so may the render. */
export interface ToleratedFailure {
  kind: 'image' | 'font';
  failure: RenderFailure;
}

/** The guard as installed on one page for one render. */
export interface GuardedPage {
  /** First request that makes the render unusable (blocked target, missing asset, failed image), or null. */
  readonly failure: RenderFailure | null;
  /** Settles with that failure (never rejects), so the renderer can stop waiting on a page that cannot succeed. */
  readonly failed: Promise<RenderFailure>;
  /**
   * Failed loads of the template's own images and fonts, by URL without fragment, first failure each. They are not
   * `failure`: the page's readiness check decides (resource-verdict.ts): a hidden image or a font whose family list
   * falls through is a warning, a shown image fails the render with the failure recorded here.
   */
  readonly tolerated: ReadonlyMap<string, ToleratedFailure>;
  /** `required` of the guard's options: images whose failure the readiness check never tolerates. */
  readonly required: ReadonlySet<string>;
  /**
   * Aborts the loads still pending, then turns interception off and removes the guard's listeners; safe to call
   * twice or on a closed page.
   */
  uninstall(): Promise<void>;
}

export interface RequestGuard {
  install(page: Page): Promise<GuardedPage>;
}

/** Requests whose failure changes the pixels; a template's own fetch()/XHR may fail without failing the render. */
const RENDER_CRITICAL = new Set(['image', 'stylesheet', 'font', 'media', 'script']);
const MAX_URL_IN_MESSAGE = 200;

/** Records a failure; `req` is the load it belongs to, when it is one (a tolerable image or font). */
type Record = (f: RenderFailure, req?: HTTPRequest) => void;

/** Resource types a browser draws the page without when they fail to load. */
const TOLERABLE = new Set(['image', 'font']);

export const withoutFragment = (url: string) => url.split('#', 1)[0]!;

/**
 * The first failure wins; `failed` settles with it (never rejects). A load of the template's own image or font that
 * could not be had (`asset_unreachable`: an error answer, a host that does not resolve, a missing asset, one left
 * unresolved at save) is kept aside instead; a refusal (`ssrf_blocked`), a cap, storage trouble (retryable) and a
 * required URL fail at once as before.
 */
function failureLatch(required: ReadonlySet<string>) {
  let failure: RenderFailure | null = null;
  let announce!: (f: RenderFailure) => void;
  const failed = new Promise<RenderFailure>((resolve) => (announce = resolve));
  const tolerated = new Map<string, ToleratedFailure>();
  const record: Record = (f, req) => {
    const kind = req?.resourceType();
    if (req && TOLERABLE.has(kind!) && f.code === 'asset_unreachable' && !f.retryable) {
      const url = withoutFragment(req.url());
      if (!required.has(url)) {
        if (!tolerated.has(url)) tolerated.set(url, { kind: kind as ToleratedFailure['kind'], failure: f });
        return;
      }
    }
    if (failure) return;
    failure = f;
    announce(f);
  };
  return { record, failed, tolerated, current: () => failure };
}

/** Rewritten asset URLs are answered from resolveAsset, never from the network. */
async function answerAsset(req: HTTPRequest, shown: string, resolveAsset: AssetResolver, record: Record): Promise<void> {
  const id = assetUrls.parse(req.url());
  let asset: Awaited<ReturnType<AssetResolver>> = null;
  try {
    asset = id ? await resolveAsset(id) : null;
  } catch (err) {
    // storage trouble is ours, not the template's: let Temporal retry
    record(new RenderFailure('asset_unreachable', `asset ${id} could not be read: ${(err as Error).message}`, true));
    return req.abort('failed');
  }
  if (!asset) {
    record(new RenderFailure('asset_unreachable', `asset ${id ?? shown} does not exist`), req);
    return req.respond({ status: 404, headers: { 'access-control-allow-origin': '*' }, body: '' });
  }
  return req.respond({
    status: 200,
    contentType: asset.contentType,
    body: asset.body,
    headers: { 'access-control-allow-origin': '*', 'cache-control': 'no-store' },
  });
}

/**
 * A URL the version pinned is answered with the stored bytes and never reaches the network; one recorded
 * `unresolved` at save fails the render at once with the recorded code (no fetch is tried again).
 */
async function answerPinned(req: HTTPRequest, pinned: PinnedResolver, entry: NonNullable<ReturnType<PinnedResolver['match']>>, record: Record): Promise<void> {
  const answer = await pinned.answer(entry);
  if (!answer.ok) {
    record(answer.failure, req);
    return req.abort('blockedbyclient');
  }
  return req.respond({
    status: 200,
    contentType: answer.contentType,
    body: answer.body,
    headers: { 'access-control-allow-origin': '*', 'cache-control': 'no-store' },
  });
}

/** http(s) goes on only if the SSRF guard approves (the pool's egress proxy re-checks each connection). */
async function checkNetwork(req: HTTPRequest, shown: string, ssrfGuard: SsrfGuard, record: Record): Promise<void> {
  try {
    await ssrfGuard.check(req.url());
  } catch (err) {
    // net-guard reports unresolvable hosts as blocked; for us that is an unreachable asset, not an attack
    if (err instanceof HostUnresolvableError) {
      if (RENDER_CRITICAL.has(req.resourceType())) {
        record(new RenderFailure('asset_unreachable', `${req.resourceType()} ${shown}: host does not resolve`), req);
      }
      return req.abort('namenotresolved');
    }
    const detail = err instanceof SsrfBlockedError ? err.detail : null;
    record(new RenderFailure('ssrf_blocked', `request to ${shown} blocked: ${(err as Error).message}`, false, detail));
    return req.abort('blockedbyclient');
  }
  return req.continue();
}

async function decide(page: Page, req: HTTPRequest, opts: RequestGuardOptions, record: Record): Promise<void> {
  const url = req.url();
  const shown = url.slice(0, MAX_URL_IN_MESSAGE);
  if (req.isNavigationRequest() && req.frame() === page.mainFrame()) {
    // the document comes from setContent; a template replacing it would render someone else's page
    record(new RenderFailure('template_invalid', `template tried to navigate the page to ${shown}`));
    return req.abort('blockedbyclient');
  }
  if (url.startsWith('data:') || url.startsWith('about:') || url.startsWith('blob:')) return req.continue();
  if (url.startsWith(`${assetUrls.origin}/`)) return answerAsset(req, shown, opts.resolveAsset, record);
  if (url.startsWith('http:') || url.startsWith('https:')) {
    const pinned = opts.pinned ?? noPinned;
    const entry = pinned.match(url);
    return entry ? answerPinned(req, pinned, entry, record) : checkNetwork(req, shown, opts.ssrfGuard, record);
  }
  record(new RenderFailure('ssrf_blocked', `request to ${shown} blocked: scheme not allowed`));
  return req.abort('blockedbyclient');
}

/** Page listeners that turn failed or refused loads into the render's failure. */
function failureListeners(record: Record) {
  return {
    response: (res: HTTPResponse) => {
      const req = res.request();
      if (res.status() >= 400 && RENDER_CRITICAL.has(req.resourceType())) {
        record(new RenderFailure('asset_unreachable', `${req.resourceType()} ${req.url().slice(0, MAX_URL_IN_MESSAGE)} answered ${res.status()}`), req);
      }
    },
    requestfailed: (req: HTTPRequest) => {
      const reason = req.failure()?.errorText ?? 'failed';
      // our own aborts are recorded where they are decided; ERR_ABORTED is a load the page itself cancelled
      if (/ERR_BLOCKED_BY_CLIENT|ERR_ABORTED/.test(reason) || !RENDER_CRITICAL.has(req.resourceType())) return;
      record(new RenderFailure('asset_unreachable', `${req.resourceType()} ${req.url().slice(0, MAX_URL_IN_MESSAGE)} failed: ${reason}`), req);
    },
    // Chromium refuses file: subresources before they reach interception; its console message is the only trace.
    console: (msg: ConsoleMessage) => {
      const text = msg.text();
      if (text.startsWith('Not allowed to load local resource:')) {
        record(new RenderFailure('ssrf_blocked', `request to ${text.slice(36).trim().slice(0, MAX_URL_IN_MESSAGE)} blocked: scheme not allowed`));
      }
    },
  };
}

/**
 * Request interception for render pages. Allowed: data:, about:, blob: (no network), rewritten asset URLs
 * (answered from resolveAsset, never from the network), URLs the version pinned (answered from storage), and http(s) the SSRF guard approves (then continued:
 * the pool's egress proxy re-checks each connection against DNS rebinding). Everything else (file:, ftp:,
 * chrome:, blocked addresses) is aborted and recorded. Blocked targets fail the render as `ssrf_blocked` whatever
 * the resource type, so a template's fetch() to a private address fails it too.
 */
export function createRequestGuard(opts: RequestGuardOptions): RequestGuard {
  return {
    async install(page: Page): Promise<GuardedPage> {
      const required = opts.required ?? new Set<string>();
      const latch = failureLatch(required);
      /** Requests intercepted and not yet answered (an SSRF check or a storage read still running). */
      const pending = new Set<HTTPRequest>();
      let closing = false;
      const onRequest = (req: HTTPRequest) => {
        if (req.isInterceptResolutionHandled()) return;
        // a request can outlive its page (reset, crash): resolving it then throws, and there is nothing to decide
        if (closing) return void req.abort('aborted').catch(() => undefined);
        pending.add(req);
        decide(page, req, opts, latch.record).catch(() => undefined).finally(() => pending.delete(req));
      };
      const listeners = failureListeners(latch.record);
      page.on('request', onRequest);
      page.on('response', listeners.response);
      page.on('requestfailed', listeners.requestfailed);
      page.on('console', listeners.console);
      await page.setRequestInterception(true);

      let installed = true;
      return {
        get failure() {
          return latch.current();
        },
        failed: latch.failed,
        tolerated: latch.tolerated,
        required,
        async uninstall() {
          if (!installed) return;
          installed = false;
          closing = true;
          // bounded: a renderer stuck in a template loop answers nothing, and the pool replaces a page that did not reset
          if (!page.isClosed()) await withTimeout(dropPendingLoads(page, pending), 2_000).catch(() => undefined);
          // interception off only then: Chromium continues every request still paused when it goes off, which would
          // send a load decided for this render (a pinned URL, an address not yet checked) to the network
          if (!page.isClosed()) await withTimeout(page.setRequestInterception(false), 2_000).catch(() => undefined);
          page.off('request', onRequest);
          page.off('response', listeners.response);
          page.off('requestfailed', listeners.requestfailed);
          page.off('console', listeners.console);
        },
      };
    },
  };
}

/**
 * Ends a render's loads while interception is still on: the page stops loading (as window.stop()), and each
 * request still waiting on the guard's decision is aborted instead of being continued when interception goes off.
 */
async function dropPendingLoads(page: Page, pending: Set<HTTPRequest>): Promise<void> {
  await pageSession(page).then((s) => s.send('Page.stopLoading')).catch(() => undefined);
  await Promise.all([...pending].map((req) => (req.isInterceptResolutionHandled() ? undefined : req.abort('aborted').catch(() => undefined))));
}

/** Everything private or unresolvable is refused and nothing is fetched: the safe default when no guard is given. */
export const offlineSsrfGuard: SsrfGuard = {
  check: async (url) => {
    throw new SsrfBlockedError(url.slice(0, 200), 'this render has no network policy');
  },
  isAllowedAddress: () => false,
};

/** No network at all (only data:, blob:, about:), no assets. */
export const offlineRequestGuard = createRequestGuard({ ssrfGuard: offlineSsrfGuard, resolveAsset: async () => null });
