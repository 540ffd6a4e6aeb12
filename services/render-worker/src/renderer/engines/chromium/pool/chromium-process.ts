import os from 'node:os';
import puppeteer, { type Browser } from 'puppeteer';
import { BASE_CHROME_ARGS, BEGIN_FRAME_INCOMPATIBLE_ARGS } from './chrome-args';
import { chromiumEnv, sandboxCommand, UNSANDBOXED, type ChromiumSandbox, type SandboxUser } from '../sandbox/chromium-sandbox';
import { profileDirs } from '../sandbox/sandbox-user';
import { RenderFailure } from '../../../types';
import { withTimeout } from '../../../with-timeout';

/** The container-safe base flags, plus `--disable-frame-rate-limit` so a capture takes the next frame at once. */
export const DEFAULT_LAUNCH_ARGS = [
  ...BASE_CHROME_ARGS,
  '--disable-frame-rate-limit',
  '--force-color-profile=srgb',
  // popups are separate targets that page-level request interception never sees (honoured by headless-shell)
  '--block-new-web-contents',
  // Animations run on the main thread only. A transform or opacity animation a script starts would otherwise tick on
  // the compositor thread, where the image capture's hold (pages/hold-animations.ts) reaches it only through a later
  // commit, so a capture on a starved CPU could show it moved (docs/renders.md "Determinism").
  '--disable-threaded-animation',
  // WebRTC's STUN/UDP would go around the egress proxy to any address: UDP only through a proxy (ours has none),
  // so no packet leaves. headless-shell reads the first flag, full Chromium the second (measured on Chromium 156).
  '--force-webrtc-ip-handling-policy=disable_non_proxied_udp',
  '--webrtc-ip-handling-policy=disable_non_proxied_udp',
];

export interface LaunchedChromium {
  browser: Browser;
  /** Fresh profile of this launch; remove it once the browser is gone. */
  userDataDir: string;
  /** Who owns the profile (the sandbox user, or null for the worker's own uid). */
  owner: SandboxUser | null;
}

export interface ChromiumLaunchOptions {
  executablePath: string;
  launchArgs?: string[];
  proxyUrl?: string;
  /** Default UNSANDBOXED, which only unit tests and baselines use; the worker passes what it resolved at start-up. */
  sandbox?: ChromiumSandbox;
  /** Starts the browser under `nice -n`: every process it forks (renderers, GPU) inherits the lower CPU priority. */
  niceness?: number;
}

/** Launching, stopping and cleaning up one Chromium process. */
export const chromiumProcess = {
  async launch(opts: ChromiumLaunchOptions): Promise<LaunchedChromium> {
    const sandbox = opts.sandbox ?? UNSANDBOXED;
    const owner = sandbox.user;
    const userDataDir = await profileDirs.create(os.tmpdir(), owner);
    // a begin-frame browser must draw only when told to: drop the defaults that let its compositor run free
    const beginFrame = (opts.launchArgs ?? []).includes('--enable-begin-frame-control');
    const defaults = beginFrame ? DEFAULT_LAUNCH_ARGS.filter((a) => !BEGIN_FRAME_INCOMPATIBLE_ARGS.includes(a)) : DEFAULT_LAUNCH_ARGS;
    const args = [...defaults, ...(opts.launchArgs ?? [])];
    // '<-loopback>' removes Chromium's implicit proxy bypass for localhost, which would skip the guard
    if (opts.proxyUrl) args.push(`--proxy-server=${opts.proxyUrl}`, '--proxy-bypass-list=<-loopback>');
    // puppeteer's own defaults, computed here because the command may be setpriv, to which puppeteer adds nothing
    const command = niced(opts.niceness, sandboxCommand(sandbox, opts.executablePath, puppeteer.defaultArgs({ headless: true, userDataDir, args })));
    try {
      const browser = await puppeteer.launch({
        executablePath: command.executablePath,
        args: command.args,
        ignoreDefaultArgs: true,
        // nothing of the worker's environment (database URL, storage keys) reaches the browser
        env: chromiumEnv(userDataDir),
        // a pipe instead of a port: nothing else on the machine can drive our browser
        pipe: true,
        // the worker owns shutdown and closes the pool itself
        handleSIGINT: false,
        handleSIGTERM: false,
        handleSIGHUP: false,
        protocolTimeout: 60_000,
        timeout: 30_000,
      });
      return { browser, userDataDir, owner };
    } catch (err) {
      await chromiumProcess.removeProfile(userDataDir, undefined, owner);
      throw new RenderFailure('browser_crashed', `could not launch Chromium: ${(err as Error).message}`, true);
    }
  },

  async close(browser: Browser, timeoutMs: number): Promise<void> {
    try {
      await withTimeout(browser.close(), timeoutMs);
    } catch {
      chromiumProcess.kill(browser);
    }
  },

  /**
   * Kills the browser's whole process group: distro packages start Chromium through a shell wrapper, so the pid
   * puppeteer knows is the wrapper's, and killing only it would leave Chromium running (puppeteer spawns the
   * wrapper detached, i.e. as a group leader).
   */
  kill(browser: Browser): void {
    const pid = browser.process()?.pid;
    if (!pid) return;
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {
      browser.process()?.kill('SIGKILL');
    }
  },

  /**
   * Removes a launch's profile once its browser process has exited. `disconnected` fires when the pipe closes,
   * before Chromium has finished flushing session storage on shutdown; removing the directory then lets Chromium
   * recreate part of it, leaking a directory per browser.
   */
  async removeProfile(dir: string, browser?: Browser, owner: SandboxUser | null = null): Promise<void> {
    const proc = browser?.process();
    if (proc && proc.exitCode === null && proc.signalCode === null) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, 10_000);
        proc.once('exit', () => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
    await profileDirs.remove(dir, owner).catch(() => undefined);
  },
};

/** `nice` execs the command in place, so the pid (and the process group the pool kills) stays the browser's. */
export function niced(niceness: number | undefined, command: { executablePath: string; args: string[] }): { executablePath: string; args: string[] } {
  if (!niceness) return command;
  return { executablePath: '/usr/bin/nice', args: ['-n', String(niceness), command.executablePath, ...command.args] };
}
