import fs from 'node:fs';
import path from 'node:path';

/** One line of the summary: a measured figure, the same-run baseline it is judged against, and the target. */
export interface SummaryRow {
  figure: string;
  value: number | null;
  unit: string;
  baseline?: number | null;
  baseline_label?: string;
  ratio?: number | null;
  /** e.g. ">= 0.70"; the ratio (or the value, when there is no baseline) is compared against it. */
  target?: string;
  met?: boolean | null;
  note?: string;
}

/** Whether `x` meets a target written as ">= n" / "<= n" / "== n"; null when x was not measured. */
export function meets(x: number | null | undefined, target: string): boolean | null {
  if (x == null || !Number.isFinite(x)) return null;
  const m = /^(>=|<=|==)\s*(-?[\d.]+)/.exec(target.trim());
  if (!m) return null;
  const n = Number(m[2]);
  return m[1] === '>=' ? x >= n : m[1] === '<=' ? x <= n : x === n;
}

export function row(r: Omit<SummaryRow, 'met'>): SummaryRow {
  const judged = r.ratio !== undefined ? r.ratio : r.value;
  return { ...r, met: r.target ? meets(judged, r.target) : undefined };
}

const fmt = (x: number | null | undefined) => (x == null ? '-' : Math.abs(x) >= 100 ? x.toFixed(0) : String(Math.round(x * 100) / 100));

/** A plain-text table that reads well in a terminal and in CI logs. */
export function formatTable(rows: SummaryRow[]): string {
  const cells = rows.map((r) => [
    r.figure,
    `${fmt(r.value)} ${r.unit}`,
    r.baseline !== undefined ? `${fmt(r.baseline)}${r.baseline_label ? ` (${r.baseline_label})` : ''}` : '',
    r.ratio !== undefined ? fmt(r.ratio) : '',
    r.target ?? '',
    r.met == null ? (r.target ? 'n/a' : '') : r.met ? 'ok' : 'MISSED',
    r.note ?? '',
  ]);
  const head = ['figure', 'measured', 'baseline (same run)', 'ratio', 'target', '', 'note'];
  const widths = head.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i]!.length)));
  const line = (c: string[]) => c.map((x, i) => x.padEnd(widths[i]!)).join('  ').trimEnd();
  return [line(head), widths.map((w) => '-'.repeat(w)).join('  '), ...cells.map(line)].join('\n');
}

export function repoRoot(): string {
  // test/dist/bench/report.js -> repo root
  return path.resolve(__dirname, '..', '..', '..');
}

/** Writes bench/results/latest.json and a timestamped copy, each atomically (tmp + rename). */
export function writeResults(result: object, startedAt: Date, name = 'bench'): { latest: string; copy: string } {
  const dir = path.join(repoRoot(), 'bench', 'results');
  fs.mkdirSync(dir, { recursive: true });
  const text = `${JSON.stringify(result, null, 2)}\n`;
  const stamp = startedAt.toISOString().replace(/[:.]/g, '-');
  // the cluster pass (`--cluster`) keeps its own latest so the dev run's stays the one the README quotes
  const latest = path.join(dir, name === 'bench' ? 'latest.json' : `${name}-latest.json`);
  const copy = path.join(dir, `${name}-${stamp}.json`);
  for (const file of [latest, copy]) {
    fs.writeFileSync(`${file}.tmp`, text);
    fs.renameSync(`${file}.tmp`, file);
  }
  return { latest, copy };
}
