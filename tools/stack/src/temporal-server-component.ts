import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { createDb } from '@rp/db';
import { ManagedProcess, httpOk, readyOrStopped, waitUntil, type Component, type ExitInfo } from './managed-process';
import { STACK_MARKER_ENV, type StackSettings } from './profiles';
import { ensureNamespaceAndSearchAttributes } from './temporal-namespace';
import {
  TEMPORAL_DATABASES,
  TEMPORAL_SCHEMAS,
  sqlToolSteps,
  temporalDynamicConfig,
  temporalServerConfig,
  temporalUiConfig,
} from './temporal-server-config';

/** The env name of the config files (`<dir>/cluster.yaml`). */
const CONFIG_ENV = 'cluster';

function runTool(bin: string, args: string[], logFile: string): Promise<void> {
  return new Promise((resolve, reject) => {
    execFile(bin, args, (err, stdout, stderr) => {
      fs.appendFileSync(logFile, `$ ${path.basename(bin)} ${args.join(' ')}\n${stdout}${stderr}`);
      if (err) reject(new Error(`${path.basename(bin)} ${args.slice(-3).join(' ')} failed: ${stderr.trim() || err.message}`));
      else resolve();
    });
  });
}

/**
 * The cluster profile's Temporal: the server built from go.temporal.io/server (one process, all four services) on
 * the stack's Postgres. Before its first start it sets up its two databases with Temporal's sql tool; once it
 * answers, it registers the namespace and the search attributes through the frontend (temporal-namespace.ts).
 */
export class TemporalServerComponent implements Component {
  readonly name = 'temporal';
  proc: ManagedProcess | null = null;
  private readonly logFile: string;
  private readonly dir: string;
  private schemaReady = false;

  constructor(
    private readonly s: StackSettings,
    private readonly bins: { server: string; sqlTool: string },
    private readonly pg: { port: number; user: string; adminUrl: string },
    private readonly onExit: (p: ManagedProcess, info: ExitInfo) => void,
  ) {
    this.logFile = path.join(s.logsDir, 'temporal.log');
    this.dir = path.join(s.dataDir, 'temporal');
  }

  get address(): string {
    return `127.0.0.1:${this.s.ports.temporal}`;
  }

  get uiUrl(): string {
    return `http://127.0.0.1:${this.s.ports.temporalUi}`;
  }

  /** Creates and migrates Temporal's databases (once per supervisor; update-schema is a no-op when current). */
  private async ensureSchema(): Promise<void> {
    if (this.schemaReady) return;
    const db = createDb(this.pg.adminUrl, { poolMax: 1 });
    let existing: Set<string>;
    try {
      const { rows } = await db.raw('select datname from pg_database');
      existing = new Set((rows as { datname: string }[]).map((r) => r.datname));
    } finally {
      await db.destroy();
    }
    for (const key of ['persistence', 'visibility'] as const) {
      const name = TEMPORAL_DATABASES[key];
      for (const args of sqlToolSteps(this.pg, name, TEMPORAL_SCHEMAS[key], !existing.has(name))) {
        await runTool(this.bins.sqlTool, args, this.logFile);
      }
    }
    this.schemaReady = true;
  }

  private writeConfig(): void {
    fs.mkdirSync(this.dir, { recursive: true });
    const dynamicFile = path.join(this.dir, 'dynamic-config.yaml');
    fs.writeFileSync(dynamicFile, `${JSON.stringify(temporalDynamicConfig(), null, 2)}\n`);
    const config = temporalServerConfig(this.s, this.pg, dynamicFile);
    fs.writeFileSync(path.join(this.dir, `${CONFIG_ENV}.yaml`), `${JSON.stringify(config, null, 2)}\n`);
  }

  async start(): Promise<void> {
    await this.ensureSchema();
    this.writeConfig();
    this.proc = new ManagedProcess(
      {
        name: this.name,
        command: this.bins.server,
        args: ['--root', this.dir, '--config', '.', '--env', CONFIG_ENV, '--allow-no-auth', 'start'],
        env: { ...process.env, [STACK_MARKER_ENV]: this.s.dataDir },
        logFile: this.logFile,
        graceMs: 20_000,
      },
      this.onExit,
    );
    this.proc.start();
    const proc = this.proc;
    const opts = { timeoutMs: this.s.readyTimeoutMs, intervalMs: 500, alive: () => proc.running };
    await readyOrStopped(proc, this.logFile, () =>
      waitUntil('temporal', () => ensureNamespaceAndSearchAttributes(this.address, this.s.temporalNamespace, true), opts),
    );
  }

  async stop(): Promise<void> {
    await this.proc?.stop();
  }
}

/** The Temporal UI server (github.com/temporalio/ui-server), a process of its own in the cluster profile. */
export class TemporalUiComponent implements Component {
  readonly name = 'temporal-ui';
  proc: ManagedProcess | null = null;
  private readonly logFile: string;
  private readonly dir: string;

  constructor(
    private readonly s: StackSettings,
    private readonly bin: string,
    private readonly onExit: (p: ManagedProcess, info: ExitInfo) => void,
  ) {
    this.logFile = path.join(s.logsDir, 'temporal-ui.log');
    this.dir = path.join(s.dataDir, 'temporal-ui');
  }

  get url(): string {
    return `http://127.0.0.1:${this.s.ports.temporalUi}`;
  }

  async start(): Promise<void> {
    fs.mkdirSync(this.dir, { recursive: true });
    fs.writeFileSync(path.join(this.dir, `${CONFIG_ENV}.yaml`), `${JSON.stringify(temporalUiConfig(this.s), null, 2)}\n`);
    this.proc = new ManagedProcess(
      {
        name: this.name,
        command: this.bin,
        args: ['--root', this.dir, '--config', '.', '--env', CONFIG_ENV, 'start'],
        env: { ...process.env, [STACK_MARKER_ENV]: this.s.dataDir },
        logFile: this.logFile,
        graceMs: 5000,
      },
      this.onExit,
    );
    this.proc.start();
    const proc = this.proc;
    await readyOrStopped(proc, this.logFile, async () => {
      await waitUntil('temporal ui', () => httpOk(this.url), { timeoutMs: this.s.readyTimeoutMs, intervalMs: 500, alive: () => proc.running });
    });
  }

  async stop(): Promise<void> {
    await this.proc?.stop();
  }
}
