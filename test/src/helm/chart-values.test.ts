import fs from 'node:fs';
import path from 'node:path';
import { CHART_DIR, KUBE_VERSION, PRODUCTION_VALUES, REPO_ROOT, helm, renderChart, renderChartError, renderNotes, writeTempValues } from './helm';
import { byKind, configValue, find, podOf, renderWith } from './chart-kit';

// What values change in the rendered release, what values.schema.json refuses, and what NOTES.txt tells.
describe('helm chart: values', () => {
  it('production values: ingress with TLS drives PUBLIC_API_URL, HPA and replicas from values', () => {
    const objs = renderChart({ valuesFiles: [PRODUCTION_VALUES] });
    const ing = find(objs, 'Ingress', 'rp-render-platform-api');
    expect(ing.spec.rules[0].host).toBe('render.example.com');
    expect(ing.spec.rules[0].http.paths[0].backend.service.name).toBe('rp-render-platform-api');
    expect(configValue(objs, 'api', 'PUBLIC_API_URL')).toBe('https://render.example.com');
    expect(find(objs, 'HorizontalPodAutoscaler', 'rp-render-platform-render-worker').spec).toMatchObject({
      minReplicas: 4,
      maxReplicas: 24,
    });
    expect(configValue(objs, 'render-worker', 'RENDER_CONCURRENCY')).toBe('4');
  });

  it('the Ingress never exposes the API ops port: it routes the API Service, which carries only "http"', () => {
    const objs = renderChart({ valuesFiles: [PRODUCTION_VALUES] });
    const ingress = find(objs, 'Ingress', 'rp-render-platform-api');
    const backends = ingress.spec.rules.flatMap((r: any) => r.http.paths.map((p: any) => p.backend.service));
    expect(backends.length).toBeGreaterThan(0);
    for (const b of backends) expect(b).toEqual({ name: 'rp-render-platform-api', port: { name: 'http' } });
    const routed = find(objs, 'Service', 'rp-render-platform-api');
    expect(routed.spec.ports.map((p: any) => [p.name, p.targetPort])).toEqual([['http', 'http']]);
    // the ops port lives on a headless Service of its own (Prometheus), and the container declares both
    const ops = find(objs, 'Service', 'rp-render-platform-api-ops');
    expect(ops.spec.clusterIP).toBe('None');
    expect(ops.spec.ports).toEqual([{ name: 'ops', port: 8081, targetPort: 'ops', protocol: 'TCP' }]);
    const { container, deployment } = podOf(objs, 'api');
    expect(container.ports.map((p: any) => [p.name, p.containerPort])).toEqual([['http', 8080], ['ops', 8081]]);
    expect(configValue(objs, 'api', 'PORT')).toBe('8080');
    expect(configValue(objs, 'api', 'OPS_PORT')).toBe('8081');
    expect(deployment.spec.template.metadata.annotations['prometheus.io/port']).toBe('8081');
    expect(renderChartError({ set: ['api.opsPort=8080'] })).toMatch(/api.port and api.opsPort must differ/);
  });

  it('without autoscaling the Deployment carries replicas and no HPA is rendered', () => {
    const objs = renderChart({ set: ['api.autoscaling.enabled=false', 'api.replicas=3'] });
    expect(find(objs, 'Deployment', 'rp-render-platform-api').spec.replicas).toBe(3);
    expect(objs.find((o) => o.kind === 'HorizontalPodAutoscaler' && o.metadata.name === 'rp-render-platform-api')).toBeUndefined();
  });

  it('ingress enabled without TLS: PUBLIC_API_URL is http://<host>; no ingress by default', () => {
    expect(byKind(renderChart(), 'Ingress')).toEqual([]);
    const objs = renderChart({
      set: [
        'ingress.enabled=true',
        'ingress.hosts[0].host=r.example.org',
        'ingress.hosts[0].paths[0].path=/',
        'ingress.hosts[0].paths[0].pathType=Prefix',
      ],
    });
    expect(configValue(objs, 'webhook-worker', 'PUBLIC_API_URL')).toBe('http://r.example.org');
  });

  it('large integers are rendered as integers, not floats', () => {
    const objs = renderChart({ set: ['api.config.ASSET_LIMIT_BYTES=104857600'] });
    expect(configValue(objs, 'api', 'ASSET_LIMIT_BYTES')).toBe('104857600');
    expect(configValue(renderChart(), 'api', 'ASSET_LIMIT_BYTES')).toBe('10485760');
  });

  it('terminationGracePeriodSeconds follows shutdownGraceMs; a too-small explicit value fails the render', () => {
    const objs = renderChart({ set: ['renderWorker.shutdownGraceMs=300000'] });
    expect(podOf(objs, 'render-worker').pod.terminationGracePeriodSeconds).toBeGreaterThan(300);
    const err = renderChartError({ set: ['renderWorker.terminationGracePeriodSeconds=30'] });
    expect(err).toContain('terminationGracePeriodSeconds');
    const ok = renderChart({ set: ['webhookWorker.terminationGracePeriodSeconds=120'] });
    expect(podOf(ok, 'webhook-worker').pod.terminationGracePeriodSeconds).toBe(120);
  });

  it('migrate command is a value', () => {
    const objs = renderChart({ set: ['migrate.command={node,packages/db/dist/migrate.js}'] });
    expect(find(objs, 'Job', 'rp-render-platform-migrate').spec.template.spec.containers[0].command).toEqual([
      'node',
      'packages/db/dist/migrate.js',
    ]);
    expect(byKind(renderChart({ set: ['migrate.enabled=false'] }), 'Job')).toEqual([]);
  });

  it.each([
    ['replicas: "two"', 'api:\n  replicas: two\n', '/api/replicas'],
    ['an env name the service does not read', 'renderWorker:\n  config:\n    RENDER_CONCURENCY: 4\n', 'RENDER_CONCURENCY'],
    ['RENDER_CONCURRENCY above the service maximum', 'renderWorker:\n  config:\n    RENDER_CONCURRENCY: 65\n', 'RENDER_CONCURRENCY'],
    ['a worker tuner the workers do not know', 'renderWorker:\n  config:\n    WORKER_TUNER: adaptive\n', 'WORKER_TUNER'],
    ['a resource-based CPU target above 1', 'webhookWorker:\n  config:\n    WORKER_TUNER_TARGET_CPU: 80\n', 'WORKER_TUNER_TARGET_CPU'],
    ['a short FILE_URL_SECRET', 'secrets:\n  fileUrlSecret: short\n', 'fileUrlSecret'],
    ['a non-postgres DATABASE_URL', 'secrets:\n  databaseUrl: mysql://x\n', 'databaseUrl'],
  ])('values.schema.json rejects %s (helm lint)', (_label, content, needle) => {
    const { file, cleanup } = writeTempValues(content);
    try {
      const r = helm(['lint', '--strict', CHART_DIR, '--kube-version', KUBE_VERSION, '-f', file]);
      expect(r.status).not.toBe(0);
      expect(`${r.stdout}${r.stderr}`).toContain(needle);
    } finally {
      cleanup();
    }
  });
});

