import fs from 'node:fs';
import path from 'node:path';
import type { ProcessStatus, StackInfo, StackStatus } from './control-client';
import { ApiProxy } from './api-proxy';
import { CrashRestarter } from './crash-restarter';
import { delay, type Component, type ExitInfo, type ManagedProcess } from './managed-process';
import { liveSupervisorPid, reapStackProcesses } from './orphan-reaper';
import { assertPreflight, isPortFree } from './preflight';
import { apiInstancePort, apiOpsPort, type StackSettings } from './profiles';
import { SERVICE_RESTART_POLICY } from './restart-policy';
import { migrateAndSeed, persistentSecret, type SeedResult } from './seed';
import { setupReport } from './setup-report';
import { ServiceComponent, parseServiceName, type StackCoordinates } from './service-component';
import { wipeDir } from './wipe-dir';
import { writeJsonAtomic } from './write-json-atomic';
import { createInfra, profileBinaries, profilePorts, profileServices, type Infra } from './stack-layout';

const TERMINATING = new Set<NodeJS.Signals>(['SIGKILL', 'SIGTERM', 'SIGINT', 'SIGQUIT']);

export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** Starts, watches and stops the whole embedded stack; the control server drives it in tests. */
export class StackSupervisor {
  private readonly components = new Map<string, Component>();
  private readonly locks = new Map<string, Promise<unknown>>();
  private infra!: Infra;
  /** The API replicas' one address (cluster profile); null when one API listens on the API port itself. */
  private apiProxy: ApiProxy | null = null;
  private fileUrlSecret = '';
  private seed: SeedResult | null = null;
  private shuttingDown = false;
  private shutdownPromise: Promise<void> | null = null;
  private readonly restarter: CrashRestarter;
  ready = false;
  readonly stackFile: string;
  private readonly pidFile: string;

  constructor(
    readonly s: StackSettings,
    readonly log: (msg: string) => void,
  ) {
    this.stackFile = path.join(s.dataDir, 'stack.json');
    this.pidFile = path.join(s.dataDir, 'supervisor.pid');
    this.restarter = new CrashRestarter(SERVICE_RESTART_POLICY, log);
  }

  /** Checks binaries and ports, clears leftovers, prepares the data dir. Throws PreflightError. */
  async prepare(): Promise<void> {
    const { s } = this;
    const other = liveSupervisorPid(this.pidFile);
    if (other) throw new Error(`another stack supervisor (pid ${other}) is running with data dir ${s.dataDir}`);
    await reapStackProcesses(s.dataDir, this.log);

    const bins = profileBinaries(s);
    await assertPreflight(profilePorts(s), Object.values(bins));

    if (s.wipeDataDir) wipeDir(s.dataDir, s.repoRoot);
    fs.mkdirSync(s.logsDir, { recursive: true });
    fs.rmSync(this.stackFile, { force: true });
    fs.writeFileSync(this.pidFile, `${process.pid}\n`);
    this.fileUrlSecret = persistentSecret(path.join(s.dataDir, 'file-url-secret'));

    const onExit = (p: ManagedProcess, info: ExitInfo) => this.onUnexpectedExit(p, info);
    this.infra = createInfra(s, bins, onExit, this.log);
    for (const c of this.infra.startGroups.flat()) this.components.set(c.name, c);
    for (const name of profileServices(s)) this.components.set(name, this.newService(name));
    if (s.replicas > 1) {
      const apis = () => profileServices(s).filter((n) => parseServiceName(n, s.replicas)?.kind === 'api');
      this.apiProxy = new ApiProxy(s.ports.api, () =>
        apis().map((n) => apiInstancePort(s, parseServiceName(n, s.replicas)!.instance)),
      );
    }
  }

  private newService(name: string): ServiceComponent {
    return new ServiceComponent(name, this.s, () => this.coordinates(), (p, i) => this.onUnexpectedExit(p, i), this.log);
  }

  coordinates(): StackCoordinates {
    return {
      databaseUrl: this.infra.postgres.databaseUrl,
      temporalAddress: this.infra.temporal.address,
      temporalNamespace: this.s.temporalNamespace,
      minioEndpoint: this.infra.minio.endpoint,
      fileUrlSecret: this.fileUrlSecret,
      apiUrl: `http://127.0.0.1:${this.s.ports.api}`,
    };
  }

