import fs from 'node:fs';

/** One process as /proc shows it. */
export interface Proc {
  pid: number;
  ppid: number;
  uid: number;
  exe: string;
  /** Joined with spaces: Chromium rewrites its children's argv into one string (setproctitle). */
  cmdline: string;
  environ: string[];
  userNs: string;
  /** /proc/<pid>/stat field 19. */
  niceness: number;
}

export function readProc(pid: number): Proc | null {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const field = (k: string) => new RegExp(`^${k}:\\s+(\\d+)`, 'm').exec(status)?.[1];
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // fields after the command name (which may hold spaces) start at field 3
    const afterComm = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return {
      pid,
      ppid: Number(field('PPid')),
      uid: Number(field('Uid')),
      exe: fs.readlinkSync(`/proc/${pid}/exe`),
      cmdline: fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean).join(' '),
      environ: fs.readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0').filter(Boolean),
      userNs: fs.readlinkSync(`/proc/${pid}/ns/user`),
      niceness: Number(afterComm[19 - 3]),
    };
  } catch {
    return null; // exited meanwhile
  }
}

/** Every live descendant of `root` (Chromium's zygote and renderers live in their own PID namespaces, not ours). */
export function descendants(root: number): Proc[] {
  const all = fs.readdirSync('/proc').filter((e) => /^\d+$/.test(e)).map((e) => readProc(Number(e))).filter((p): p is Proc => p !== null);
  const out: Proc[] = [];
  const frontier = [root];
  while (frontier.length) {
    const parent = frontier.pop()!;
    for (const p of all.filter((x) => x.ppid === parent)) {
      out.push(p);
      frontier.push(p.pid);
    }
  }
  return out;
}

export const isChromium = (p: Proc) => p.exe.startsWith('/usr/lib/chromium/');
