import fs from 'node:fs';

/**
 * Pids whose environment contains exactly `entry` ("KEY=value"). Children inherit the supervisor's markers, so this
 * finds a process's descendants even after they were reparented (e.g. Chromium of a SIGKILLed render worker).
 * Linux only; elsewhere returns [].
 */
export function findProcessesWithEnv(entry: string, procRoot = '/proc'): number[] {
  let entries: string[];
  try {
    entries = fs.readdirSync(procRoot).filter((e) => /^\d+$/.test(e));
  } catch {
    return [];
  }
  const out: number[] = [];
  for (const e of entries) {
    const pid = Number(e);
    if (pid === process.pid) continue;
    try {
      const environ = fs.readFileSync(`${procRoot}/${e}/environ`, 'latin1');
      if (environ.split('\0').includes(entry)) out.push(pid);
    } catch {
      // gone, or not ours to read
    }
  }
  return out;
}

export function killAll(pids: number[], signal: NodeJS.Signals): void {
  for (const pid of pids) {
    try {
      process.kill(pid, signal);
    } catch {
      // already gone
    }
  }
}
