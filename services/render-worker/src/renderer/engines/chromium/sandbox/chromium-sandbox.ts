/**
 * How Chromium is isolated from the worker. The worker holds every secret of the platform (database, object store),
 * so the browser that runs tenants' HTML gets neither the worker's uid (when the worker is root) nor its environment.
 */
export interface ChromiumSandbox {
  /** Chromium's own namespace sandbox is on (no --no-sandbox). Off only with RENDER_ALLOW_NO_SANDBOX=1. */
  sandboxed: boolean;
  /** Set when the worker runs as root: Chromium is started as this user through setpriv. Null: the worker's own uid. */
  user: SandboxUser | null;
  /** Absolute path of setpriv (util-linux), used when `user` is set. */
  setprivPath: string;
}

export interface SandboxUser {
  name: string;
  uid: number;
  gid: number;
}

/** Unit tests and baselines running as root without a user to switch to: the only way Chromium starts there. */
export const UNSANDBOXED: ChromiumSandbox = { sandboxed: false, user: null, setprivPath: '/usr/bin/setpriv' };

export const NO_SANDBOX_ARG = '--no-sandbox';

/** Variables Chromium may inherit. Everything else (DATABASE_URL, MINIO_SECRET_KEY, ...) stays in the worker. */
const PASSED_THROUGH = ['TZ', 'LANG', 'LC_ALL', 'FONTCONFIG_PATH', 'FONTCONFIG_FILE', 'RP_STACK_DATA_DIR'] as const;

/**
 * The whole environment of a Chromium launch: a fixed PATH, HOME inside the launch's own profile (fontconfig and
 * Chromium write caches there), and a short allow-list of locale settings. RP_STACK_DATA_DIR is the embedded stack's
 * marker, not a secret: it lets the stack find and stop a dead worker's browsers.
 */
export function chromiumEnv(profileDir: string, env: NodeJS.ProcessEnv = process.env): Record<string, string> {
  const out: Record<string, string> = { PATH: '/usr/local/bin:/usr/bin:/bin', HOME: profileDir };
  for (const k of PASSED_THROUGH) {
    const v = env[k];
    if (v) out[k] = v;
  }
  return out;
}

/**
 * The command puppeteer spawns. Puppeteer cannot set a uid, so a root worker spawns setpriv, which switches to the
 * sandbox user (no supplementary groups, no inheritable capabilities, no_new_privs) and execs Chromium in place:
 * same pid, same pipes, so puppeteer drives and kills it as usual. `chromeArgs` must be complete (puppeteer's
 * defaults included) because puppeteer is told to add none.
 */
export function sandboxCommand(sandbox: ChromiumSandbox, executablePath: string, chromeArgs: readonly string[]): { executablePath: string; args: string[] } {
  const args = sandbox.sandboxed ? chromeArgs.filter((a) => a !== NO_SANDBOX_ARG) : [...chromeArgs.filter((a) => a !== NO_SANDBOX_ARG), NO_SANDBOX_ARG];
  if (!sandbox.user) return { executablePath, args };
  const { uid, gid } = sandbox.user;
  return {
    executablePath: sandbox.setprivPath,
    args: [`--reuid=${uid}`, `--regid=${gid}`, '--clear-groups', '--inh-caps=-all', '--no-new-privs', '--', executablePath, ...args],
  };
}
