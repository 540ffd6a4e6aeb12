import { envKeys } from '@rp/config';
import { migrateEnvSchema } from '@rp/stack';
import { apiEnvSchema } from '@rp/api';
import { renderWorkerEnvSchema } from '@rp/render-worker';
import { webhookWorkerEnvSchema } from '@rp/webhook-worker';
import fs from 'node:fs';
import path from 'node:path';
import {
  CHART_DIR,
  PRODUCTION_VALUES,
  REPO_ROOT,
  KUBE_VERSION,
  helm,
  renderChart,
  renderChartError,
  renderNotes,
  writeTempValues,
  type K8sObject,
} from './helm';

const SERVICES = {
  // the probes' port: the API's ops port (OPS_PORT), not its public PORT
  api: { deployment: 'rp-render-platform-api', container: 'api', schema: apiEnvSchema, port: 8081 },
  'render-worker': {
    deployment: 'rp-render-platform-render-worker',
    container: 'render-worker',
    schema: renderWorkerEnvSchema,
    port: 9464,
  },
  'webhook-worker': {
    deployment: 'rp-render-platform-webhook-worker',
    container: 'webhook-worker',
    schema: webhookWorkerEnvSchema,
    port: 9464,
  },
} as const;
type ServiceName = keyof typeof SERVICES;
const SERVICE_NAMES = Object.keys(SERVICES) as ServiceName[];

const SECRET_ENV = ['DATABASE_URL', 'MINIO_ACCESS_KEY', 'MINIO_SECRET_KEY', 'FILE_URL_SECRET'];
/** The secrets each workload reads: nothing else of the Secret reaches it. */
const SECRETS_OF: Record<ServiceName | 'migrate', string[]> = {
  api: SECRET_ENV,
  'render-worker': ['DATABASE_URL', 'MINIO_ACCESS_KEY', 'MINIO_SECRET_KEY'],
  'webhook-worker': ['DATABASE_URL', 'FILE_URL_SECRET'],
  migrate: ['DATABASE_URL', 'MINIO_ACCESS_KEY', 'MINIO_SECRET_KEY'],
};
const HOOK_PHASES = 'pre-install,pre-upgrade';

const byKind = (objs: K8sObject[], kind: string) => objs.filter((o) => o.kind === kind);
const find = (objs: K8sObject[], kind: string, name: string) => {
  const o = objs.find((x) => x.kind === kind && x.metadata.name === name);
  if (!o) throw new Error(`${kind}/${name} not rendered`);
  return o;
};
const isHook = (o: K8sObject) => Boolean(o.metadata.annotations?.['helm.sh/hook']);

interface EnvSource {
  name: string;
  from: string;
}

/**
 * Every env name a container gets, with where it comes from: explicit env, envFrom ConfigMaps and Secrets
 * (resolved against the rendered objects; an envFrom on an object the chart does not render is an error).
 */
function containerEnv(objs: K8sObject[], container: { env?: unknown[]; envFrom?: unknown[] }): EnvSource[] {
  const out: EnvSource[] = [];
  for (const e of (container.env ?? []) as { name: string; valueFrom?: { secretKeyRef?: { name: string } } }[]) {
    out.push({ name: e.name, from: e.valueFrom?.secretKeyRef ? `secret:${e.valueFrom.secretKeyRef.name}` : 'env' });
  }
  for (const ef of (container.envFrom ?? []) as {
    prefix?: string;
    configMapRef?: { name: string };
    secretRef?: { name: string };
  }[]) {
    expect(ef.prefix).toBeUndefined();
    if (ef.configMapRef) {
      const cm = find(objs, 'ConfigMap', ef.configMapRef.name);
      for (const k of Object.keys(cm.data ?? {})) out.push({ name: k, from: `configmap:${cm.metadata.name}` });
    } else if (ef.secretRef) {
      const s = find(objs, 'Secret', ef.secretRef.name);
      for (const k of Object.keys({ ...s.data, ...s.stringData })) out.push({ name: k, from: `secret:${s.metadata.name}` });
    } else {
      throw new Error(`unsupported envFrom ${JSON.stringify(ef)}`);
    }
  }
  return out;
}

