import type { Browser, Page, Target } from 'puppeteer';
import type { SsrfGuard } from '@rp/net-guard';
import { chromiumProcess } from './chromium-process';
import type { ChromiumSandbox } from './sandbox/chromium-sandbox';
import { startEgressProxy, type EgressProxy } from './egress-proxy';
import { PageContexts, type BrowserIsolation, type ContextLease } from './page-contexts';
import { pageSession } from './page-session';
import { RenderFailure, type BrowserPool } from './types';
import { withTimeout } from './with-timeout';

export interface PoolLogger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface BrowserPoolOptions {
  executablePath: string;
  /** Warm pages = renders that run at once; further callers queue (FIFO). */
  size: number;
  /** A page is closed and replaced after this many uses, bounding whatever a long-lived renderer accumulates. */
  recycleAfter: number;
  /** Appended to DEFAULT_LAUNCH_ARGS (chromium-process.ts). */
  launchArgs?: string[];
  logger?: PoolLogger;
  /** When set, all browser traffic goes through a loopback egress proxy enforcing this guard (see egress-proxy.ts). */
  ssrfGuard?: SsrfGuard;
  /** Cap on resetting or closing a page after use. */
  resetTimeoutMs?: number;
  /** How Chromium is isolated (resolveChromiumSandbox); default unsandboxed, for unit tests running as root. */
  sandbox?: ChromiumSandbox;
  /** CPU priority of the whole browser (chromiumProcess.launch); the batch pool runs collection items at a lower one. */
  niceness?: number;
  /** How orgs' browser state is kept apart (page-contexts.ts); default 'org'. */
  isolation?: BrowserIsolation;
  /** Idle org contexts kept for their org's next render (org isolation); default 16. */
  maxIdleContexts?: number;
}

export interface BrowserPoolStats {
  launches: number;
  crashes: number;
  pagesCreated: number;
  pagesRecycled: number;
  /** Open per-org browser contexts (org isolation). */
  orgContexts: number;
  busy: number;
  queued: number;
}

export interface ManagedBrowserPool extends BrowserPool {
  stats(): BrowserPoolStats;
}

// Events renderers may listen to; more listeners after a call than before means the caller leaked some.
const WATCHED_EVENTS = ['request', 'response', 'requestfailed', 'requestfinished', 'console', 'pageerror', 'dialog', 'error', 'load', 'framenavigated'] as const;

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

// Over 300 lines on purpose: one class owns the pool's mutable state (slots, waiters, in-flight renders, the
// browser generation); split across modules that state would need a shared handle and lose its invariants.

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

