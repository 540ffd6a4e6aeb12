import type { Page } from 'puppeteer';
import { closePage, resetPage } from '../pages/close-page';
import { startEgressProxy, type EgressProxy } from './egress-proxy';
import type { BrowserPoolOptions, BrowserPoolStats, ManagedBrowserPool } from './browser-pool-options';
import { PageContexts, type ContextLease } from '../pages/page-contexts';
import { leakedListeners, listenerCounts } from '../pages/page-listeners';
import { pageSession } from '../pages/page-session';
import { PoolBrowser } from './pool-browser';
import { abortFailure, closedFailure, crashFailure, isClosedError, sleep } from './pool-failures';
import { SlotQueue } from './slot-queue';
import { RenderFailure } from '../../../types';

export type { BrowserPoolOptions, ManagedBrowserPool } from './browser-pool-options';

interface Slot {
  page: Page | null;
  /** Browser generation the page belongs to; a relaunch invalidates older pages. */
  gen: number;
  uses: number;
  baseline: Map<string, number>;
  creating: Promise<Page> | null;
  /** The org the page was made for, and the context it lives in. */
  orgId: string | null;
  lease: ContextLease | null;
}

interface InFlight {
  gen: number;
  fail(failure: RenderFailure): void;
}

/**
 * Launches Chromium once and keeps `size` warm pages. See BrowserPool in types.ts for the contract; callers of
 * withPage must remove listeners they add (the request guard does) and must not leave emulation changes other
 * than the viewport behind: the page is reset (interception off, about:blank) and reused, not recreated. A page
 * serves only the org its browser context belongs to (or, with 'render' isolation, one render).
 */
export async function createBrowserPool(opts: BrowserPoolOptions): Promise<ManagedBrowserPool> {
  if (!Number.isInteger(opts.size) || opts.size < 1) throw new Error('browser pool size must be a positive integer');
  if (!Number.isInteger(opts.recycleAfter) || opts.recycleAfter < 1) throw new Error('recycleAfter must be a positive integer');
  const proxy = opts.ssrfGuard
    ? await startEgressProxy({
        ssrfGuard: opts.ssrfGuard,
        onBlocked: (target, reason) => opts.logger?.warn({ target, reason }, 'egress proxy blocked a browser connection'),
      })
    : null;
  const pool = new Pool(opts, proxy);
  try {
    await pool.warmUp();
  } catch (err) {
    await pool.close();
    throw err;
  }
  return pool;
}

/**
 * Owns the slots and what is in flight on them; the browser's lifecycle is PoolBrowser's (pool-browser.ts), the
 * queue of free slots and waiters SlotQueue's (slot-queue.ts).
 */
class Pool implements ManagedBrowserPool {
  readonly size: number;
  private readonly chromium: PoolBrowser;
  private readonly slots: Slot[];
  private readonly queue: SlotQueue<Slot>;
  private readonly inflight = new Set<InFlight>();
  private readonly background = new Set<Promise<unknown>>();
  private closed = false;
  private readonly counters = { pagesCreated: 0, pagesRecycled: 0 };
  private readonly resetTimeoutMs: number;
  private readonly contexts: PageContexts;

  constructor(
    private readonly opts: BrowserPoolOptions,
    private readonly proxy: EgressProxy | null,
  ) {
    this.size = opts.size;
    this.resetTimeoutMs = opts.resetTimeoutMs ?? 5_000;
    this.contexts = new PageContexts({
      isolation: opts.isolation ?? 'org',
      maxIdle: opts.maxIdleContexts ?? 16,
      proxyUrl: proxy?.url,
      closeTimeoutMs: this.resetTimeoutMs,
    });
    this.slots = Array.from({ length: opts.size }, () => ({ page: null, gen: -1, uses: 0, baseline: new Map(), creating: null, orgId: null, lease: null }));
    this.queue = new SlotQueue(this.slots);
    this.chromium = new PoolBrowser({
      ...opts,
      proxyUrl: proxy?.url,
      closeTimeoutMs: this.resetTimeoutMs,
      isClosed: () => this.closed,
      track: (p) => this.track(p),
      onCrash: (gen) => this.onCrash(gen),
    });
  }

