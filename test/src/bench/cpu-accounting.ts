import fs from 'node:fs';
import os from 'node:os';

/**
 * CPU seconds per stack component during a phase, read from /proc. On a 2-core box throughput is bounded by CPU
 * per render, so "where did the CPU go" (API, Temporal, Postgres, worker Node, Chromium, ffmpeg) explains a ratio
 * better than wall-clock alone. It also measures "foreign" CPU (other users of the machine), which tells a
 * reader how much to trust a run: a figure taken while something else burned a core is not a product figure.
 */

const HZ = 100; // USER_HZ; Linux reports /proc times in these ticks (getconf CLK_TCK = 100 on every Debian arch)

interface ProcSample {
  ppid: number;
  comm: string;
  /** utime + stime */
  own: number;
  /** cutime + cstime: grows by a child's whole lifetime when the process reaps it */
  reaped: number;
}

function readProcs(): Map<number, ProcSample> {
  const out = new Map<number, ProcSample>();
  for (const name of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${name}/stat`, 'utf8');
      // comm may hold spaces and parens: split after the last ')'
      const close = stat.lastIndexOf(')');
      const comm = stat.slice(stat.indexOf('(') + 1, close);
      const f = stat.slice(close + 2).split(' ');
      // f[0] is field 3 (state); utime..cstime are fields 14..17
      out.set(Number(name), { ppid: Number(f[1]), comm, own: Number(f[11]) + Number(f[12]), reaped: Number(f[13]) + Number(f[14]) });
    } catch {
      // the process exited between readdir and read
    }
  }
  return out;
}

function busyTicks(): number {
  const line = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0]!;
  const [, user, nice, system, , , irq, softirq, steal] = line.trim().split(/\s+/).map(Number);
  return user! + nice! + system! + irq! + softirq! + steal!;
}

const nativeEngines = new Map<number, boolean>();

/** Whether a process is one of the render worker's native engine processes (by its entry script). */
function isNativeEngine(pid: number): boolean {
  let v = nativeEngines.get(pid);
  if (v === undefined) {
    try {
      v = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('native-engine-process');
    } catch {
      v = false;
    }
    nativeEngines.set(pid, v);
  }
  return v;
}

const beginFrameTree = new Map<number, boolean>();

/** Whether the browser a process belongs to (its root's direct child) was launched for begin-frame capture. */
function isBeginFrameBrowser(topPid: number): boolean {
  let v = beginFrameTree.get(topPid);
  if (v === undefined) {
    try {
      v = fs.readFileSync(`/proc/${topPid}/cmdline`, 'utf8').includes('--enable-begin-frame-control');
    } catch {
      v = false;
    }
    beginFrameTree.set(topPid, v);
  }
  return v;
}

/**
 * Names a process by the nearest root it descends from. Worker and bench subtrees are split into node, batch-node, native, ffmpeg,
 * `chromium` (the screenshot pool, whichever binary it runs) and `begin-frame` (the begin-frame pool's browser,
 * told apart by its launch flags: it has its own cost profile and idle behaviour).
 */
function classify(pid: number, procs: Map<number, ProcSample>, roots: Map<number, string>): string | null {
  let cur: number | undefined = pid;
  let below = pid; // the ancestor just under the root: the browser (or its shell wrapper) a chromium process belongs to
  for (let hops = 0; cur && hops < 64; hops++) {
    const root = roots.get(cur);
    if (root) {
      if (!root.startsWith('render-worker') && root !== 'bench') return root;
      if (cur === pid) return `${root}:node`;
      const comm = procs.get(pid)?.comm ?? '';
      if (/ffmpeg/i.test(comm)) return `${root}:ffmpeg`;
      if (/chrom|headle/i.test(comm) || /chrom|headle/i.test(procs.get(below)?.comm ?? '')) {
        return isBeginFrameBrowser(below) || isBeginFrameBrowser(pid) ? `${root}:begin-frame` : `${root}:chromium`;
      }
      // a native engine process (takumi), under the worker or its batch child: the engine's own cost
      if (isNativeEngine(pid)) return `${root}:native`;
      // the render worker's batch child (collection items, a niced Node process of its own) is its direct child
      if (below === pid && /node|render/i.test(comm)) return `${root}:batch-node`;
      return `${root}:other`;
    }
    below = cur;
    cur = procs.get(cur)?.ppid;
  }
  return null;
}

export interface CpuReport {
  wall_s: number;
  /** CPU seconds by component; `foreign` is everything on the machine outside the stack and this process. */
  cpu_s: Record<string, number>;
  /** Average busy cores over the phase (machine-wide) and how many the machine has. */
  busy_cores: number;
  cores: number;
  foreign_share: number;
}

export interface CpuMeter {
  stop(): CpuReport;
}

interface Tracked {
  own0: number;
  reaped0: number;
  own: number;
  reaped: number;
  ppid: number;
  group: string | null;
  alive: boolean;
}

/**
 * Starts sampling once a second. `roots` maps pid -> component name (from the stack control API, plus this
 * process as `bench`). A process counts its own CPU since the phase began (from zero if born during it). A child
 * that exits (ffmpeg per chunk, short helpers) is folded into its parent's cutime when reaped; we add the parent's
 * cutime growth minus the lifetime we already saw of the children it reaped, so nothing counts twice and the
 * unsampled tail of a short-lived child is not lost.
 */
export function startCpuMeter(roots: Map<number, string>, cores = os.cpus().length): CpuMeter {
  const seen = new Map<number, Tracked>();
  const startBusy = busyTicks();
  const started = performance.now();
  const sample = (initial: boolean) => {
    const procs = readProcs();
    for (const t of seen.values()) t.alive = false;
    for (const [pid, p] of procs) {
      let t = seen.get(pid);
      if (!t) {
        t = { own0: initial ? p.own : 0, reaped0: initial ? p.reaped : 0, own: 0, reaped: 0, ppid: 0, group: null, alive: true };
        seen.set(pid, t);
      }
      Object.assign(t, { own: p.own, reaped: p.reaped, ppid: p.ppid, alive: true, group: classify(pid, procs, roots) ?? t.group });
    }
  };
  sample(true);
  const timer = setInterval(() => sample(false), 1000);
  timer.unref();
  return {
    stop() {
      clearInterval(timer);
      sample(false);
      const wall = (performance.now() - started) / 1000;
      // lifetime of each parent's exited children we sampled: already counted as their own CPU
      const sampledChildren = new Map<number, number>();
      for (const t of seen.values()) {
        if (!t.alive) sampledChildren.set(t.ppid, (sampledChildren.get(t.ppid) ?? 0) + t.own + t.reaped);
      }
      const cpu: Record<string, number> = {};
      let tracked = 0;
      for (const [pid, t] of seen) {
        if (!t.group) continue;
        const reapedGrowth = Math.max(0, t.reaped - t.reaped0 - (sampledChildren.get(pid) ?? 0));
        const d = (Math.max(0, t.own - t.own0) + reapedGrowth) / HZ;
        cpu[t.group] = (cpu[t.group] ?? 0) + d;
        tracked += d;
      }
      const busy = (busyTicks() - startBusy) / HZ;
      cpu.foreign = Math.max(0, busy - tracked);
      for (const k of Object.keys(cpu)) cpu[k] = Math.round(cpu[k]! * 100) / 100;
      return {
        wall_s: Math.round(wall * 10) / 10,
        cpu_s: cpu,
        busy_cores: Math.round((busy / Math.max(wall, 1e-3)) * 100) / 100,
        cores,
        foreign_share: Math.round((cpu.foreign / Math.max(busy, 1e-3)) * 100) / 100,
      };
    },
  };
}
