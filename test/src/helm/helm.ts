import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseAllDocuments } from 'yaml';

export const REPO_ROOT = path.resolve(__dirname, '../../..');
export const CHART_DIR = path.join(REPO_ROOT, 'deploy/helm/render-platform');
export const PRODUCTION_VALUES = path.join(CHART_DIR, 'ci/production-values.yaml');
export const KUBE_VERSION = '1.30';

/** HELM_BIN, else the binary scripts/setup.sh builds. Missing helm fails the suite: CI must not skip it. */
export function helmBin(): string {
  const candidates = [
    process.env.HELM_BIN,
    path.join(process.env.RENDER_CACHE_DIR ?? path.join(os.homedir(), '.cache/render-platform'), 'bin/helm'),
  ].filter((p): p is string => Boolean(p));
  const found = candidates.find((p) => fs.existsSync(p));
  if (!found) throw new Error(`helm not found (tried ${candidates.join(', ')}): run scripts/setup.sh or set HELM_BIN`);
  return found;
}

export interface HelmResult {
  status: number;
  stdout: string;
  stderr: string;
}

export function helm(args: string[]): HelmResult {
  const r = spawnSync(helmBin(), args, { cwd: REPO_ROOT, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (r.error) throw r.error;
  return { status: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
}

export interface K8sObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string; annotations?: Record<string, string>; labels?: Record<string, string> };
  spec?: any;
  data?: Record<string, string>;
  stringData?: Record<string, string>;
}

export interface RenderOptions {
  valuesFiles?: string[];
  set?: string[];
  chartDir?: string;
  showOnly?: string;
}

function renderArgs(opts: RenderOptions): string[] {
  const args = ['template', 'rp', opts.chartDir ?? CHART_DIR, '--namespace', 'render', '--kube-version', KUBE_VERSION];
  for (const f of opts.valuesFiles ?? []) args.push('-f', f);
  for (const s of opts.set ?? []) args.push('--set', s);
  if (opts.showOnly) args.push('--show-only', opts.showOnly);
  return args;
}

/** `helm template`; throws with helm's stderr on failure. */
export function renderChart(opts: RenderOptions = {}): K8sObject[] {
  const r = helm(renderArgs(opts));
  if (r.status !== 0) throw new Error(`helm template failed (${r.status}):\n${r.stderr}`);
  return parseAllDocuments(r.stdout)
    .map((d) => {
      if (d.errors.length) throw new Error(`rendered YAML does not parse: ${d.errors[0].message}`);
      return d.toJS() as K8sObject | null;
    })
    .filter((o): o is K8sObject => o !== null && typeof o === 'object');
}

/** Renders and expects failure; returns helm's stderr. */
export function renderChartError(opts: RenderOptions): string {
  const r = helm(renderArgs(opts));
  if (r.status === 0) throw new Error('helm template unexpectedly succeeded');
  return r.stderr;
}

/**
 * NOTES.txt is not printed by `helm template`: render it through a throwaway copy of the chart whose extra
 * ConfigMap runs NOTES.txt through `tpl`.
 */
export function renderNotes(opts: RenderOptions = {}): string {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'rp-notes-'));
  try {
    const chart = path.join(tmp, 'render-platform');
    fs.cpSync(CHART_DIR, chart, { recursive: true });
    fs.copyFileSync(path.join(chart, 'templates/NOTES.txt'), path.join(chart, 'notes.txt'));
    fs.writeFileSync(
      path.join(chart, 'templates/zz-notes.yaml'),
      'apiVersion: v1\nkind: ConfigMap\nmetadata: { name: notes }\ndata:\n  notes: {{ tpl (.Files.Get "notes.txt") . | toJson }}\n',
    );
    const [cm] = renderChart({ ...opts, chartDir: chart, showOnly: 'templates/zz-notes.yaml' });
    return cm.data!.notes;
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

export function writeTempValues(content: string): { file: string; cleanup: () => void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rp-values-'));
  const file = path.join(dir, 'values.yaml');
  fs.writeFileSync(file, content);
  return { file, cleanup: () => fs.rmSync(dir, { recursive: true, force: true }) };
}
