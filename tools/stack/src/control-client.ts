import fs from 'node:fs';

/** Everything a test or tool needs to reach a running stack: `<dataDir>/stack.json`. */
export interface StackInfo {
  profile: 'dev' | 'test' | 'bench' | 'cluster';
  /** Supervisor pid. */
  pid: number;
  apiUrl: string;
  apiKey: string;
  orgId: string;
  databaseUrl: string;
  temporalAddress: string;
  temporalNamespace: string;
  temporalUiUrl: string;
  minio: { endpoint: string; consoleUrl: string; accessKey: string; secretKey: string; bucket: string };
  /** null unless the supervisor was started with --control-port. */
  controlUrl: string | null;
  fileUrlSecret: string;
  dataDir: string;
  logsDir: string;
  /** Health endpoint per service name (api, render-worker, webhook-worker). */
  healthUrls: Record<string, string>;
  /** The API's ops port (OPS_PORT = API port + 1): `/metrics` and the detailed `/readyz`. */
  apiOpsUrl: string;
  ports: Record<string, number>;
  startedAt: string;
}

export interface ProcessStatus {
  name: string;
  pid: number | null;
  running: boolean;
  /** How often it crashed (exited unasked) since the stack started; the supervisor restarts crashed services. */
  crashes: number;
}

export interface StackStatus {
  ready: boolean;
  processes: ProcessStatus[];
}

let cached: { file: string; info: StackInfo } | null = null;

/** Reads the stack file named by STACK_FILE (set by scripts/test.sh and scripts/bench.sh). */
export function readStackInfo(file = process.env.STACK_FILE): StackInfo {
  if (!file) throw new Error('STACK_FILE is not set: run the tests with npm test (it starts the stack and sets it)');
  if (cached?.file === file) return cached.info;
  const info = JSON.parse(fs.readFileSync(file, 'utf8')) as StackInfo;
  cached = { file, info };
  return info;
}

async function call<T>(method: 'GET' | 'POST', pathAndQuery: string): Promise<T> {
  const { controlUrl } = readStackInfo();
  if (!controlUrl) throw new Error('the stack was started without --control-port');
  const res = await fetch(`${controlUrl}${pathAndQuery}`, { method });
  const text = await res.text();
  if (!res.ok) throw new Error(`stack control ${method} ${pathAndQuery} failed: ${res.status} ${text}`);
  return (text ? JSON.parse(text) : {}) as T;
}

/** Fault injection for tests: kill/start/restart stack processes (postgres, minio, temporal, api, workers). */
export const stackControl = {
  status: () => call<StackStatus>('GET', '/status'),
  /** Default SIGKILL. Returns at once; the process is gone when status() says running=false. */
  kill: (name: string, signal: NodeJS.Signals = 'SIGKILL') =>
    call<ProcessStatus>('POST', `/kill/${encodeURIComponent(name)}?signal=${encodeURIComponent(signal)}`),
  /** Starts the process (again) and resolves once it is ready (health endpoint answers). */
  start: (name: string) => call<ProcessStatus>('POST', `/start/${encodeURIComponent(name)}`),
  /** Graceful stop, then start; data persists. Resolves once ready. */
  restart: (name: string) => call<ProcessStatus>('POST', `/restart/${encodeURIComponent(name)}`),
  /** Graceful stop only. */
  stop: (name: string) => call<ProcessStatus>('POST', `/stop/${encodeURIComponent(name)}`),
};