describe('helm chart: docs and notes', () => {
  it('the values example in docs/deploy.md renders', () => {
    const doc = fs.readFileSync(path.join(REPO_ROOT, 'docs/deploy.md'), 'utf8');
    const example = /```yaml\n(# values-prod\.yaml\n[\s\S]*?)```/.exec(doc);
    expect(example).not.toBeNull();
    const objs = renderWith(example![1]);
    expect(byKind(objs, 'Secret')).toEqual([]);
    expect(configValue(objs, 'api', 'PUBLIC_API_URL')).toBe('https://render.example.com');
  });

  describe('NOTES.txt', () => {
    it('tells how to create an API key, where the API is and how to reach the Temporal UI', () => {
      const notes = renderNotes();
      expect(notes).toContain('kubectl -n render exec deploy/rp-render-platform-api -- npm run keys -- create --org NAME');
      expect(notes).toContain('port-forward svc/rp-render-platform-api');
      expect(notes).toContain('temporal-web');
      expect(notes).toContain('WARNING'); // default credentials
    });

    it('production values: public URL and Temporal UI URL', () => {
      const notes = renderNotes({ valuesFiles: [PRODUCTION_VALUES] });
      expect(notes).toContain('https://render.example.com');
      expect(notes).toContain('https://temporal.example.com/namespaces/render/workflows');
      expect(notes).not.toContain('WARNING');
    });
  });
});