  stats(): BrowserPoolStats {
    const { launches, crashes } = this.chromium;
    const { idle, queued } = this.queue;
    return { launches, crashes, ...this.counters, orgContexts: this.contexts.openContexts, busy: this.size - idle.length, queued };
  }

  /** A free slot with a live page, or the failure that prevents one (the slot is released again then). */
  private async checkout(orgId: string, signal: AbortSignal | undefined): Promise<{ slot: Slot; page: Page }> {
    if (this.closed) throw closedFailure();
    if (signal?.aborted) throw abortFailure(signal);
    const slot = await this.queue.acquire(orgId, signal);
    try {
      let page = await this.ensurePage(slot, orgId);
      if (!this.contexts.fits(slot.orgId, slot.uses, orgId)) {
        // another org's page (or a used one, per render): it never serves this render
        await this.discard(slot, page, false);
        page = await this.ensurePage(slot, orgId);
      }
      if (this.closed) throw closedFailure();
      if (signal?.aborted) throw abortFailure(signal);
      return { slot, page };
    } catch (err) {
      this.release(slot);
      throw err instanceof RenderFailure ? err : crashFailure(err);
    }
  }

  async withPage<T>(fn: (page: Page) => Promise<T>, opts: { orgId: string; signal?: AbortSignal }): Promise<T> {
    const { signal, orgId } = opts;
    if (!orgId) throw new RenderFailure('template_invalid', 'a page is only handed out for an org');
    const { slot, page } = await this.checkout(orgId, signal);
    slot.uses++;
    const gen = slot.gen;

    return new Promise<T>((resolve, reject) => {
      let settled = false;
      const inflight: InFlight = { gen, fail: (f) => abandon(f) };
      const onAbort = () => abandon(abortFailure(signal!));
      const onCrash = (err: Error) => abandon(new RenderFailure('browser_crashed', `page crashed: ${err.message}`, true));
      const cleanup = () => {
        settled = true;
        this.inflight.delete(inflight);
        signal?.removeEventListener('abort', onAbort);
        page.off('error', onCrash);
      };
      // The caller gets its answer at once; the page (possibly still running the template) is torn down behind.
      const abandon = (failure: RenderFailure) => {
        if (settled) return;
        cleanup();
        reject(failure);
        this.track(
          this.discard(slot, page, true)
            .finally(() => this.refill(slot))
            .finally(() => this.release(slot)),
        );
      };
      this.inflight.add(inflight);
      signal?.addEventListener('abort', onAbort, { once: true });
      page.on('error', onCrash);

      Promise.resolve()
        .then(() => fn(page))
        .then(
          (value) => {
            if (settled) return;
            cleanup();
            resolve(value);
            this.track(this.afterUse(slot, page).finally(() => this.release(slot)));
          },
          (err: unknown) => {
            if (settled) return;
            cleanup();
            const crashed = !(err instanceof RenderFailure) && (isClosedError(err) || page.isClosed() || !page.browser().connected);
            reject(crashed ? crashFailure(err) : err);
            const done = crashed ? this.discard(slot, page, false).finally(() => this.refill(slot)) : this.afterUse(slot, page);
            this.track(done.finally(() => this.release(slot)));
          },
        );
    });
  }

  /** Launches the browser if needed and gives every idle slot a page, so the next callers start warm. */
  async warmUp(): Promise<void> {
    await this.chromium.get();
    // with org isolation a page is made for its org, so a slot no org has used yet waits for its first render
    const warm = this.queue.idle.filter((slot) => slot.orgId !== null || this.contexts.isolation !== 'org');
    await Promise.all(warm.map((slot) => this.ensurePage(slot)));
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.queue.rejectWaiters(closedFailure());
    for (const f of [...this.inflight]) f.fail(closedFailure());
    await Promise.race([Promise.allSettled([...this.background]), sleep(this.resetTimeoutMs)]);
    await this.chromium.close();
    // the disconnect handler removes the profile directory in the background
    await Promise.race([Promise.allSettled([...this.background]), sleep(this.resetTimeoutMs)]);
    await this.proxy?.close();
  }

