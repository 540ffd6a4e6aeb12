import path from 'node:path';
import { SEARCH_ATTRIBUTES } from '@rp/workflow-safe';
import { ManagedProcess, httpOk, readyOrStopped, waitUntil, type Component, type ExitInfo } from './managed-process';
import { STACK_MARKER_ENV, type StackSettings } from './profiles';
import { ensureNamespaceAndSearchAttributes } from './temporal-namespace';

/** Extra `--dynamic-config-value` pairs from STACK_TEMPORAL_DYNAMIC_CONFIG ("k1=v1;k2=v2", values are JSON). */
export function dynamicConfigArgs(raw: string | undefined): string[] {
  return (raw ?? '')
    .split(';')
    .map((kv) => kv.trim())
    .filter(Boolean)
    .flatMap((kv) => ['--dynamic-config-value', kv]);
}

/**
 * WAL lets readers and the writer run at once (rollback-journal mode serialises them: the measured bottleneck of
 * workflow starts). synchronous=NORMAL in WAL mode survives a process kill whole; an OS crash may lose the newest
 * transactions, which Postgres (the record of acceptance, fully synced) and the sweeper make good. The test
 * profile is throwaway and skips syncing altogether.
 */
export function sqlitePragmaArgs(durability: StackSettings['durability']): string[] {
  const sync = durability === 'fast' ? 'off' : 'normal';
  return ['--sqlite-pragma', 'journal_mode=wal', '--sqlite-pragma', `synchronous=${sync}`];
}

export function temporalArgs(s: StackSettings, dbFile: string, env: NodeJS.ProcessEnv = process.env): string[] {
  const attrs = Object.entries(SEARCH_ATTRIBUTES).flatMap(([k, t]) => ['--search-attribute', `${k}=${t}`]);
  return [
    'server',
    'start-dev',
    '--ip',
    '127.0.0.1',
    '--port',
    String(s.ports.temporal),
    '--ui-port',
    String(s.ports.temporalUi),
    '--db-filename',
    dbFile,
    '--log-level',
    'warn',
    ...attrs,
    ...sqlitePragmaArgs(s.durability),
    // task priorities and per-org fairness keys (RENDER_PRIORITY in @rp/workflow-safe) need the new matcher with fairness
    '--dynamic-config-value',
    'matching.enableFairness=true',
    // one partition per task queue: priority and fairness order one backlog instead of four, and a task never
    // waits to be forwarded between partitions (the dev server forwards at most 10/s); one machine needs no more
    '--dynamic-config-value',
    'matching.numTaskqueueReadPartitions=1',
    '--dynamic-config-value',
    'matching.numTaskqueueWritePartitions=1',
    ...dynamicConfigArgs(env.STACK_TEMPORAL_DYNAMIC_CONFIG),
  ];
}

export class TemporalComponent implements Component {
  readonly name = 'temporal';
  proc: ManagedProcess | null = null;
  private readonly logFile: string;

  constructor(
    private readonly s: StackSettings,
    private readonly bin: string,
    private readonly onExit: (p: ManagedProcess, info: ExitInfo) => void,
  ) {
    this.logFile = path.join(s.logsDir, 'temporal.log');
  }

  get address(): string {
    return `127.0.0.1:${this.s.ports.temporal}`;
  }

  get uiUrl(): string {
    return `http://127.0.0.1:${this.s.ports.temporalUi}`;
  }

  async start(): Promise<void> {
    this.proc = new ManagedProcess(
      {
        name: this.name,
        command: this.bin,
        args: temporalArgs(this.s, path.join(this.s.dataDir, 'temporal.db')),
        env: { ...process.env, [STACK_MARKER_ENV]: this.s.dataDir },
        logFile: this.logFile,
        graceMs: 20_000,
      },
      this.onExit,
    );
    this.proc.start();
    const proc = this.proc;
    const opts = { timeoutMs: this.s.readyTimeoutMs, intervalMs: 500, alive: () => proc.running };
    await readyOrStopped(proc, this.logFile, async () => {
      await waitUntil('temporal', () => ensureNamespaceAndSearchAttributes(this.address, this.s.temporalNamespace, false), opts);
      await waitUntil('temporal ui', () => httpOk(this.uiUrl), opts);
    });
  }

  async stop(): Promise<void> {
    await this.proc?.stop();
  }
}