  /**
   * A crash. A service of a ready stack is started again after a backoff, as the chart's pods are restarted; the
   * infrastructure (Postgres, MinIO, Temporal: outside the chart) is not.
   */
  private onUnexpectedExit(p: ManagedProcess, info: ExitInfo) {
    if (this.shuttingDown) return;
    const how = info.signal ? `signal ${info.signal}` : `code ${info.code}`;
    this.log(`${p.name} exited unexpectedly (${how}); see ${path.relative(process.cwd(), p.spec.logFile)}`);
    const c = this.components.get(p.name);
    if (!this.ready || !(c instanceof ServiceComponent)) return;
    this.restarter.crashed(p.name, Date.now() - p.startedAt, () =>
      this.withLock(p.name, async () => {
        // a deliberate start since the crash made a new process: that one stands
        if (this.shuttingDown || c.proc !== p) return;
        await c.start();
      }),
    );
  }

  /** Infra (in parallel where it can), then migrations + seed, then the services (and the API proxy). */
  async startAll(): Promise<void> {
    const t0 = Date.now();
    for (const group of this.infra.startGroups) {
      await this.timed(group.map((c) => c.name).join(', '), () => Promise.all(group.map((c) => this.withLock(c.name, () => c.start()))));
      this.assertNotShuttingDown();
    }
    this.seed = await this.timed('migrations + seed', () => migrateAndSeed(this.s, this.infra.postgres.databaseUrl));
    if (this.seed.migrationsApplied.length) this.log(`applied migrations: ${this.seed.migrationsApplied.join(', ')}`);
    this.assertNotShuttingDown();
    const skip = (process.env.STACK_SKIP_SERVICES ?? '').split(',').map((x) => x.trim());
    await this.apiProxy?.start();
    const services = profileServices(this.s).map((n) => this.components.get(n) as ServiceComponent).filter((svc) => {
      if (skip.includes(svc.name)) {
        this.log(`skipping ${svc.name} (STACK_SKIP_SERVICES)`);
        return false;
      }
      if (!svc.available) this.log(`warning: ${path.relative(this.s.repoRoot, svc.entry)} not built yet; skipping ${svc.name}`);
      return svc.available;
    });
    await this.timed(services.map((x) => x.name).join(', ') || 'no services', () =>
      Promise.all(services.map((svc) => this.withLock(svc.name, () => svc.start()))),
    );
    this.ready = true;
    writeJsonAtomic(this.stackFile, this.info());
    this.log(`ready in ${((Date.now() - t0) / 1000).toFixed(1)}s`);
    for (const line of setupReport(process.env, Date.now() - t0)) this.log(line);
  }

  private assertNotShuttingDown() {
    if (this.shuttingDown) throw new Error('interrupted by shutdown');
  }

  private async timed<T>(what: string, fn: () => Promise<T>): Promise<T> {
    const t = Date.now();
    this.log(`starting ${what}...`);
    const r = await fn();
    this.log(`${what} up (${((Date.now() - t) / 1000).toFixed(1)}s)`);
    return r;
  }

  info(): StackInfo {
    const { s } = this;
    const c = this.coordinates();
    const healthUrls: Record<string, string> = {};
    for (const [name, comp] of this.components) {
      if (comp instanceof ServiceComponent) {
        const url = comp.healthUrl();
        if (url) healthUrls[name] = url;
      }
    }
    return {
      profile: s.profile,
      pid: process.pid,
      apiUrl: c.apiUrl,
      apiKey: this.seed?.apiKey ?? '',
      orgId: this.seed?.orgId ?? '',
      databaseUrl: c.databaseUrl,
      temporalAddress: c.temporalAddress,
      temporalNamespace: c.temporalNamespace,
      temporalUiUrl: this.infra.temporal.uiUrl,
      minio: {
        endpoint: c.minioEndpoint,
        consoleUrl: this.infra.minio.consoleUrl,
        accessKey: s.minio.rootUser,
        secretKey: s.minio.rootPassword,
        bucket: s.minio.bucket,
      },
      controlUrl: s.controlPort ? `http://127.0.0.1:${s.controlPort}` : null,
      fileUrlSecret: this.fileUrlSecret,
      dataDir: s.dataDir,
      logsDir: s.logsDir,
      healthUrls,
      // with replicas: the first API's ops port (each replica has its own; the proxy carries only the public port)
      apiOpsUrl: `http://127.0.0.1:${apiOpsPort(apiInstancePort(s, 1))}`,
      ports: { ...s.ports },
      startedAt: new Date().toISOString(),
    };
  }

