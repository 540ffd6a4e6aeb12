import { envKeys } from '@rp/config';
import { migrateEnvSchema } from '@rp/stack';
import { CHART_DIR, KUBE_VERSION, helm, renderChart, type K8sObject } from './helm';
import {
  HOOK_PHASES,
  SECRETS_OF,
  SERVICES,
  SERVICE_NAMES,
  VALUE_SETS,
  byKind,
  configValue,
  containerEnv,
  find,
  isHook,
  podOf,
} from './chart-kit';

// The workloads the chart deploys, checked under both value sets: lint, scaling, probes, resources, security
// contexts, shutdown grace, env names and the migration hook.
describe('helm chart: workloads', () => {
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

    it('renders one Deployment, autoscaler (an HPA autoscaling/v2 or a KEDA ScaledObject, never both) and PodDisruptionBudget per service', () => {
      const deployments = byKind(objs, 'Deployment').map((d) => d.metadata.name).sort();
      expect(deployments).toEqual(SERVICE_NAMES.map((s) => SERVICES[s].deployment).sort());
      for (const svc of SERVICE_NAMES) {
        const scalers = [...byKind(objs, 'HorizontalPodAutoscaler'), ...byKind(objs, 'ScaledObject')].filter(
          (o) => o.spec.scaleTargetRef.name === SERVICES[svc].deployment,
        );
        expect({ svc, scalers: scalers.length }).toEqual({ svc, scalers: 1 });
        const [scaler] = scalers;
        expect(scaler.apiVersion).toBe(scaler.kind === 'ScaledObject' ? 'keda.sh/v1alpha1' : 'autoscaling/v2');
        expect(scaler.spec.scaleTargetRef).toEqual({
          apiVersion: 'apps/v1',
          kind: 'Deployment',
          name: SERVICES[svc].deployment,
        });
        if (scaler.kind === 'ScaledObject') expect(scaler.spec.maxReplicaCount).toBeGreaterThanOrEqual(scaler.spec.minReplicaCount);
        else expect(scaler.spec.maxReplicas).toBeGreaterThanOrEqual(scaler.spec.minReplicas);
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
      expect(c.command).toEqual(['node', 'tools/stack/dist/migrate.js']);
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
});
