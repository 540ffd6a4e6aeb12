import fs from 'node:fs';
import { delay } from './managed-process';
import { findProcessesWithEnv, killAll } from './proc-scan';
import { STACK_MARKER_ENV } from './profiles';

/** Every live process started (directly or not) by the supervisor of this data dir. */
export function findStackProcesses(dataDir: string): number[] {
  return findProcessesWithEnv(`${STACK_MARKER_ENV}=${dataDir}`);
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Stops leftovers of a stack whose supervisor died without cleaning up: SIGTERM, then SIGKILL. */
export async function reapStackProcesses(dataDir: string, log: (m: string) => void, graceMs = 5000): Promise<number> {
  const pids = findStackProcesses(dataDir);
  if (pids.length === 0) return 0;
  log(`stopping ${pids.length} leftover process(es) of a previous run: ${pids.join(' ')}`);
  killAll(pids, 'SIGTERM');
  const deadline = Date.now() + graceMs;
  while (Date.now() < deadline && pids.some(isAlive)) await delay(100);
  killAll(pids.filter(isAlive), 'SIGKILL');
  while (pids.some(isAlive) && Date.now() < deadline + 5000) await delay(100);
  return pids.length;
}

/** The pid in `<dataDir>/supervisor.pid` when that process is still a live stack supervisor. */
export function liveSupervisorPid(pidFile: string): number | null {
  let pid: number;
  try {
    pid = Number(fs.readFileSync(pidFile, 'utf8').trim());
  } catch {
    return null;
  }
  if (!pid || pid === process.pid || !isAlive(pid)) return null;
  try {
    const cmd = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8');
    return /stack[/\\](dist|src)[/\\]main/.test(cmd) ? pid : null;
  } catch {
    return pid; // no /proc: trust the pid file
  }
}
