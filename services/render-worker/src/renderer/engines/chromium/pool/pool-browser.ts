import type { Browser, Target } from 'puppeteer';
import { chromiumProcess } from './chromium-process';
import type { ChromiumSandbox } from '../sandbox/chromium-sandbox';
import { closedFailure } from './pool-failures';

export interface PoolLogger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface PoolBrowserOptions {
  executablePath: string;
  launchArgs?: string[];
  proxyUrl?: string;
  sandbox?: ChromiumSandbox;
  niceness?: number;
  logger?: PoolLogger;
  closeTimeoutMs: number;
  isClosed(): boolean;
  /** Background work the pool waits for when it closes. */
  track(p: Promise<unknown>): void;
  /** The browser of generation `gen` exited unasked: its renders fail and its pages are gone. */
  onCrash(gen: number): void;
}

/**
 * The pool's one Chromium: launched on demand (one launch at a time), a generation number per launch so pages of an
 * exited browser are told apart, popups closed on sight, the profile removed when it exits.
 */
export class PoolBrowser {
  private browser: Browser | null = null;
  private launching: Promise<Browser> | null = null;
  /** Generation of the current browser; a relaunch invalidates older pages. */
  gen = 0;
  launches = 0;
  crashes = 0;

  constructor(private readonly o: PoolBrowserOptions) {}

  get connected(): boolean {
    return this.browser?.connected ?? false;
  }

  async get(): Promise<Browser> {
    if (this.o.isClosed()) throw closedFailure();
    if (this.browser?.connected) return this.browser;
    this.launching ??= this.launch().finally(() => {
      this.launching = null;
    });
    return this.launching;
  }

  /** Closes the browser, also one still launching. */
  async close(): Promise<void> {
    const browser = this.browser ?? (await this.launching?.catch(() => null)) ?? null;
    this.browser = null;
    if (browser) await chromiumProcess.close(browser, this.o.closeTimeoutMs);
  }

  private async launch(): Promise<Browser> {
    const { browser, userDataDir, owner } = await chromiumProcess.launch({
      executablePath: this.o.executablePath,
      launchArgs: this.o.launchArgs,
      proxyUrl: this.o.proxyUrl,
      sandbox: this.o.sandbox,
      niceness: this.o.niceness,
    });
    if (this.o.isClosed()) {
      await chromiumProcess.close(browser, this.o.closeTimeoutMs);
      await chromiumProcess.removeProfile(userDataDir, browser, owner);
      throw closedFailure();
    }
    const gen = ++this.gen;
    this.browser = browser;
    this.launches++;
    browser.once('disconnected', () => this.onDisconnected(browser, gen, () => chromiumProcess.removeProfile(userDataDir, browser, owner)));
    // Popups escape page interception; full Chromium ignores --block-new-web-contents, so close them on sight.
    browser.on('targetcreated', (target: Target) => {
      if (target.type() === 'page' && target.opener()) void target.page().then((p) => p?.close(), () => undefined);
    });
    this.o.logger?.info({ pid: browser.process()?.pid, gen }, 'chromium launched');
    return browser;
  }

  private onDisconnected(browser: Browser, gen: number, removeProfile: () => Promise<void>): void {
    this.o.track(removeProfile());
    if (this.browser === browser) this.browser = null;
    if (this.o.isClosed()) return;
    this.crashes++;
    this.o.logger?.warn({ gen }, 'chromium disconnected; relaunching');
    this.o.onCrash(gen);
  }
}
