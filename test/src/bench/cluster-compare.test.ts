import { compareCluster, formatClusterComparison } from './cluster-compare';

const result = (rps: number, p50: number, p95: number, profile: string) => ({
  stack: { profile },
  config: { worker: { poolSize: profile === 'cluster' ? 1 : 3, renderConcurrency: profile === 'cluster' ? 1 : 2 } },
  images: { e2e: { throughput: { renders_per_s: rps }, sync: { p50_ms: p50, p95_ms: p95 } } },
});

describe('cluster comparison', () => {
  it('divides the cluster pass by the dev run of the same bench', () => {
    const c = compareCluster(result(9, 150, 170, 'bench'), result(6.3, 210, 260, 'cluster'), '/r/cluster.json');
    expect(c.image_throughput).toEqual({ dev_renders_per_s: 9, cluster_renders_per_s: 6.3, ratio: 0.7 });
    expect(c.image_sync_p50_ms).toEqual({ dev: 150, cluster: 210, ratio: 1.4 });
    expect(c.cluster_stack).toEqual({ profile: 'cluster', render_worker_pool: 1, render_concurrency: 1 });
    expect(formatClusterComparison(c)).toContain('ratio 0.7');
  });

  it('says n/a where a pass measured nothing', () => {
    const c = compareCluster(result(9, 150, 170, 'bench'), {}, '/r/cluster.json');
    expect(c.image_throughput.ratio).toBeNull();
    expect(formatClusterComparison(c)).toContain('n/a');
  });
});
