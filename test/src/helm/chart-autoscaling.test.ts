import { TASK_QUEUES, batchTaskQueue } from '@rp/workflow-safe';

import { PRODUCTION_VALUES, renderChart, renderChartError, type K8sObject } from './helm';
import { KEDA_MTLS_VALUES, SERVICE_NAMES, byKind, configValue, find, podOf } from './chart-kit';

const WORKERS = { 'render-worker': 'rp-render-platform-render-worker', 'webhook-worker': 'rp-render-platform-webhook-worker' };

describe('helm chart: KEDA autoscaling on the task queues', () => {
  let objs: K8sObject[] = [];
  beforeAll(() => {
    objs = renderChart({ valuesFiles: [PRODUCTION_VALUES, KEDA_MTLS_VALUES] });
  });

  it('renders one ScaledObject per worker, on the queues it polls, and no HPA of the chart for it', () => {
    const scaled = byKind(objs, 'ScaledObject');
    expect(scaled.map((o) => o.metadata.name).sort()).toEqual(Object.values(WORKERS).sort());
    const render = find(objs, 'ScaledObject', WORKERS['render-worker']);
    expect(render.spec.scaleTargetRef).toEqual({ apiVersion: 'apps/v1', kind: 'Deployment', name: WORKERS['render-worker'] });
    expect(render.spec.maxReplicaCount).toBe(20);
    const queues = (o: K8sObject) => o.spec.triggers.map((t: any) => [t.type, t.metadata.taskQueue, t.metadata.queueTypes]);
    // the names the workers poll, from the one module that names them
    expect(queues(render)).toEqual([
      ['temporal', TASK_QUEUES.RENDER, 'workflow,activity'],
      ['temporal', batchTaskQueue(TASK_QUEUES.RENDER), 'workflow,activity'],
    ]);
    expect(queues(find(objs, 'ScaledObject', WORKERS['webhook-worker']))).toEqual([['temporal', TASK_QUEUES.WEBHOOKS, 'workflow,activity']]);
    for (const t of render.spec.triggers) {
      expect(t.metadata).toMatchObject({
        endpoint: 'acme.a1b2c.tmprl.cloud:7233',
        namespace: 'acme.a1b2c',
        targetQueueSize: '3',
        activationTargetQueueSize: '0',
        tlsServerName: 'acme.a1b2c.tmprl.cloud',
      });
      expect(t.authenticationRef).toEqual({ name: `${WORKERS['render-worker']}-temporal` });
    }
    const hpaTargets = byKind(objs, 'HorizontalPodAutoscaler').map((h) => h.spec.scaleTargetRef.name);
    for (const name of Object.values(WORKERS)) expect(hpaTargets).not.toContain(name);
    expect(hpaTargets).toContain('rp-render-platform-api');
    // replicas are left to the autoscaler
    for (const name of Object.values(WORKERS)) expect(find(objs, 'Deployment', name).spec.replicas).toBeUndefined();
  });

  it('hands KEDA the client certificate from the same Secret the pods mount (mTLS, no CA file)', () => {
    const auth = find(objs, 'TriggerAuthentication', `${WORKERS['render-worker']}-temporal`);
    expect(auth.spec.secretTargetRef).toEqual([
      { parameter: 'cert', name: 'temporal-client-tls', key: 'tls.crt' },
      { parameter: 'key', name: 'temporal-client-tls', key: 'tls.key' },
    ]);
  });

  it('keeps the CPU HPA as the default and never renders both for one Deployment', () => {
    const defaults = renderChart();
    expect(byKind(defaults, 'ScaledObject')).toEqual([]);
    expect(byKind(defaults, 'HorizontalPodAutoscaler').map((h) => h.spec.scaleTargetRef.name).sort()).toEqual(
      ['rp-render-platform-api', ...Object.values(WORKERS)].sort(),
    );
    const one = renderChart({ set: ['webhookWorker.keda.enabled=true'] });
    expect(byKind(one, 'ScaledObject').map((o) => o.metadata.name)).toEqual([WORKERS['webhook-worker']]);
    expect(byKind(one, 'HorizontalPodAutoscaler').map((h) => h.spec.scaleTargetRef.name)).not.toContain(WORKERS['webhook-worker']);
    expect(byKind(one, 'TriggerAuthentication')).toEqual([]);
  });
});

