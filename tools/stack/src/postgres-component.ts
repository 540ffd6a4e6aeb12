import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createDb } from '@rp/db';
import { ManagedProcess, delay, tailFile, tcpOpen, waitUntil, type Component, type ExitInfo } from './managed-process';
import { STACK_MARKER_ENV, type StackSettings } from './profiles';

export const DATABASE_NAME = 'render';

interface RunAs {
  uid: number;
  gid: number;
}

/** initdb/postgres refuse to run as root: under uid 0 they run as the `postgres` system user. */
export function postgresRunAs(passwd = '/etc/passwd'): RunAs | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const line = fs
    .readFileSync(passwd, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('postgres:'));
  if (!line) throw new Error('running as root but there is no "postgres" system user: run npm run setup');
  const [, , uid, gid] = line.split(':');
  return { uid: Number(uid), gid: Number(gid) };
}

/** Whether `who` can reach `dir` (x bit on every ancestor), without spawning anything. */
export function canTraverse(dir: string, who: RunAs): boolean {
  let cur = path.resolve(dir);
  for (;;) {
    const st = fs.statSync(cur, { throwIfNoEntry: false }); // not created yet: its parent decides
    if (st) {
      const ok = st.uid === who.uid ? st.mode & 0o100 : st.gid === who.gid ? st.mode & 0o010 : st.mode & 0o001;
      if (!ok) return false;
    }
    const parent = path.dirname(cur);
    if (parent === cur) return true;
    cur = parent;
  }
}

function run(cmd: string, args: string[], runAs: RunAs | undefined, logFile: string): Promise<void> {
  return new Promise((resolve, reject) => {
    execFile(cmd, args, { uid: runAs?.uid, gid: runAs?.gid, env: { ...process.env, LC_ALL: 'C.UTF-8' } }, (err, stdout, stderr) => {
      fs.appendFileSync(logFile, `${stdout}${stderr}`);
      if (err) reject(new Error(`${path.basename(cmd)} failed: ${stderr.trim() || err.message}`));
      else resolve();
    });
  });
}

export class PostgresComponent implements Component {
  readonly name = 'postgres';
  proc: ManagedProcess | null = null;
  private readonly runAs = postgresRunAs();
  readonly baseDir: string;
  readonly pgData: string;
  readonly socketDir: string;
  private readonly logFile: string;

  constructor(
    private readonly s: StackSettings,
    private readonly bins: { initdb: string; postgres: string },
    private readonly onExit: (p: ManagedProcess, info: ExitInfo) => void,
    private readonly log: (msg: string) => void,
  ) {
    let base = path.join(s.dataDir, 'postgres');
    if (this.runAs && !canTraverse(base, this.runAs)) {
      // e.g. a repo under /root (0700): the postgres user cannot reach it, so keep the cluster in tmp
      base = path.join(os.tmpdir(), `rp-stack-pg-${crypto.createHash('sha1').update(s.dataDir).digest('hex').slice(0, 10)}`);
      this.log(`postgres user cannot reach ${s.dataDir}; keeping the cluster in ${base}`);
    }
    this.baseDir = base;
    this.pgData = path.join(base, 'data');
    // unix socket paths are limited to ~107 bytes
    this.socketDir = path.join(base, 'socket').length < 80 ? path.join(base, 'socket') : fs.mkdtempSync(path.join(os.tmpdir(), 'rp-pg-'));
    this.logFile = path.join(s.logsDir, 'postgres.log');
  }

  get adminUrl(): string {
    return `postgres://postgres@127.0.0.1:${this.s.ports.postgres}/postgres`;
  }

  get databaseUrl(): string {
    return `postgres://postgres@127.0.0.1:${this.s.ports.postgres}/${DATABASE_NAME}`;
  }

  private chown(dir: string) {
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
    if (this.runAs) fs.chownSync(dir, this.runAs.uid, this.runAs.gid);
  }

  private async initIfNeeded(): Promise<void> {
    if (fs.existsSync(path.join(this.pgData, 'PG_VERSION'))) return;
    fs.mkdirSync(this.baseDir, { recursive: true });
    fs.rmSync(this.pgData, { recursive: true, force: true });
    this.chown(this.baseDir);
    this.chown(this.pgData);
    this.log('postgres: initdb');
    const args = ['-D', this.pgData, '-U', 'postgres', '-E', 'UTF8', '--locale=C', '--auth=trust'];
    if (this.s.durability === 'fast') args.push('--no-sync');
    await run(this.bins.initdb, args, this.runAs, this.logFile);
    // trust, but only over the unix socket and loopback TCP (postgres listens on 127.0.0.1 only)
    const hba = ['local all all trust', 'host all all 127.0.0.1/32 trust', ''].join('\n');
    fs.writeFileSync(path.join(this.pgData, 'pg_hba.conf'), hba);
    if (this.runAs) fs.chownSync(path.join(this.pgData, 'pg_hba.conf'), this.runAs.uid, this.runAs.gid);
  }

  private args(): string[] {
    const c = (kv: string) => ['-c', kv];
    const args = ['-D', this.pgData, '-p', String(this.s.ports.postgres), '-k', this.socketDir, '-h', '127.0.0.1'];
    args.push(...c(`max_connections=${this.s.temporalMode === 'cluster' ? 300 : 200}`), ...c('shared_buffers=128MB'), ...c('log_min_messages=warning'));
    if (this.s.durability === 'fast') {
      args.push(...c('fsync=off'), ...c('synchronous_commit=off'), ...c('full_page_writes=off'));
    }
    return args;
  }

  async start(): Promise<void> {
    await this.initIfNeeded();
    this.chown(this.socketDir);
    // after a SIGKILL, orphaned backends can hold the old shared memory for a moment: retry a few times
    for (let attempt = 1; ; attempt++) {
      this.proc = new ManagedProcess(
        {
          name: this.name,
          command: this.bins.postgres,
          args: this.args(),
          env: { ...process.env, LC_ALL: 'C.UTF-8', [STACK_MARKER_ENV]: this.s.dataDir },
          logFile: this.logFile,
          uid: this.runAs?.uid,
          gid: this.runAs?.gid,
          stopSignal: 'SIGINT',
          graceMs: 30_000,
        },
        this.onExit,
      );
      this.proc.start();
      try {
        await this.waitReady();
        break;
      } catch (e) {
        if (this.proc.running || attempt >= 5) {
          await this.proc.stop();
          throw new Error(`${(e as Error).message}\n--- ${this.logFile} ---\n${tailFile(this.logFile)}`);
        }
        await delay(1000 * attempt);
      }
    }
    await this.ensureDatabase();
  }

  private async waitReady(): Promise<void> {
    const db = createDb(this.adminUrl, { poolMax: 1 });
    try {
      const proc = this.proc;
      await waitUntil(
        'postgres',
        async () => {
          // knex logs every refused connection: only ask once the port is open
          if (!(await tcpOpen(this.s.ports.postgres))) return false;
          await db.raw('select 1');
          return true;
        },
        { timeoutMs: this.s.readyTimeoutMs, intervalMs: 200, alive: () => !!proc?.running },
      );
    } finally {
      await db.destroy();
    }
  }

  private async ensureDatabase(): Promise<void> {
    const db = createDb(this.adminUrl, { poolMax: 1 });
    try {
      const { rows } = await db.raw('select 1 from pg_database where datname = ?', [DATABASE_NAME]);
      if (rows.length === 0) await db.raw(`create database ${DATABASE_NAME} encoding 'UTF8'`);
    } finally {
      await db.destroy();
    }
  }

  async stop(): Promise<void> {
    await this.proc?.stop();
  }
}
