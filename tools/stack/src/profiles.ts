import { renderCacheDir } from './setup-report';
import path from 'node:path';

export type ProfileName = 'dev' | 'test' | 'bench' | 'cluster';
export type Durability = 'durable' | 'fast';
export const PROFILES: readonly ProfileName[] = ['dev', 'test', 'bench', 'cluster'];
export type ServiceKind = 'api' | 'render-worker' | 'webhook-worker';
export const SERVICE_KINDS: readonly ServiceKind[] = ['api', 'render-worker', 'webhook-worker'];

/** Every coordinate of one stack instance. Ports and dirs come from the profile, each overridable by env. */
export interface StackSettings {
  profile: ProfileName;
  repoRoot: string;
  dataDir: string;
  logsDir: string;
  /** test/bench start from an empty data dir every run. */
  wipeDataDir: boolean;
  /**
   * `durable` (dev, bench): Postgres syncs every commit; Temporal's SQLite runs WAL with synchronous=NORMAL.
   * `fast` (test only): no fsync anywhere. The contract each gives is in docs/stack.md ("Durability").
   */
  durability: Durability;
  ports: {
    postgres: number;
    minio: number;
    minioConsole: number;
    temporal: number;
    temporalUi: number;
    api: number;
    renderWorkerHealth: number;
    webhookWorkerHealth: number;
  };
  controlPort: number | null;
  minio: { rootUser: string; rootPassword: string; bucket: string };
  temporalNamespace: string;
  binDir: string;
  pgBinDir: string | null;
  /** Env every service gets on top of the computed one (profile-specific knobs). */
  serviceEnv: Record<string, string>;
  /** Env one kind of service gets on top of serviceEnv (the cluster profile's small pools). */
  kindEnv: Partial<Record<ServiceKind, Record<string, string>>>;
  /**
   * `dev`: the Temporal CLI's dev server (SQLite, built-in UI). `cluster`: the Temporal server on the stack's
   * Postgres (persistence and visibility) plus the UI server, set up as an operator would (docs/stack.md).
   */
  temporalMode: 'dev' | 'cluster';
  /** Instances of each service; more than one API sits behind the supervisor's round-robin TCP proxy. */
  replicas: number;
  readyTimeoutMs: number;
}

const BASE_PORTS: Record<ProfileName, StackSettings['ports']> = {
  dev: {
    postgres: 54329,
    minio: 9000,
    minioConsole: 9001,
    temporal: 7233,
    temporalUi: 8233,
    api: 8080,
    renderWorkerHealth: 9464,
    webhookWorkerHealth: 9465,
  },
  test: {
    postgres: 55432,
    minio: 19000,
    minioConsole: 19001,
    temporal: 17233,
    temporalUi: 18233,
    api: 18080,
    renderWorkerHealth: 19464,
    webhookWorkerHealth: 19465,
  },
  // bench = test + 100 so a bench run and a test run can coexist
  bench: {
    postgres: 55532,
    minio: 19100,
    minioConsole: 19101,
    temporal: 17333,
    temporalUi: 18333,
    api: 18180,
    renderWorkerHealth: 19564,
    webhookWorkerHealth: 19565,
  },
  // cluster = test + 200: beside a test and a bench run
  cluster: {
    postgres: 55632,
    minio: 19200,
    minioConsole: 19201,
    temporal: 17433,
    temporalUi: 18433,
    api: 18280,
    renderWorkerHealth: 19664,
    webhookWorkerHealth: 19665,
  },
};

/**
 * The cluster profile's small pools: two replicas of each worker share 2 cores, so each render worker keeps one
 * warm page and one activity slot (its batch child adds one more), instead of 3 pages and 2 slots; the webhook
 * workers run the resource-based worker tuner.
 */
export const CLUSTER_KIND_ENV: Partial<Record<ServiceKind, Record<string, string>>> = {
  'render-worker': { BROWSER_POOL_SIZE: '1', RENDER_CONCURRENCY: '1' },
  // I/O bound: the resource-based worker tuner (slots up to WEBHOOK_CONCURRENCY while CPU and memory allow), so the
  // cluster tier runs both of Temporal's slot suppliers (docs/deploy.md "Worker slots")
  'webhook-worker': { WEBHOOK_CONCURRENCY: '25', WORKER_TUNER: 'resource-based' },
};

/** Env variable that overrides each port. Documented in README.md ("Embedded stack"). */
export const PORT_ENV: Record<keyof StackSettings['ports'], string> = {
  postgres: 'STACK_PG_PORT',
  minio: 'STACK_MINIO_PORT',
  minioConsole: 'STACK_MINIO_CONSOLE_PORT',
  temporal: 'STACK_TEMPORAL_PORT',
  temporalUi: 'STACK_TEMPORAL_UI_PORT',
  api: 'STACK_API_PORT',
  renderWorkerHealth: 'STACK_RENDER_WORKER_HEALTH_PORT',
  webhookWorkerHealth: 'STACK_WEBHOOK_WORKER_HEALTH_PORT',
};

/** Marks every child with its stack so a later run can find processes orphaned by a killed supervisor. */
export const STACK_MARKER_ENV = 'RP_STACK_DATA_DIR';