function podOf(objs: K8sObject[], svc: ServiceName) {
  const d = find(objs, 'Deployment', SERVICES[svc].deployment);
  const pod = d.spec.template.spec;
  const container = pod.containers.find((c: { name: string }) => c.name === SERVICES[svc].container);
  if (!container) throw new Error(`container ${SERVICES[svc].container} missing in ${d.metadata.name}`);
  return { deployment: d, pod, container };
}

function configValue(objs: K8sObject[], svc: ServiceName, key: string): string {
  const { container } = podOf(objs, svc);
  for (const ef of container.envFrom ?? []) {
    if (!ef.configMapRef) continue;
    const v = find(objs, 'ConfigMap', ef.configMapRef.name).data?.[key];
    if (v !== undefined) return v;
  }
  throw new Error(`${key} not in ${svc}'s ConfigMaps`);
}

const VALUE_SETS: [string, string[]][] = [
  ['default values', []],
  ['production values', [PRODUCTION_VALUES]],
];

describe('helm chart deploy/helm/render-platform', () => {
  it.each(VALUE_SETS)('passes helm lint --strict with %s', (_label, files) => {
    const r = helm(['lint', '--strict', CHART_DIR, '--kube-version', KUBE_VERSION, ...files.flatMap((f) => ['-f', f])]);
    expect(`${r.stdout}${r.stderr}`).toContain('0 chart(s) failed');
    expect(r.status).toBe(0);
  });

  describe.each(VALUE_SETS)('rendered with %s', (label, files) => {
    let objs: K8sObject[] = [];
    beforeAll(() => {
      objs = renderChart({ valuesFiles: files });
    });

    it('renders one Deployment, HPA (autoscaling/v2) and PodDisruptionBudget per service', () => {
      const deployments = byKind(objs, 'Deployment').map((d) => d.metadata.name).sort();
      expect(deployments).toEqual(SERVICE_NAMES.map((s) => SERVICES[s].deployment).sort());
      for (const svc of SERVICE_NAMES) {
        const hpa = find(objs, 'HorizontalPodAutoscaler', SERVICES[svc].deployment);
        expect(hpa.apiVersion).toBe('autoscaling/v2');
        expect(hpa.spec.scaleTargetRef).toEqual({
          apiVersion: 'apps/v1',
          kind: 'Deployment',
          name: SERVICES[svc].deployment,
        });
        expect(hpa.spec.maxReplicas).toBeGreaterThanOrEqual(hpa.spec.minReplicas);
        const pdb = find(objs, 'PodDisruptionBudget', SERVICES[svc].deployment);
        expect(pdb.apiVersion).toBe('policy/v1');
        const { deployment } = podOf(objs, svc);
        expect(pdb.spec.selector.matchLabels).toEqual(deployment.spec.selector.matchLabels);
        // With an HPA the Deployment must not pin replicas, or every upgrade resets the scale.
        expect(deployment.spec.replicas).toBeUndefined();
      }
    });

    it.each(SERVICE_NAMES)('%s: liveness, readiness and startup probes on its port', (svc) => {
      const { container } = podOf(objs, svc);
      const portName = container.ports.find((p: { containerPort: number }) => p.containerPort === SERVICES[svc].port)?.name;
      expect(portName).toBeDefined();
      expect(container.livenessProbe.httpGet).toEqual({ path: '/healthz', port: portName });
      expect(container.readinessProbe.httpGet).toEqual({ path: '/readyz', port: portName });
      expect(container.startupProbe.httpGet).toEqual({ path: '/healthz', port: portName });
      // The port the probes hit is the one the service listens on.
      const portKey = svc === 'api' ? 'OPS_PORT' : 'HEALTH_PORT';
      expect(configValue(objs, svc, portKey)).toBe(String(SERVICES[svc].port));
    });

    it.each(SERVICE_NAMES)('%s: resource requests and limits', (svc) => {
      const { pod } = podOf(objs, svc);
      for (const c of [...pod.containers, ...(pod.initContainers ?? [])]) {
        for (const kind of ['requests', 'limits']) {
          expect(c.resources?.[kind]?.cpu).toBeDefined();
          expect(c.resources?.[kind]?.memory).toBeDefined();
        }
      }
    });

    // the render worker's context is the sandbox's (chart-security.test.ts)
    it.each(SERVICE_NAMES.filter((s) => s !== 'render-worker'))('%s: non-root security contexts', (svc) => {
      const { pod } = podOf(objs, svc);
      expect(pod.securityContext).toMatchObject({ runAsNonRoot: true, runAsUser: 10001 });
      for (const c of pod.containers) {
        expect(c.securityContext).toMatchObject({
          runAsNonRoot: true,
          runAsUser: 10001,
          allowPrivilegeEscalation: false,
          readOnlyRootFilesystem: true,
          capabilities: { drop: ['ALL'] },
        });
        expect(c.securityContext.privileged).not.toBe(true);
        // A read-only root filesystem needs a writable /tmp.
        const tmp = c.volumeMounts.find((m: { mountPath: string }) => m.mountPath === '/tmp');
        expect(pod.volumes.find((v: { name: string }) => v.name === tmp?.name)?.emptyDir).toBeDefined();
      }
    });

    it('render worker: /dev/shm is a memory-backed emptyDir', () => {
      const { pod, container } = podOf(objs, 'render-worker');
      const shm = container.volumeMounts.find((m: { mountPath: string }) => m.mountPath === '/dev/shm');
      expect(shm).toBeDefined();
      expect(pod.volumes.find((v: { name: string }) => v.name === shm.name).emptyDir.medium).toBe('Memory');
    });

    it.each(SERVICE_NAMES)('%s: terminationGracePeriodSeconds exceeds SHUTDOWN_GRACE_MS (+ preStop)', (svc) => {
      const { pod, container } = podOf(objs, svc);
      const graceS = Math.ceil(Number(configValue(objs, svc, 'SHUTDOWN_GRACE_MS')) / 1000);
      const sleep = container.lifecycle?.preStop?.exec?.command;
      const preStopS = sleep?.[0] === 'sleep' ? Number(sleep[1]) : 0;
      expect(Number.isFinite(graceS)).toBe(true);
      expect(pod.terminationGracePeriodSeconds).toBeGreaterThan(graceS + preStopS);
    });

    it.each(SERVICE_NAMES)('%s: env names equal exactly envKeys(schema)', (svc) => {
      const { container } = podOf(objs, svc);
      const env = containerEnv(objs, container);
      const names = env.map((e) => e.name);
      const duplicates = names.filter((n, i) => names.indexOf(n) !== i);
      expect(duplicates).toEqual([]);
      expect([...names].sort()).toEqual(envKeys(SERVICES[svc].schema));
      // Secrets come from a Secret, never from a ConfigMap or a literal, and only those the service reads.
      for (const name of SECRETS_OF[svc]) expect(env.find((e) => e.name === name)?.from).toMatch(/^secret:/);
      expect(env.filter((e) => e.from.startsWith('secret:')).map((e) => e.name).sort()).toEqual([...SECRETS_OF[svc]].sort());
    });

    it('ConfigMaps referenced by Deployments are regular release resources', () => {
      for (const cm of byKind(objs, 'ConfigMap')) expect(isHook(cm)).toBe(false);
    });

    it('migration Job is a pre-install,pre-upgrade hook that runs after the Secret', () => {
      const job = find(objs, 'Job', 'rp-render-platform-migrate');
      const a = job.metadata.annotations!;
      expect(a['helm.sh/hook']).toBe(HOOK_PHASES);
      expect(Number(a['helm.sh/hook-weight'])).toBe(0);
      expect(a['helm.sh/hook-delete-policy']).toContain('before-hook-creation');
      const pod = job.spec.template.spec;
      expect(pod.restartPolicy).toBe('Never');
      const [c] = pod.containers;
      expect(c.command).toEqual(['node', 'packages/stack/dist/migrate.js']);
      expect(c.image).toBe(podOf(objs, 'api').container.image);
      expect(c.securityContext).toMatchObject({ runAsNonRoot: true, runAsUser: 10001, allowPrivilegeEscalation: false });
      // At pre-install only hook resources exist: the Job may use nothing else.
      expect(pod.serviceAccountName).toBeUndefined();
      expect(c.envFrom).toBeUndefined();
      // Exactly what the migration reads (database, and MinIO for the bucket), nothing from a ConfigMap.
      expect(c.env.map((e: { name: string }) => e.name).sort()).toEqual(envKeys(migrateEnvSchema));
      for (const e of c.env) expect(e.valueFrom?.configMapKeyRef).toBeUndefined();
      const dbUrl = c.env.find((e: { name: string }) => e.name === 'DATABASE_URL');
      const secretName = dbUrl.valueFrom.secretKeyRef.name;
      const secret = objs.find((o) => o.kind === 'Secret' && o.metadata.name === secretName);
      if (label === 'default values') {
        expect(secret).toBeDefined();
        expect(secret!.metadata.annotations).toMatchObject({ 'helm.sh/hook': HOOK_PHASES });
        expect(Number(secret!.metadata.annotations!['helm.sh/hook-weight'])).toBeLessThan(Number(a['helm.sh/hook-weight']));
      } else {
        expect(secret).toBeUndefined(); // existingSecret
      }
    });
  });

  describe('Secret handling', () => {
    it('default values: a hook Secret (weight -10) holding exactly the four secret variables', () => {
      const objs = renderChart();
      const secrets = byKind(objs, 'Secret');
      expect(secrets).toHaveLength(1);
      const [s] = secrets;
      expect(s.metadata.annotations).toMatchObject({
        'helm.sh/hook': HOOK_PHASES,
        'helm.sh/hook-weight': '-10',
      });
      expect(Object.keys(s.data ?? {}).sort()).toEqual([...SECRET_ENV].sort());
      const fileUrlSecret = Buffer.from(s.data!.FILE_URL_SECRET, 'base64').toString();
      expect(fileUrlSecret.length).toBeGreaterThanOrEqual(16); // generated when not given
      for (const d of byKind(objs, 'Deployment')) {
        for (const e of d.spec.template.spec.containers[0].env.filter((x: { valueFrom?: unknown }) => x.valueFrom)) {
          expect(e.valueFrom.secretKeyRef.name).toBe(s.metadata.name);
        }
      }
    });

    it('existingSecret: no Secret is rendered and every ref points at it with the mapped keys', () => {
      const objs = renderChart({ valuesFiles: [PRODUCTION_VALUES] });
      expect(byKind(objs, 'Secret')).toEqual([]);
      const keys: Record<string, string> = {
        DATABASE_URL: 'database-url',
        MINIO_ACCESS_KEY: 'minio-access-key',
        MINIO_SECRET_KEY: 'minio-secret-key',
        FILE_URL_SECRET: 'file-url-secret',
      };
      const workloads = [...byKind(objs, 'Deployment'), ...byKind(objs, 'Job')];
      for (const w of workloads) {
        const pod = w.spec.template.spec;
        const refs = pod.containers[0].env.filter((e: { valueFrom?: unknown }) => e.valueFrom);
        const component = w.metadata.labels?.['app.kubernetes.io/component'] as ServiceName | 'migrate';
        expect(refs.map((e: { name: string }) => e.name).sort()).toEqual([...SECRETS_OF[component]].sort());
        for (const e of refs) expect(e.valueFrom.secretKeyRef).toEqual({ name: 'render-platform-secrets', key: keys[e.name] });
      }
    });
  });

  describe('values', () => {
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

  describe('values.schema.json mirrors the services\' env constraints', () => {
    interface Prop {
      type?: string;
      minimum?: number;
      maximum?: number;
      minLength?: number;
      pattern?: string;
      enum?: string[];
      properties?: Record<string, Prop>;
    }
    const valuesSchema = JSON.parse(fs.readFileSync(path.join(CHART_DIR, 'values.schema.json'), 'utf8')) as Prop;
    const at = (...keys: string[]) =>
      keys.reduce<Prop>((p, k) => {
        const next = p.properties?.[k];
        if (!next) throw new Error(`values.schema.json has no ${keys.join('.')}`);
        return next;
      }, valuesSchema);
    const envProp = (svc: ServiceName, name: string) => (SERVICES[svc].schema.properties as unknown as Record<string, Prop>)[name];

    /** The chart may be stricter than the service, never looser: a value the service rejects must fail helm lint. */
    function expectAtLeastAsStrict(chart: Prop, service: Prop, label: string) {
      expect({ label, type: chart.type }).toEqual({ label, type: service.type ?? chart.type });
      if (service.minimum !== undefined) expect(chart.minimum ?? -Infinity).toBeGreaterThanOrEqual(service.minimum);
      if (service.maximum !== undefined) expect(chart.maximum ?? Infinity).toBeLessThanOrEqual(service.maximum);
      if (service.minLength !== undefined) expect(chart.minLength ?? 0).toBeGreaterThanOrEqual(service.minLength);
      if (service.pattern !== undefined) expect({ label, pattern: chart.pattern }).toEqual({ label, pattern: service.pattern });
      if (service.enum !== undefined) expect({ label, enum: chart.enum }).toEqual({ label, enum: service.enum });
    }

    const VALUE_KEYS: Record<ServiceName, string> = { api: 'api', 'render-worker': 'renderWorker', 'webhook-worker': 'webhookWorker' };
    const STRUCTURED: Record<string, string> = {
      port: 'PORT',
      healthPort: 'HEALTH_PORT',
      temporalMetricsPort: 'TEMPORAL_METRICS_PORT',
      shutdownGraceMs: 'SHUTDOWN_GRACE_MS',
    };

    it.each(SERVICE_NAMES)('%s: config map keys and structured settings', (svc) => {
      const component = at(VALUE_KEYS[svc]);
      for (const [name, prop] of Object.entries(at(VALUE_KEYS[svc], 'config').properties ?? {})) {
        const service = envProp(svc, name);
        expect({ name, known: Boolean(service) }).toEqual({ name, known: true });
        expectAtLeastAsStrict(prop, service, `${svc}.config.${name}`);
      }
      for (const [key, name] of Object.entries(STRUCTURED)) {
        if (!component.properties?.[key]) continue;
        expectAtLeastAsStrict(component.properties[key], envProp(svc, name), `${svc}.${key}`);
      }
    });

    it('shared settings', () => {
      const pairs: [string[], string][] = [
        [['secrets', 'databaseUrl'], 'DATABASE_URL'],
        [['secrets', 'minioAccessKey'], 'MINIO_ACCESS_KEY'],
        [['secrets', 'minioSecretKey'], 'MINIO_SECRET_KEY'],
        [['minio', 'bucket'], 'MINIO_BUCKET'],
        [['logLevel'], 'LOG_LEVEL'],
      ];
      for (const [keys, name] of pairs) {
        const chart = at(...keys);
        expectAtLeastAsStrict({ type: 'string', ...chart }, envProp('api', name), keys.join('.'));
      }
    });
  });

  it('the values example in docs/deploy.md renders', () => {
    const doc = fs.readFileSync(path.join(REPO_ROOT, 'docs/deploy.md'), 'utf8');
    const example = /```yaml\n(# values-prod\.yaml\n[\s\S]*?)```/.exec(doc);
    expect(example).not.toBeNull();
    const { file, cleanup } = writeTempValues(example![1]);
    try {
      const objs = renderChart({ valuesFiles: [file] });
      expect(byKind(objs, 'Secret')).toEqual([]);
      expect(configValue(objs, 'api', 'PUBLIC_API_URL')).toBe('https://render.example.com');
    } finally {
      cleanup();
    }
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
