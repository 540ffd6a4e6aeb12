import fs from 'node:fs';
import path from 'node:path';
import { serviceHeapFlags, serviceNodeOptions } from '@rp/config';
import { ManagedProcess, delay, httpOk, tailFile, waitUntil, type Component, type ExitInfo } from './managed-process';
import {
  STACK_MARKER_ENV,
  apiInstancePort,
  apiOpsPort,
  renderWorkerHealthPort,
  temporalMetricsPort,
  webhookWorkerHealthPort,
  type ServiceKind,
  type StackSettings,
} from './profiles';

export type { ServiceKind } from './profiles';

/** Extra env for one service: `API_FOO=1` reaches the API as `FOO=1` (and so on for the workers). */
export const SERVICE_ENV_PREFIX: Record<ServiceKind, string> = {
  api: 'API_',
  'render-worker': 'RENDER_WORKER_',
  'webhook-worker': 'WEBHOOK_WORKER_',
};

const UNUSED_SECRETS: Record<ServiceKind, string[]> = {
  api: [],
  'render-worker': ['FILE_URL_SECRET'],
  'webhook-worker': ['MINIO_ACCESS_KEY', 'MINIO_SECRET_KEY'],
};

const DEFAULT_GRACE_MS: Record<ServiceKind, number> = { api: 10_000, 'render-worker': 30_000, 'webhook-worker': 30_000 };

export interface StackCoordinates {
  databaseUrl: string;
  temporalAddress: string;
  temporalNamespace: string;
  minioEndpoint: string;
  fileUrlSecret: string;
  apiUrl: string;
}

/**
 * "render-worker-2" -> { kind: 'render-worker', instance: 2 }. Any render worker instance may be started (tests
 * add workers); further API and webhook worker instances only up to the profile's replicas (`maxInstance`).
 */
export function parseServiceName(name: string, maxInstance = 1): { kind: ServiceKind; instance: number } | null {
  const m = /^(api|render-worker|webhook-worker)(?:-(\d+))?$/.exec(name);
  if (!m) return null;
  const instance = m[2] ? Number(m[2]) : 1;
  if (instance < 1 || (m[1] !== 'render-worker' && instance > maxInstance)) return null;
  return { kind: m[1] as ServiceKind, instance };
}

/** The process names of every service instance a profile starts: api, api-2, render-worker, render-worker-2, ... */
export function serviceInstanceNames(kinds: readonly ServiceKind[], replicas: number): string[] {
  return kinds.flatMap((k) => Array.from({ length: replicas }, (_, i) => (i === 0 ? k : `${k}-${i + 1}`)));
}

/** Pure: the env a service process gets. Later layers win: inherited < computed < profile < prefixed overrides. */
export function buildServiceEnv(
  name: string,
  s: StackSettings,
  c: StackCoordinates,
  baseEnv: NodeJS.ProcessEnv,
): Record<string, string> {
  const parsed = parseServiceName(name, s.replicas);
  if (!parsed) throw new Error(`unknown service "${name}"`);
  const { kind, instance } = parsed;
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(baseEnv)) if (v !== undefined) env[k] = v;
  Object.assign(env, {
    DATABASE_URL: c.databaseUrl,
    TEMPORAL_ADDRESS: c.temporalAddress,
    TEMPORAL_NAMESPACE: c.temporalNamespace,
    MINIO_ENDPOINT: c.minioEndpoint,
    MINIO_ACCESS_KEY: s.minio.rootUser,
    MINIO_SECRET_KEY: s.minio.rootPassword,
    MINIO_BUCKET: s.minio.bucket,
    PUBLIC_API_URL: c.apiUrl,
    FILE_URL_SECRET: c.fileUrlSecret,
    [STACK_MARKER_ENV]: s.dataDir,
  });
  // each service gets only the secrets it reads, as in the Helm chart (docs/security.md)
  for (const k of UNUSED_SECRETS[kind]) delete env[k];
  if (kind === 'api') {
    const port = apiInstancePort(s, instance);
    Object.assign(env, { PORT: String(port), OPS_PORT: String(apiOpsPort(port)) });
  }
  if (kind === 'render-worker') env.HEALTH_PORT = String(renderWorkerHealthPort(s, instance));
  if (kind === 'webhook-worker') env.HEALTH_PORT = String(webhookWorkerHealthPort(s, instance));
  if (kind !== 'api') env.TEMPORAL_METRICS_PORT = String(temporalMetricsPort(Number(env.HEALTH_PORT)));
  Object.assign(env, s.serviceEnv, s.kindEnv[kind] ?? {});
  const prefix = SERVICE_ENV_PREFIX[kind];
  for (const [k, v] of Object.entries(baseEnv)) {
    if (k.startsWith(prefix) && k.length > prefix.length && v !== undefined) env[k.slice(prefix.length)] = v;
  }
  // the V8 flags the container images run the services with, after whatever options were given, and the heap flags
  // an image's start adds for its memory limit (here the service's setting, else the default: no cgroup limit)
  env.NODE_OPTIONS = serviceNodeOptions(env.NODE_OPTIONS, serviceHeapFlags(kind, env).filter(takenInNodeOptions));
  return env;
}

