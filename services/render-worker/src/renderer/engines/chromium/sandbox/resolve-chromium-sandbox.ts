import { execFile } from 'node:child_process';
import fs from 'node:fs';
import { promisify } from 'node:util';
import type { ChromiumSandbox, SandboxUser } from './chromium-sandbox';
import { lookupUser } from './sandbox-user';

const run = promisify(execFile);

export interface SandboxFacts {
  isRoot: boolean;
  /** RENDER_SANDBOX_USER as configured, and its passwd entry (null: no such user). */
  userName: string;
  user: SandboxUser | null;
  setprivPath: string | null;
  /** Whether the user Chromium will run as can create user, PID and network namespaces; a reason when not. */
  userNamespaces: { ok: true } | { ok: false; reason: string };
  allowNoSandbox: boolean;
}

export type SandboxDecision = { ok: true; sandbox: ChromiumSandbox; warning: string | null } | { ok: false; error: string };

/** Pure: what the worker does with the facts it found at start-up. */
export function decideSandbox(f: SandboxFacts): SandboxDecision {
  if (f.isRoot && !f.user) {
    return { ok: false, error: `RENDER_SANDBOX_USER: user '${f.userName}' does not exist; the worker runs as root and never runs Chromium as root (scripts/setup.sh creates it)` };
  }
  if (f.isRoot && !f.setprivPath) {
    return { ok: false, error: 'setpriv (util-linux) not found: a root worker needs it to start Chromium as RENDER_SANDBOX_USER' };
  }
  const user = f.isRoot ? f.user : null;
  const setprivPath = f.setprivPath ?? '/usr/bin/setpriv';
  if (f.userNamespaces.ok) return { ok: true, sandbox: { sandboxed: true, user, setprivPath }, warning: null };
  if (!f.allowNoSandbox) {
    return {
      ok: false,
      error: `Chromium's sandbox needs unprivileged user namespaces, which are unavailable (${f.userNamespaces.reason}); enable them (docs/security.md) or set RENDER_ALLOW_NO_SANDBOX=1 to run templates without the sandbox`,
    };
  }
  return {
    ok: true,
    sandbox: { sandboxed: false, user, setprivPath },
    warning: `RENDER_ALLOW_NO_SANDBOX=1: Chromium runs WITHOUT its sandbox (${f.userNamespaces.reason}); a renderer exploit in a template reaches everything ${user ? `user ${user.name}` : 'the worker user'} can`,
  };
}

/** Tries what Chromium's zygote does first: new user, PID and network namespaces, as the user Chromium will run as. */
async function probeUserNamespaces(user: SandboxUser | null): Promise<SandboxFacts['userNamespaces']> {
  try {
    await run('unshare', ['--user', '--pid', '--net', '--fork', '--', 'true'], {
      env: { PATH: '/usr/local/bin:/usr/bin:/bin' },
      timeout: 10_000,
      ...(user ? { uid: user.uid, gid: user.gid } : {}),
    });
    return { ok: true };
  } catch (err) {
    const e = err as { code?: string; stderr?: string; message: string };
    if (e.code === 'ENOENT') return { ok: false, reason: 'unshare (util-linux) not found, cannot check' };
    return { ok: false, reason: (e.stderr || e.message).trim().split('\n').pop()!.slice(0, 200) };
  }
}

function findSetpriv(): string | null {
  return ['/usr/bin/setpriv', '/bin/setpriv', '/usr/sbin/setpriv'].find((p) => fs.existsSync(p)) ?? null;
}

/** Gathers the facts on this machine and decides; the worker refuses to start on `ok: false`. */
export async function resolveChromiumSandbox(opts: { userName: string; allowNoSandbox: boolean }): Promise<SandboxDecision> {
  const isRoot = process.getuid?.() === 0;
  const user = await lookupUser(opts.userName);
  const facts: SandboxFacts = {
    isRoot,
    userName: opts.userName,
    user,
    setprivPath: findSetpriv(),
    userNamespaces: isRoot && !user ? { ok: false, reason: 'no sandbox user' } : await probeUserNamespaces(isRoot ? user : null),
    allowNoSandbox: opts.allowNoSandbox,
  };
  return decideSandbox(facts);
}
