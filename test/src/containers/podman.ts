import { execFile, spawnSync } from 'node:child_process';
import { promisify } from 'node:util';
import { stringify } from 'yaml';
import { apiOpsPort } from '@rp/stack';
import type { StackInfo } from '../support/stack-info';
import { waitFor } from '@rp/test-kit';
import { renderChart, writeTempValues, type K8sObject } from '../helm/helm';
import { PODMAN_GLOBAL, podmanRun, type PodmanRun } from '../helm/pod-to-podman';

const run = promisify(execFile);

/** Tag scripts/images.sh gives the images (IMAGE_TAG, default dev). */
export const IMAGE_TAG = process.env.IMAGE_TAG || 'dev';
export const SERVICES = ['api', 'render-worker', 'webhook-worker'] as const;
export type Service = (typeof SERVICES)[number];
export const localImage = (svc: Service) => `localhost/render-platform/${svc}:${IMAGE_TAG}`;

export async function podman(args: string[], timeoutMs = 120_000): Promise<string> {
  const { stdout } = await run('podman', [...PODMAN_GLOBAL, ...args], { timeout: timeoutMs, maxBuffer: 64 * 1024 * 1024 });
  return stdout;
}

/** Like podman(), but returns the exit status and output instead of throwing. */
export function podmanSync(args: string[], timeoutMs = 300_000): { status: number; out: string } {
  const r = spawnSync('podman', [...PODMAN_GLOBAL, ...args], { encoding: 'utf8', timeout: timeoutMs, maxBuffer: 64 * 1024 * 1024 });
  return { status: r.status ?? -1, out: `${r.stdout ?? ''}${r.stderr ?? ''}` };
}

/**
 * The chart rendered for the running stack: image references point at the local images, every value the
 * services need comes from the stack (same env names the chart always sets), ports are the stack's test ports.
 * Everything else, resources.limits included, is the chart's own values; `overrides` is a further values file on
 * top (helm merges it in, as `-f` does), for a suite that needs another setting.
 */
export function renderForStack(info: StackInfo, overrides: object = {}): K8sObject[] {
  const p = info.ports;
  const values = {
    image: { registry: 'localhost', tag: IMAGE_TAG },
    temporal: { address: info.temporalAddress, namespace: info.temporalNamespace },
    minio: { endpoint: info.minio.endpoint, bucket: info.minio.bucket },
    publicApiUrl: info.apiUrl,
    // fixture servers and webhook receivers listen on 127.0.0.2 (as in the test profile)
    ssrfAllowCidrs: '127.0.0.2/32',
    secrets: {
      databaseUrl: info.databaseUrl,
      minioAccessKey: info.minio.accessKey,
      minioSecretKey: info.minio.secretKey,
      fileUrlSecret: info.fileUrlSecret,
    },
    // Host network: every port must be free on this machine, so the stack's test ports (+1 for the API's ops port,
    // +2 for SDK metrics: the same neighbours the embedded stack uses).
    api: { port: p.api, opsPort: apiOpsPort(p.api!), config: { HOST: '127.0.0.1' } },
    renderWorker: {
      healthPort: p.renderWorkerHealth,
      temporalMetricsPort: p.renderWorkerHealth! + 2,
      config: { VIDEO_CHUNK_FRAMES: 40 },
    },
    webhookWorker: {
      healthPort: p.webhookWorkerHealth,
      temporalMetricsPort: p.webhookWorkerHealth! + 2,
      config: { WEBHOOK_RETRY_SCHEDULE: '0,1s,1s,2s,2s' },
    },
  };
  const stack = writeTempValues(stringify(values));
  const extra = writeTempValues(stringify(overrides));
  try {
    return renderChart({ valuesFiles: [stack.file, extra.file] });
  } finally {
    stack.cleanup();
    extra.cleanup();
  }
}

export const owner = (objs: K8sObject[], kind: 'Deployment' | 'Job', component: string): K8sObject => {
  const o = objs.find((x) => x.kind === kind && x.metadata.labels?.['app.kubernetes.io/component'] === component);
  if (!o) throw new Error(`${kind} for ${component} is not rendered`);
  return o;
};

/** A container started from a chart pod; podman keeps it (no --rm) so its logs survive a failure. */
export class PodContainer {
  constructor(
    readonly name: string,
    readonly spec: PodmanRun,
  ) {}

  static async start(objs: K8sObject[], component: Service, prefix: string): Promise<PodContainer> {
    const name = `${prefix}-${component}`;
    const spec = podmanRun(objs, owner(objs, 'Deployment', component), {
      name,
      image: localImage(component),
      detach: true,
      labels: { 'rp.container-tier': prefix },
    });
    podmanSync(['rm', '-f', '-v', '-t', '0', name]);
    await podman(spec.args);
    const c = new PodContainer(name, spec);
    try {
      await c.waitReady();
    } catch (e) {
      // restarted whenever it exits, a container that never got ready would go on taking ports and tasks
      c.remove();
      throw e;
    }
    return c;
  }

  /** Every httpGet probe of the pod answers 200 on its port (startup and liveness: /healthz, readiness: /readyz). */
  async waitReady(timeoutMs = 120_000): Promise<void> {
    for (const probe of this.spec.probes) {
      await waitFor(
        async () => {
          if (!(await this.running())) throw new Error(`${this.name} exited:\n${await this.logs()}`);
          const res = await fetch(`http://127.0.0.1:${probe.port}${probe.path}`).catch(() => null);
          return res?.status === 200;
        },
        { timeoutMs, everyMs: 500, what: `${this.name} ${probe.probe} probe ${probe.path} on ${probe.port}` },
      );
    }
  }

  async running(): Promise<boolean> {
    return (await this.inspect('{{.State.Running}}')) === 'true';
  }

  async inspect(format: string): Promise<string> {
    return (await podman(['inspect', '--format', format, this.name])).trim();
  }

  async logs(): Promise<string> {
    return podmanSync(['logs', this.name]).out;
  }

  /** `podman stop`: SIGTERM, then SIGKILL after the chart's terminationGracePeriodSeconds. */
  async stop(): Promise<void> {
    await podman(['stop', '-t', String(this.spec.stopTimeoutSeconds), this.name], (this.spec.stopTimeoutSeconds + 30) * 1000);
  }

  async restart(): Promise<void> {
    await podman(['start', this.name]);
    await this.waitReady();
  }

  /** Removes the container with its anonymous volumes (its emptyDirs on disk). */
  remove(): void {
    podmanSync(['rm', '-f', '-v', '-t', '5', this.name]);
  }
}
