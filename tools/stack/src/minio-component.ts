import fs from 'node:fs';
import path from 'node:path';
import { ObjectStore } from '@rp/storage';
import { ManagedProcess, httpOk, readyOrStopped, waitUntil, type Component, type ExitInfo } from './managed-process';
import { STACK_MARKER_ENV, type StackSettings } from './profiles';

export class MinioComponent implements Component {
  readonly name = 'minio';
  proc: ManagedProcess | null = null;
  private readonly logFile: string;

  constructor(
    private readonly s: StackSettings,
    private readonly bin: string,
    private readonly onExit: (p: ManagedProcess, info: ExitInfo) => void,
  ) {
    this.logFile = path.join(s.logsDir, 'minio.log');
  }

  get endpoint(): string {
    return `http://127.0.0.1:${this.s.ports.minio}`;
  }

  get consoleUrl(): string {
    return `http://127.0.0.1:${this.s.ports.minioConsole}`;
  }

  store(): ObjectStore {
    return new ObjectStore({
      endpoint: this.endpoint,
      accessKey: this.s.minio.rootUser,
      secretKey: this.s.minio.rootPassword,
      bucket: this.s.minio.bucket,
    });
  }

  async start(): Promise<void> {
    const dir = path.join(this.s.dataDir, 'minio');
    fs.mkdirSync(dir, { recursive: true });
    const { minio, ports } = this.s;
    this.proc = new ManagedProcess(
      {
        name: this.name,
        command: this.bin,
        args: ['server', dir, '--address', `127.0.0.1:${ports.minio}`, '--console-address', `127.0.0.1:${ports.minioConsole}`, '--quiet'],
        env: {
          ...process.env,
          [STACK_MARKER_ENV]: this.s.dataDir,
          MINIO_ROOT_USER: minio.rootUser,
          MINIO_ROOT_PASSWORD: minio.rootPassword,
          MINIO_UPDATE: 'off',
          MINIO_CALLHOME_ENABLE: 'off',
        },
        logFile: this.logFile,
        graceMs: 10_000,
      },
      this.onExit,
    );
    this.proc.start();
    const proc = this.proc;
    await readyOrStopped(proc, this.logFile, async () => {
      const opts = { timeoutMs: this.s.readyTimeoutMs, alive: () => proc.running };
      await waitUntil('minio', () => httpOk(`${this.endpoint}/minio/health/live`), opts);
      // live != ready to serve S3 calls on a fresh drive: retry the bucket call until it sticks
      const store = this.store();
      await waitUntil(
        'minio bucket',
        async () => {
          await store.ensureBucket();
          return true;
        },
        { ...opts, intervalMs: 500 },
      );
    });
  }

  async stop(): Promise<void> {
    await this.proc?.stop();
  }
}