  private release(slot: Slot): void {
    if (!this.closed) this.queue.release(slot);
  }

  /** The browser of generation `gen` exited: its renders fail at once, its slots lose their pages, and it relaunches. */
  private onCrash(gen: number): void {
    const failure = new RenderFailure('browser_crashed', 'Chromium exited during the render', true);
    for (const f of [...this.inflight]) if (f.gen === gen) f.fail(failure);
    for (const s of this.slots) {
      if (s.gen !== gen) continue;
      s.page = null;
      this.track(this.dropLease(s));
    }
    // Relaunch now rather than on the next render, so that render does not pay for the launch.
    this.track(
      sleep(100)
        .then(() => (this.closed ? undefined : this.warmUp()))
        .catch((err) => this.opts.logger?.error({ err: (err as Error).message }, 'chromium relaunch failed')),
    );
  }

  /** The slot's live page, or a new one in the context for `orgId` (default: the org the slot last served). */
  private ensurePage(slot: Slot, orgId: string | null = slot.orgId): Promise<Page> {
    if (slot.page && slot.gen === this.chromium.gen && !slot.page.isClosed() && this.chromium.connected) return Promise.resolve(slot.page);
    slot.creating ??= (async () => {
      slot.page = null;
      await this.dropLease(slot);
      const browser = await this.chromium.get();
      const gen = this.chromium.gen;
      const lease = await this.contexts.lease(browser, orgId).catch((err) => {
        throw crashFailure(err);
      });
      // Its own window, not a tab: in full Chromium's headless mode only the front tab of a window is visible,
      // and a hidden page produces no frames, so its screenshots would hang.
      const page = await lease.context.newPage({ type: 'window' }).catch(async (err) => {
        await lease.release();
        throw crashFailure(err);
      });
      slot.lease = lease;
      slot.orgId = orgId;
      await pageSession(page);
      slot.page = page;
      slot.gen = gen;
      slot.uses = 0;
      slot.baseline = listenerCounts(page);
      this.counters.pagesCreated++;
      return page;
    })().finally(() => {
      slot.creating = null;
    });
    return slot.creating;
  }

  /** Resets a page for its next use, or replaces it when it is worn out, leaked listeners, or will not reset. */
  private async afterUse(slot: Slot, page: Page): Promise<void> {
    if (slot.page !== page) return;
    const leaked = leakedListeners(page, slot.baseline);
    if (slot.uses >= this.opts.recycleAfter || leaked || !this.contexts.reusable()) {
      if (leaked) this.opts.logger?.warn({}, 'page listeners leaked by a render; replacing the page');
      if (this.contexts.reusable()) this.counters.pagesRecycled++;
      await this.discard(slot, page, false);
      return this.refill(slot);
    }
    try {
      await resetPage(page, this.resetTimeoutMs);
    } catch (err) {
      this.opts.logger?.warn({ err: (err as Error).message }, 'page reset failed; replacing the page');
      await this.discard(slot, page, true);
      await this.refill(slot);
    }
  }

  private async refill(slot: Slot): Promise<void> {
    if (this.closed) return;
    await this.ensurePage(slot).then(
      () => undefined,
      (err) => this.opts.logger?.warn({ err: (err as Error).message }, 'could not create a replacement page'),
    );
  }

  /** Closes a page; `stuck` first interrupts whatever script it runs, since closing a busy renderer can hang. */
  private async discard(slot: Slot, page: Page, stuck: boolean): Promise<void> {
    const mine = slot.page === page;
    if (mine) slot.page = null;
    await closePage(page, { stuck, timeoutMs: this.resetTimeoutMs, poolClosed: () => this.closed, logger: this.opts.logger });
    if (mine) await this.dropLease(slot);
  }

  /** Gives up the slot's context: with 'render' isolation that closes it, with 'org' it may become idle. */
  private async dropLease(slot: Slot): Promise<void> {
    const lease = slot.lease;
    slot.lease = null;
    await lease?.release();
  }

  private track(p: Promise<unknown>): void {
    const tracked = p.catch(() => undefined).finally(() => this.background.delete(tracked));
    this.background.add(tracked);
  }
}
