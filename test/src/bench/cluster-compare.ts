import fs from 'node:fs';
import { round } from './stats';

/** The image phase of the cluster profile beside the dev server's, from one `npm run bench -- --cluster`. */
export interface ClusterComparison {
  /** The cluster pass's own results file. */
  cluster_results: string;
  cluster_stack: { profile: string; render_worker_pool: number | null; render_concurrency: number | null };
  /** End-to-end image throughput, the same clients and card on both stacks. ratio = cluster / dev. */
  image_throughput: { dev_renders_per_s: number | null; cluster_renders_per_s: number | null; ratio: number | null };
  /** `Prefer: wait` latency of one client. ratio = cluster / dev. */
  image_sync_p50_ms: { dev: number | null; cluster: number | null; ratio: number | null };
  image_sync_p95_ms: { dev: number | null; cluster: number | null; ratio: number | null };
}

const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const ratio = (a: number | null, b: number | null) => (a !== null && b !== null && b > 0 ? round(a / b, 2) : null);

/** Pure: the figures both results hold (`images.e2e`), and their ratios. */
export function compareCluster(dev: any, cluster: any, clusterFile: string): ClusterComparison {
  const t = (r: any) => num(r?.images?.e2e?.throughput?.renders_per_s);
  const p = (r: any, q: 'p50' | 'p95') => num(r?.images?.e2e?.sync?.[`${q}_ms`]);
  return {
    cluster_results: clusterFile,
    cluster_stack: {
      profile: String(cluster?.stack?.profile ?? ''),
      render_worker_pool: num(cluster?.config?.worker?.poolSize),
      render_concurrency: num(cluster?.config?.worker?.renderConcurrency),
    },
    image_throughput: { dev_renders_per_s: t(dev), cluster_renders_per_s: t(cluster), ratio: ratio(t(cluster), t(dev)) },
    image_sync_p50_ms: { dev: p(dev, 'p50'), cluster: p(cluster, 'p50'), ratio: ratio(p(cluster, 'p50'), p(dev, 'p50')) },
    image_sync_p95_ms: { dev: p(dev, 'p95'), cluster: p(cluster, 'p95'), ratio: ratio(p(cluster, 'p95'), p(dev, 'p95')) },
  };
}

/** Writes the comparison into the dev run's results (its own copy and latest.json when that is the same run). */
export function mergeClusterComparison(devFiles: string[], cluster: object, clusterFile: string): ClusterComparison {
  const dev = JSON.parse(fs.readFileSync(devFiles[0]!, 'utf8'));
  const comparison = compareCluster(dev, cluster, clusterFile);
  for (const file of devFiles) {
    const current = JSON.parse(fs.readFileSync(file, 'utf8'));
    if (current.run_id !== dev.run_id) continue; // latest.json of another run: leave it
    current.cluster = comparison;
    fs.writeFileSync(`${file}.tmp`, `${JSON.stringify(current, null, 2)}\n`);
    fs.renameSync(`${file}.tmp`, file);
  }
  return comparison;
}

export function formatClusterComparison(c: ClusterComparison): string {
  const f = (v: number | null, unit = '') => (v === null ? 'n/a' : `${v}${unit}`);
  return [
    'cluster profile (Temporal server on Postgres, 2 replicas each) vs dev server, image phase:',
    `  e2e throughput   ${f(c.image_throughput.cluster_renders_per_s, '/s')} vs ${f(c.image_throughput.dev_renders_per_s, '/s')}  ratio ${f(c.image_throughput.ratio)}`,
    `  sync p50         ${f(c.image_sync_p50_ms.cluster, ' ms')} vs ${f(c.image_sync_p50_ms.dev, ' ms')}  ratio ${f(c.image_sync_p50_ms.ratio)}`,
    `  sync p95         ${f(c.image_sync_p95_ms.cluster, ' ms')} vs ${f(c.image_sync_p95_ms.dev, ' ms')}  ratio ${f(c.image_sync_p95_ms.ratio)}`,
  ].join('\n');
}
