import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import type { SandboxUser } from './chromium-sandbox';

const run = promisify(execFile);
// the helpers run as the sandbox user, which must never see the worker's secrets either
const HELPER_ENV = { PATH: '/usr/local/bin:/usr/bin:/bin' };

/** The passwd entry of `name` (a name or a numeric uid), or null. */
export function parsePasswd(passwd: string, name: string): SandboxUser | null {
  for (const line of passwd.split('\n')) {
    const [user, , uid, gid] = line.split(':');
    if (!user || uid === undefined || gid === undefined) continue;
    if (user === name || uid === name) return { name: user, uid: Number(uid), gid: Number(gid) };
  }
  return null;
}

export async function lookupUser(name: string, passwdFile = '/etc/passwd'): Promise<SandboxUser | null> {
  return parsePasswd(await fs.readFile(passwdFile, 'utf8').catch(() => ''), name);
}

/**
 * Profile directories of a sandboxed Chromium belong to its user: created and removed as that user, so the worker
 * needs no CAP_CHOWN or CAP_DAC_OVERRIDE (only CAP_SETUID/CAP_SETGID, which Node's spawn uses).
 */
export const profileDirs = {
  async create(parent: string, user: SandboxUser | null): Promise<string> {
    if (!user) return fs.mkdtemp(path.join(parent, 'rp-chromium-'));
    const { stdout } = await run('mktemp', ['-d', path.join(parent, 'rp-chromium-XXXXXXXX')], { uid: user.uid, gid: user.gid, env: HELPER_ENV });
    return stdout.trim();
  },
  async remove(dir: string, user: SandboxUser | null): Promise<void> {
    if (!user) return fs.rm(dir, { recursive: true, force: true, maxRetries: 5 });
    await run('rm', ['-rf', '--', dir], { uid: user.uid, gid: user.gid, env: HELPER_ENV });
  },
};
