// What the chart tests share: the services the chart deploys and how to read a rendered release.
import { apiEnvSchema } from '@rp/api';
import { renderWorkerEnvSchema } from '@rp/render-worker';
import { webhookWorkerEnvSchema } from '@rp/webhook-worker';
import { PRODUCTION_VALUES, renderChart, writeTempValues, type K8sObject } from './helm';

export const SERVICES = {
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
export type ServiceName = keyof typeof SERVICES;
export const SERVICE_NAMES = Object.keys(SERVICES) as ServiceName[];

export const SECRET_ENV = ['DATABASE_URL', 'MINIO_ACCESS_KEY', 'MINIO_SECRET_KEY', 'FILE_URL_SECRET'];
/** The secrets each workload reads: nothing else of the Secret reaches it. */
export const SECRETS_OF: Record<ServiceName | 'migrate', string[]> = {
  api: SECRET_ENV,
  'render-worker': ['DATABASE_URL', 'MINIO_ACCESS_KEY', 'MINIO_SECRET_KEY'],
  'webhook-worker': ['DATABASE_URL', 'FILE_URL_SECRET'],
  migrate: ['DATABASE_URL', 'MINIO_ACCESS_KEY', 'MINIO_SECRET_KEY'],
};
export const HOOK_PHASES = 'pre-install,pre-upgrade';

export const byKind = (objs: K8sObject[], kind: string) => objs.filter((o) => o.kind === kind);
export const find = (objs: K8sObject[], kind: string, name: string) => {
  const o = objs.find((x) => x.kind === kind && x.metadata.name === name);
  if (!o) throw new Error(`${kind}/${name} not rendered`);
  return o;
};
export const isHook = (o: K8sObject) => Boolean(o.metadata.annotations?.['helm.sh/hook']);

export interface EnvSource {
  name: string;
  from: string;
}

/**
 * Every env name a container gets, with where it comes from: explicit env, envFrom ConfigMaps and Secrets
 * (resolved against the rendered objects; an envFrom on an object the chart does not render is an error).
 */
export function containerEnv(objs: K8sObject[], container: { env?: unknown[]; envFrom?: unknown[] }): EnvSource[] {
  const out: EnvSource[] = [];
  for (const e of (container.env ?? []) as { name: string; valueFrom?: { secretKeyRef?: { name: string } } }[]) {
    out.push({ name: e.name, from: e.valueFrom?.secretKeyRef ? `secret:${e.valueFrom.secretKeyRef.name}` : 'env' });
  }
  for (const ef of (container.envFrom ?? []) as {
    prefix?: string;
    configMapRef?: { name: string };
    secretRef?: { name: string };
  }[]) {
    if (ef.prefix !== undefined) throw new Error(`envFrom prefix ${ef.prefix}: env names would not match the service`);
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

export function podOf(objs: K8sObject[], svc: ServiceName) {
  const d = find(objs, 'Deployment', SERVICES[svc].deployment);
  const pod = d.spec.template.spec;
  const container = pod.containers.find((c: { name: string }) => c.name === SERVICES[svc].container);
  if (!container) throw new Error(`container ${SERVICES[svc].container} missing in ${d.metadata.name}`);
  return { deployment: d, pod, container };
}

export function configValue(objs: K8sObject[], svc: ServiceName, key: string): string {
  const { container } = podOf(objs, svc);
  for (const ef of container.envFrom ?? []) {
    if (!ef.configMapRef) continue;
    const v = find(objs, 'ConfigMap', ef.configMapRef.name).data?.[key];
    if (v !== undefined) return v;
  }
  throw new Error(`${key} not in ${svc}'s ConfigMaps`);
}

/** An external Temporal over mTLS and KEDA on both workers (deploy/helm/render-platform/ci). */
export const KEDA_MTLS_VALUES = PRODUCTION_VALUES.replace(/production-values\.yaml$/, 'keda-mtls-values.yaml');

export const VALUE_SETS: [string, string[]][] = [
  ['default values', []],
  ['production values', [PRODUCTION_VALUES]],
  ['production values, KEDA and mTLS', [PRODUCTION_VALUES, KEDA_MTLS_VALUES]],
];

/** `helm template` with the given YAML as the only values file. */
export function renderWith(values: string): K8sObject[] {
  const { file, cleanup } = writeTempValues(values);
  try {
    return renderChart({ valuesFiles: [file] });
  } finally {
    cleanup();
  }
}