/** Seconds-scale retries so webhook retry tests finish in seconds instead of hours. */
export const TEST_WEBHOOK_RETRY_SCHEDULE = '0,1s,1s,2s,2s';
/** Fixture servers and webhook receivers in tests listen on 127.0.0.2; everything else stays blocked. */
export const TEST_SSRF_ALLOW_CIDRS = '127.0.0.2/32';

export function parsePort(name: string, raw: string): number {
  const n = Number(raw);
  if (!/^\d+$/.test(raw) || n < 1 || n > 65535) throw new Error(`${name} must be a port number (1-65535)`);
  return n;
}

export function resolveSettings(
  profile: ProfileName,
  env: NodeJS.ProcessEnv,
  repoRoot: string,
  controlPort: number | null = null,
): StackSettings {
  const ports = { ...BASE_PORTS[profile] };
  for (const key of Object.keys(ports) as (keyof typeof ports)[]) {
    const raw = env[PORT_ENV[key]];
    if (raw) ports[key] = parsePort(PORT_ENV[key], raw);
  }
  if (controlPort === null && env.STACK_CONTROL_PORT) controlPort = parsePort('STACK_CONTROL_PORT', env.STACK_CONTROL_PORT);
  const dataDir = path.resolve(repoRoot, env.STACK_DATA_DIR || path.join('.stack', profile));
  const cacheDir = renderCacheDir(env);
  const isTestLike = profile !== 'dev';
  const serviceEnv: Record<string, string> = isTestLike
    ? { SSRF_ALLOW_CIDRS: TEST_SSRF_ALLOW_CIDRS, WEBHOOK_RETRY_SCHEDULE: TEST_WEBHOOK_RETRY_SCHEDULE, HOST: '127.0.0.1' }
    : {};
  return {
    profile,
    repoRoot,
    dataDir,
    logsDir: path.join(dataDir, 'logs'),
    wipeDataDir: isTestLike,
    // the bench measures what users run, so only the test profile may trade durability for speed
    durability: profile === 'test' ? 'fast' : 'durable',
    ports,
    controlPort,
    minio: {
      rootUser: env.MINIO_ROOT_USER || 'minioadmin',
      rootPassword: env.MINIO_ROOT_PASSWORD || 'minioadmin-secret',
      bucket: env.STACK_MINIO_BUCKET || 'renders',
    },
    temporalNamespace: 'default',
    binDir: env.STACK_BIN_DIR || path.join(cacheDir, 'bin'),
    pgBinDir: env.STACK_PG_BIN_DIR || null,
    serviceEnv,
    kindEnv: profile === 'cluster' ? CLUSTER_KIND_ENV : {},
    temporalMode: profile === 'cluster' ? 'cluster' : 'dev',
    replicas: profile === 'cluster' ? parseReplicas(env.STACK_REPLICAS) : 1,
    readyTimeoutMs: env.STACK_READY_TIMEOUT_MS ? Number(env.STACK_READY_TIMEOUT_MS) : 90_000,
  };
}

/**
 * A worker's Temporal core metrics port (TEMPORAL_METRICS_PORT): its health port + 2, so every profile and
 * every STACK_*_HEALTH_PORT override gets a free neighbour without another variable.
 */
export const temporalMetricsPort = (healthPort: number) => healthPort + 2;

/**
 * The API's ops port (OPS_PORT: /metrics, the detailed /readyz): its public port + 1, so every profile and every
 * STACK_API_PORT override gets a free neighbour without another variable.
 */
export const apiOpsPort = (apiPort: number) => apiPort + 1;

/** Health port of the n-th render worker instance (render-worker-2 -> base + 10). */
export const renderWorkerHealthPort = (s: StackSettings, instance: number) =>
  s.ports.renderWorkerHealth + (instance - 1) * 10;

/** Health port of the n-th webhook worker instance (webhook-worker-2 -> base + 10). */
export const webhookWorkerHealthPort = (s: StackSettings, instance: number) =>
  s.ports.webhookWorkerHealth + (instance - 1) * 10;

/**
 * Public port of the n-th API instance. One API listens on the API port itself; replicas listen on the API port
 * + 10·n (ops port one above), and the supervisor's proxy takes the API port.
 */
export const apiInstancePort = (s: StackSettings, instance: number) =>
  s.replicas > 1 ? s.ports.api + 10 * instance : s.ports.api + 10 * (instance - 1);

/** STACK_REPLICAS (cluster profile): instances of each service, 2 by default. */
export function parseReplicas(raw: string | undefined): number {
  if (!raw) return 2;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1 || n > 9) throw new Error('STACK_REPLICAS must be an integer from 1 to 9');
  return n;
}

/**
 * The Temporal server's own ports in the cluster profile, next to its frontend (the `temporal` port): the other
 * services' gRPC and membership ports, the frontend's HTTP API and the Prometheus metrics.
 */
export function temporalServerPorts(s: StackSettings) {
  const p = s.ports.temporal;
  return {
    frontendGrpc: p,
    historyGrpc: p + 1,
    matchingGrpc: p + 2,
    workerGrpc: p + 3,
    frontendMembership: p + 4,
    historyMembership: p + 5,
    matchingMembership: p + 6,
    workerMembership: p + 7,
    frontendHttp: p + 8,
    metrics: p + 9,
  };
}
