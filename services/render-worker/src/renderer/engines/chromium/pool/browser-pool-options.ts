import type { SsrfGuard } from '@rp/net-guard';
import type { BrowserIsolation } from '../pages/page-contexts';
import type { PoolLogger } from './pool-browser';
import type { ChromiumSandbox } from '../sandbox/chromium-sandbox';
import type { BrowserPool } from '../../../types';

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