/** Whether Node takes a flag in NODE_OPTIONS: it refuses some V8 flags there (`--initial-old-space-size`). */
const takenInNodeOptions = (flag: string) => process.allowedNodeEnvironmentFlags.has(flag.split('=')[0]!);

/** A service's own V8 flags that Node refuses in NODE_OPTIONS: given on its command line, as its image's start does. */
export const serviceCommandFlags = (kind: ServiceKind, env: Record<string, string>): string[] => serviceHeapFlags(kind, env).filter((f) => !takenInNodeOptions(f));

export class ServiceComponent implements Component {
  proc: ManagedProcess | null = null;
  readonly kind: ServiceKind;
  readonly entry: string;
  private readonly logFile: string;

  constructor(
    readonly name: string,
    private readonly s: StackSettings,
    private readonly coords: () => StackCoordinates,
    private readonly onExit: (p: ManagedProcess, info: ExitInfo) => void,
    private readonly log: (msg: string) => void,
  ) {
    const parsed = parseServiceName(name, s.replicas);
    if (!parsed) throw new Error(`unknown service "${name}"`);
    this.kind = parsed.kind;
    this.entry = path.join(s.repoRoot, 'services', this.kind, 'dist', 'main.js');
    this.logFile = path.join(s.logsDir, `${name}.log`);
  }

  /** Service entry points are built by `npm run build`; a missing one is skipped with a warning. */
  get available(): boolean {
    return fs.existsSync(this.entry);
  }

  env(): Record<string, string> {
    return buildServiceEnv(this.name, this.s, this.coords(), process.env);
  }

  healthUrl(env = this.env()): string | null {
    const port = this.kind === 'api' ? env.PORT : env.HEALTH_PORT;
    if (!port || port === '0') return null;
    return `http://127.0.0.1:${port}/healthz`;
  }

  /** The API's ops port (/metrics, the detailed /readyz); null for the workers, whose HEALTH_PORT serves both. */
  opsUrl(env = this.env()): string | null {
    return this.kind === 'api' && env.OPS_PORT && env.OPS_PORT !== '0' ? `http://127.0.0.1:${env.OPS_PORT}` : null;
  }

  async start(): Promise<void> {
    if (!this.available) throw new Error(`${this.name}: ${path.relative(this.s.repoRoot, this.entry)} not found (run npm run build)`);
    const env = this.env();
    const grace = Number(env.SHUTDOWN_GRACE_MS) || DEFAULT_GRACE_MS[this.kind];
    this.proc = new ManagedProcess(
      {
        name: this.name,
        command: process.execPath,
        args: [...serviceCommandFlags(this.kind, env), this.entry],
        env,
        cwd: this.s.repoRoot,
        logFile: this.logFile,
        graceMs: grace + 5000,
      },
      this.onExit,
    );
    this.proc.start();
    const proc = this.proc;
    const url = this.healthUrl(env);
    if (!url) {
      await delay(3000); // no health endpoint to ask: give it a moment and check it is still alive
      if (!proc.running) throw new Error(`${this.name} exited at start\n--- ${this.logFile} ---\n${tailFile(this.logFile)}`);
      return;
    }
    try {
      // the API is up when both its ports answer (the public one and the ops one the probes use)
      const ops = this.opsUrl(env);
      const up = async () => (await httpOk(url)) && (!ops || (await httpOk(`${ops}/healthz`)));
      await waitUntil(this.name, up, { timeoutMs: this.s.readyTimeoutMs, alive: () => proc.running });
    } catch (e) {
      if (this.kind !== 'api' && proc.running) {
        this.log(`warning: ${this.name} is running but ${url} never answered; continuing`);
        return;
      }
      await proc.stop();
      throw new Error(`${(e as Error).message}\n--- ${this.logFile} ---\n${tailFile(this.logFile)}`);
    }
  }

  async stop(): Promise<void> {
    await this.proc?.stop();
  }
}
