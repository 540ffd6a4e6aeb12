import type { Browser, BrowserContext } from 'puppeteer';
import { withTimeout } from '../../../with-timeout';

/**
 * How the pool keeps orgs' browser state (cookies, storage, IndexedDB, cache, service workers) apart:
 * - `org`: each org has its own browser context; a page serves only renders of its context's org, and an org's later
 *   renders see what its earlier ones stored. Idle contexts are closed least recently used first.
 * - `render`: every render gets a fresh context of its own, closed after it.
 * - `shared`: every page lives in Chromium's default context. Only for measuring what isolation costs (bench).
 */
export type BrowserIsolation = 'org' | 'render' | 'shared';

/** A context a page was created in; released once that page is closed. */
export interface ContextLease {
  readonly context: BrowserContext;
  release(): Promise<void>;
}

interface OrgEntry {
  browser: Browser;
  context: Promise<BrowserContext>;
  /** Pages (slots) living in the context; at 0 the context is idle and may be evicted. */
  refs: number;
}

export interface PageContextsOptions {
  isolation: BrowserIsolation;
  /** Idle org contexts kept open for their org's next render (org mode); older idle ones are closed. */
  maxIdle: number;
  /** The egress proxy every context must use, like the browser's own --proxy-server. */
  proxyUrl?: string;
  closeTimeoutMs: number;
}

/** The pool's browser-context bookkeeping: which context a new page goes into, and when a context is closed. */
export class PageContexts {
  /** Map order is recency: an org's entry is moved to the end on every lease. */
  private readonly orgs = new Map<string, OrgEntry>();

  constructor(private readonly opts: PageContextsOptions) {}

  get isolation(): BrowserIsolation {
    return this.opts.isolation;
  }

  /** Open org contexts (0 outside org mode). */
  get openContexts(): number {
    return this.orgs.size;
  }

  /** Whether a page made for `pageOrg` and used `uses` times may serve a render of `orgId`. */
  fits(pageOrg: string | null, uses: number, orgId: string): boolean {
    if (this.opts.isolation === 'shared') return true;
    if (this.opts.isolation === 'render') return uses === 0;
    return pageOrg === orgId;
  }

  /** Whether a page goes back for another render after use, instead of being closed with its context. */
  reusable(): boolean {
    return this.opts.isolation !== 'render';
  }

  async lease(browser: Browser, orgId: string | null): Promise<ContextLease> {
    const { isolation } = this.opts;
    if (isolation === 'shared') return { context: browser.defaultBrowserContext(), release: async () => undefined };
    if (isolation === 'render' || orgId === null) {
      const context = await this.create(browser);
      return { context, release: () => this.closeContext(context) };
    }
    return this.leaseOrg(browser, orgId);
  }

  private async leaseOrg(browser: Browser, orgId: string): Promise<ContextLease> {
    let entry = this.orgs.get(orgId);
    // a context dies with its browser: after a relaunch the org starts over in the new one
    if (entry && entry.browser !== browser) entry = undefined;
    entry ??= { browser, context: this.create(browser), refs: 0 };
    this.orgs.delete(orgId);
    this.orgs.set(orgId, entry);
    entry.refs++;
    const held = entry;
    let released = false;
    // eviction waits for the next lease: a slot switching orgs releases the old context before it leases the new
    // one, and evicting then could close the very context it is about to use
    const release = async () => {
      if (released) return;
      released = true;
      held.refs--;
    };
    // closing runs behind the render: the map already forgot the evicted contexts
    void this.evictIdle();
    try {
      return { context: await held.context, release };
    } catch (err) {
      if (this.orgs.get(orgId) === held) this.orgs.delete(orgId);
      held.refs--;
      throw err;
    }
  }

  /** Closes idle org contexts beyond maxIdle, least recently used first, and forgets those of dead browsers. */
  private async evictIdle(): Promise<void> {
    const idle = [...this.orgs].filter(([, e]) => e.refs === 0);
    const dead = idle.filter(([, e]) => !e.browser.connected);
    const live = idle.filter(([, e]) => e.browser.connected);
    const excess = live.slice(0, Math.max(0, live.length - this.opts.maxIdle));
    for (const [orgId] of [...dead, ...excess]) this.orgs.delete(orgId);
    await Promise.all(excess.map(([, e]) => e.context.then((c) => this.closeContext(c), () => undefined)));
  }

  private create(browser: Browser): Promise<BrowserContext> {
    const { proxyUrl } = this.opts;
    // '<-loopback>' as on the command line (chromium-process.ts): loopback goes through the guard too
    return browser.createBrowserContext(proxyUrl ? { proxyServer: proxyUrl, proxyBypassList: ['<-loopback>'] } : {});
  }

  private async closeContext(context: BrowserContext): Promise<void> {
    if (context.closed || !context.browser().connected) return;
    // a context that will not close leaves only memory behind; the page in it is already gone
    await withTimeout(context.close(), this.opts.closeTimeoutMs).catch(() => undefined);
  }
}