  status(): StackStatus {
    return { ready: this.ready, processes: [...this.components.keys()].map((n) => this.processStatus(n)) };
  }

  processStatus(name: string): ProcessStatus {
    const p = this.components.get(name)?.proc;
    return { name, pid: p?.pid ?? null, running: !!p?.running, crashes: this.restarter.crashes(name) };
  }

  private component(name: string, create = false): Component {
    const existing = this.components.get(name);
    if (existing) return existing;
    const parsed = parseServiceName(name, this.s.replicas);
    if (!create || !parsed) throw new HttpError(404, `unknown process "${name}"`);
    const svc = this.newService(name);
    this.components.set(name, svc);
    return svc;
  }

  /** One operation per process at a time: concurrent control calls queue up. */
  private withLock<T>(name: string, fn: () => Promise<T>): Promise<T> {
    const prev = this.locks.get(name) ?? Promise.resolve();
    const next = prev.catch(() => undefined).then(fn);
    this.locks.set(name, next);
    return next;
  }

  /** Sends the signal; for terminating signals waits (up to 5 s) until the process is gone. */
  async kill(name: string, signal: NodeJS.Signals): Promise<ProcessStatus> {
    const proc = this.component(name).proc;
    if (TERMINATING.has(signal)) this.restarter.cancel(name);
    if (proc?.kill(signal) && TERMINATING.has(signal)) {
      await Promise.race([proc.waitExit(), delay(5000)]);
    }
    return this.processStatus(name);
  }

  async start(name: string): Promise<ProcessStatus> {
    if (this.shuttingDown) throw new HttpError(409, 'stack is shutting down');
    const c = this.component(name, true);
    this.restarter.cancel(name);
    await this.withLock(name, async () => {
      if (c.proc?.running) return;
      if (c instanceof ServiceComponent) {
        const url = c.healthUrl();
        for (const u of [url, c.opsUrl()]) {
          const port = u ? Number(new URL(u).port) : 0;
          if (port && !(await isPortFree(port))) throw new HttpError(409, `port ${port} for ${name} is in use`);
        }
        if (!c.available) throw new HttpError(409, `${name} is not built (${c.entry})`);
      }
      await c.start();
    });
    return this.processStatus(name);
  }

  async stop(name: string): Promise<ProcessStatus> {
    const c = this.component(name);
    this.restarter.cancel(name);
    await this.withLock(name, () => c.stop());
    return this.processStatus(name);
  }

  async restart(name: string): Promise<ProcessStatus> {
    await this.stop(name);
    return this.start(name);
  }

  /** Services first (they drain work), then Temporal, MinIO, Postgres; finally any stray child. */
  shutdown(): Promise<void> {
    this.shutdownPromise ??= this.doShutdown();
    return this.shutdownPromise;
  }

  private async doShutdown(): Promise<void> {
    this.shuttingDown = true;
    this.ready = false;
    this.restarter.cancelAll();
    // let in-flight starts finish (or fail) so nothing is spawned behind our back
    await Promise.race([Promise.allSettled([...this.locks.values()]), delay(30_000)]);
    fs.rmSync(this.stackFile, { force: true });
    const services = [...this.components.values()].filter((c) => c instanceof ServiceComponent);
    this.log('stopping services...');
    await Promise.all(services.map((c) => c.stop().catch((e) => this.log(`${c.name}: ${(e as Error).message}`))));
    await this.apiProxy?.stop();
    for (const c of this.infra?.stopOrder ?? []) {
      if (!c.proc?.running) continue;
      this.log(`stopping ${c.name}...`);
      await c.stop().catch((e) => this.log(`${c.name}: ${(e as Error).message}`));
    }
    await reapStackProcesses(this.s.dataDir, this.log, 3000);
    fs.rmSync(this.pidFile, { force: true });
    this.log('stopped');
  }

  /** Second Ctrl-C: no more waiting. */
  forceKill(): void {
    for (const c of this.components.values()) c.proc?.kill('SIGKILL');
  }
}