describe('helm chart: the workers\' Temporal worker tuner', () => {
  it('is fixed by default in both workers, with the resource-based targets beside it', () => {
    const objs = renderChart();
    for (const svc of ['render-worker', 'webhook-worker'] as const) {
      expect(configValue(objs, svc, 'WORKER_TUNER')).toBe('fixed');
      expect([configValue(objs, svc, 'WORKER_TUNER_TARGET_CPU'), configValue(objs, svc, 'WORKER_TUNER_TARGET_MEMORY')]).toEqual(['0.8', '0.8']);
    }
    expect(configValue(objs, 'render-worker', 'BROWSER_POOL_SIZE')).toBe('3');
  });

  it('resource-based from the values, per worker (the KEDA set: render worker only)', () => {
    const objs = renderChart({ valuesFiles: [PRODUCTION_VALUES, KEDA_MTLS_VALUES] });
    expect(configValue(objs, 'render-worker', 'WORKER_TUNER')).toBe('resource-based');
    expect(configValue(objs, 'render-worker', 'WORKER_TUNER_TARGET_CPU')).toBe('0.75');
    expect(configValue(objs, 'webhook-worker', 'WORKER_TUNER')).toBe('fixed');
  });
});

describe('helm chart: external Temporal TLS', () => {
  it('is off by default: TEMPORAL_TLS=0, no files, no mount', () => {
    const objs = renderChart();
    for (const svc of SERVICE_NAMES) {
      expect(configValue(objs, svc, 'TEMPORAL_TLS')).toBe('0');
      expect(configValue(objs, svc, 'TEMPORAL_TLS_CERT_FILE')).toBe('');
      expect(podOf(objs, svc).pod.volumes.map((v: { name: string }) => v.name)).not.toContain('temporal-tls');
    }
  });

  it('mounts the Secret read-only in every service and points TEMPORAL_TLS_* at its files', () => {
    const objs = renderChart({ valuesFiles: [PRODUCTION_VALUES, KEDA_MTLS_VALUES] });
    for (const svc of SERVICE_NAMES) {
      expect(configValue(objs, svc, 'TEMPORAL_TLS')).toBe('1');
      expect(configValue(objs, svc, 'TEMPORAL_TLS_SERVER_NAME')).toBe('acme.a1b2c.tmprl.cloud');
      expect(configValue(objs, svc, 'TEMPORAL_TLS_CA_FILE')).toBe('');
      expect(configValue(objs, svc, 'TEMPORAL_TLS_CERT_FILE')).toBe('/etc/temporal-tls/tls.crt');
      expect(configValue(objs, svc, 'TEMPORAL_TLS_KEY_FILE')).toBe('/etc/temporal-tls/tls.key');
      const { pod, container } = podOf(objs, svc);
      expect(pod.volumes).toContainEqual({ name: 'temporal-tls', secret: { secretName: 'temporal-client-tls', defaultMode: 0o440 } });
      expect(container.volumeMounts).toContainEqual({ name: 'temporal-tls', mountPath: '/etc/temporal-tls', readOnly: true });
    }
  });

  it('a private CA without a client certificate: a CA file, no client pair', () => {
    const objs = renderChart({ set: ['temporal.tls.enabled=true', 'temporal.tls.existingSecret=temporal-ca'] });
    expect(configValue(objs, 'api', 'TEMPORAL_TLS_CA_FILE')).toBe('/etc/temporal-tls/ca.crt');
    expect(configValue(objs, 'api', 'TEMPORAL_TLS_KEY_FILE')).toBe('');
  });

  it('refuses mTLS without a Secret or without TLS', () => {
    expect(renderChartError({ set: ['temporal.tls.enabled=true', 'temporal.tls.mtls=true'] })).toMatch(/mtls needs temporal.tls.existingSecret/);
    expect(renderChartError({ set: ['temporal.tls.mtls=true', 'temporal.tls.existingSecret=x'] })).toMatch(/mtls needs temporal.tls.enabled/);
  });
});