class Pool implements ManagedBrowserPool {
  readonly size: number;
  private browser: Browser | null = null;
  private gen = 0;
  private launching: Promise<Browser> | null = null;
  private readonly slots: Slot[];
  private readonly free: Slot[];
  private readonly waiters: { resolve(slot: Slot): void; reject(err: unknown): void }[] = [];
  private readonly inflight = new Set<InFlight>();
  private readonly background = new Set<Promise<unknown>>();
  private closed = false;
  private readonly counters = { launches: 0, crashes: 0, pagesCreated: 0, pagesRecycled: 0 };
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
    this.free = [...this.slots];
  }

  stats(): BrowserPoolStats {
    return { ...this.counters, orgContexts: this.contexts.openContexts, busy: this.size - this.free.length, queued: this.waiters.length };
  }

  /** A free slot with a live page, or the failure that prevents one (the slot is released again then). */
  private async checkout(orgId: string, signal: AbortSignal | undefined): Promise<{ slot: Slot; page: Page }> {
    if (this.closed) throw closedFailure();
    if (signal?.aborted) throw abortFailure(signal);
    const slot = await this.acquire(orgId, signal);
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
    await this.getBrowser();
    // with org isolation a page is made for its org, so a slot no org has used yet waits for its first render
    const warm = this.free.filter((slot) => slot.orgId !== null || this.contexts.isolation !== 'org');
    await Promise.all(warm.map((slot) => this.ensurePage(slot)));
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    for (const w of this.waiters.splice(0)) w.reject(closedFailure());
    for (const f of [...this.inflight]) f.fail(closedFailure());
    await Promise.race([Promise.allSettled([...this.background]), sleep(this.resetTimeoutMs)]);
    const browser = this.browser ?? (await this.launching?.catch(() => null)) ?? null;
    this.browser = null;
    if (browser) await chromiumProcess.close(browser, this.resetTimeoutMs);
    // the disconnect handler removes the profile directory in the background
    await Promise.race([Promise.allSettled([...this.background]), sleep(this.resetTimeoutMs)]);
    await this.proxy?.close();
  }

  /** A free slot, preferably one whose page already belongs to the org. */
  private acquire(orgId: string, signal?: AbortSignal): Promise<Slot> {
    const own = this.free.findIndex((s) => s.orgId === orgId);
    const slot = this.free.splice(Math.max(own, 0), 1)[0];
    if (slot) return Promise.resolve(slot);
    return new Promise<Slot>((resolve, reject) => {
      const waiter = {
        resolve: (s: Slot) => {
          signal?.removeEventListener('abort', onAbort);
          resolve(s);
        },
        reject: (err: unknown) => {
          signal?.removeEventListener('abort', onAbort);
          reject(err);
        },
      };
      const onAbort = () => {
        const i = this.waiters.indexOf(waiter);
        if (i >= 0) this.waiters.splice(i, 1);
        reject(abortFailure(signal!));
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.waiters.push(waiter);
    });
  }

  private release(slot: Slot): void {
    if (this.closed) return;
    const waiter = this.waiters.shift();
    if (waiter) waiter.resolve(slot);
    else this.free.push(slot);
  }

  private async getBrowser(): Promise<Browser> {
    if (this.closed) throw closedFailure();
    if (this.browser?.connected) return this.browser;
    this.launching ??= this.launch().finally(() => {
      this.launching = null;
    });
    return this.launching;
  }

  private async launch(): Promise<Browser> {
    const { browser, userDataDir, owner } = await chromiumProcess.launch({
      executablePath: this.opts.executablePath,
      launchArgs: this.opts.launchArgs,
      proxyUrl: this.proxy?.url,
      sandbox: this.opts.sandbox,
      niceness: this.opts.niceness,
    });
    if (this.closed) {
      await chromiumProcess.close(browser, this.resetTimeoutMs);
      await chromiumProcess.removeProfile(userDataDir, browser, owner);
      throw closedFailure();
    }
    const gen = ++this.gen;
    this.browser = browser;
    this.counters.launches++;
    browser.once('disconnected', () => this.onDisconnected(browser, gen, () => chromiumProcess.removeProfile(userDataDir, browser, owner)));
    // Popups escape page interception; full Chromium ignores --block-new-web-contents, so close them on sight.
    browser.on('targetcreated', (target: Target) => {
      if (target.type() === 'page' && target.opener()) void target.page().then((p) => p?.close(), () => undefined);
    });
    this.opts.logger?.info({ pid: browser.process()?.pid, gen }, 'chromium launched');
    return browser;
  }

  private onDisconnected(browser: Browser, gen: number, removeProfile: () => Promise<void>): void {
    this.track(removeProfile());
    if (this.browser === browser) this.browser = null;
    if (this.closed) return;
    this.counters.crashes++;
    this.opts.logger?.warn({ gen }, 'chromium disconnected; relaunching');
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
    if (slot.page && slot.gen === this.gen && !slot.page.isClosed() && this.browser?.connected) return Promise.resolve(slot.page);
    slot.creating ??= (async () => {
      slot.page = null;
      await this.dropLease(slot);
      const browser = await this.getBrowser();
      const gen = this.gen;
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
    const leaked = WATCHED_EVENTS.some((e) => page.listenerCount(e) > (slot.baseline.get(e) ?? 0));
    if (slot.uses >= this.opts.recycleAfter || leaked || !this.contexts.reusable()) {
      if (leaked) this.opts.logger?.warn({}, 'page listeners leaked by a render; replacing the page');
      if (this.contexts.reusable()) this.counters.pagesRecycled++;
      await this.discard(slot, page, false);
      return this.refill(slot);
    }
    try {
      await withTimeout(
        (async () => {
          await page.setRequestInterception(false);
          // a fresh about:blank document drops the template's timers, listeners and globals
          await page.goto('about:blank', { timeout: this.resetTimeoutMs });
        })(),
        this.resetTimeoutMs,
      );
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
    if (slot.page !== page) return this.closePage(page, stuck);
    slot.page = null;
    await this.closePage(page, stuck);
    await this.dropLease(slot);
  }

  /** Gives up the slot's context: with 'render' isolation that closes it, with 'org' it may become idle. */
  private async dropLease(slot: Slot): Promise<void> {
    const lease = slot.lease;
    slot.lease = null;
    await lease?.release();
  }

  private async closePage(page: Page, stuck: boolean): Promise<void> {
    if (page.isClosed()) return;
    if (stuck) {
      await withTimeout(
        pageSession(page).then((s) => s.send('Runtime.terminateExecution')),
        1_000,
      ).catch(() => undefined);
    }
    try {
      await withTimeout(page.close({ runBeforeUnload: false }), this.resetTimeoutMs);
    } catch (err) {
      const browser = page.browser();
      if (!browser.connected || this.closed) return;
      // A page that will not close means a wedged renderer; restarting the browser is the only sure cleanup.
      this.opts.logger?.error({ err: (err as Error).message }, 'page did not close; restarting chromium');
      chromiumProcess.kill(browser);
    }
  }

  private track(p: Promise<unknown>): void {
    const tracked = p.catch(() => undefined).finally(() => this.background.delete(tracked));
    this.background.add(tracked);
  }
}

function listenerCounts(page: Page): Map<string, number> {
  return new Map(WATCHED_EVENTS.map((e) => [e, page.listenerCount(e)]));
}

function isClosedError(err: unknown): boolean {
  const e = err as { name?: string; message?: string } | null;
  if (e?.name === 'TargetCloseError') return true;
  return /Target closed|Session closed|Connection closed|has been closed|disconnected|crashed/i.test(e?.message ?? '');
}

function crashFailure(err: unknown): RenderFailure {
  return new RenderFailure('browser_crashed', `browser failure: ${(err as Error)?.message ?? String(err)}`, true);
}

function abortFailure(signal: AbortSignal): RenderFailure {
  return signal.reason instanceof RenderFailure ? signal.reason : new RenderFailure('cancelled', 'render was cancelled');
}

/** Retryable: the pool closes on worker shutdown, and the activity should run again on another worker. */
function closedFailure(): RenderFailure {
  return new RenderFailure('cancelled', 'browser pool is closed', true);
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref());
}
