import fs from 'node:fs';
import path from 'node:path';

/**
 * `node test/dist/bench/cpu-profile-summary.js <dir|file.cpuprofile> [top]`: self time of a V8 CPU profile, by
 * function and by where the code lives (our packages, each node_modules package, Node internals, GC, idle).
 * Enough to say where a service spends its CPU without opening DevTools.
 */

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

function area(url: string, fn: string): string {
  if (!url) return fn.startsWith('(') ? fn : '(native)';
  if (url.startsWith('node:')) return 'node:internal';
  const nm = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (nm) return nm[1]!;
  const ours = /\/(services|packages|workflows)\/([^/]+)/.exec(url);
  if (ours) return `${ours[1]}/${ours[2]}`;
  return path.basename(url);
}

export function summarizeProfile(file: string, top = 15): string {
  const p = JSON.parse(fs.readFileSync(file, 'utf8')) as Profile;
  const byId = new Map(p.nodes.map((n) => [n.id, n]));
  const selfUs = new Map<number, number>();
  for (let i = 0; i < p.samples.length; i++) selfUs.set(p.samples[i]!, (selfUs.get(p.samples[i]!) ?? 0) + (p.timeDeltas[i] ?? 0));
  const byFn = new Map<string, number>();
  const byArea = new Map<string, number>();
  let total = 0;
  let idle = 0;
  for (const [id, us] of selfUs) {
    const cf = byId.get(id)!.callFrame;
    total += us;
    if (cf.functionName === '(idle)') idle += us;
    const key = `${cf.functionName || '(anonymous)'} ${cf.url ? `${area(cf.url, cf.functionName)}:${cf.lineNumber + 1}` : ''}`.trim();
    byFn.set(key, (byFn.get(key) ?? 0) + us);
    const a = area(cf.url, cf.functionName);
    byArea.set(a, (byArea.get(a) ?? 0) + us);
  }
  const busy = total - idle;
  const lines = [
    `${path.basename(file)}: ${(total / 1e6).toFixed(1)} s sampled, ${(busy / 1e6).toFixed(1)} s on CPU (${((busy / Math.max(total, 1)) * 100).toFixed(0)} %)`,
  ];
  const table = (title: string, m: Map<string, number>) => {
    lines.push(`  ${title} (share of on-CPU time):`);
    for (const [k, us] of [...m].filter(([k]) => k !== '(idle)' && !k.startsWith('(idle)')).sort((a, b) => b[1] - a[1]).slice(0, top)) {
      lines.push(`    ${((us / Math.max(busy, 1)) * 100).toFixed(1).padStart(5)} %  ${(us / 1e6).toFixed(2).padStart(7)} s  ${k}`);
    }
  };
  table('by area', byArea);
  table('by function', byFn);
  return lines.join('\n');
}

if (require.main === module) {
  const target = process.argv[2];
  if (!target) {
    process.stderr.write('usage: node test/dist/bench/cpu-profile-summary.js <dir|file.cpuprofile> [top]\n');
    process.exit(2);
  }
  const files = fs.statSync(target).isDirectory()
    ? fs.readdirSync(target).filter((f) => f.endsWith('.cpuprofile')).map((f) => path.join(target, f))
    : [target];
  for (const f of files) process.stdout.write(`${summarizeProfile(f, Number(process.argv[3] ?? 15))}\n\n`);
}
